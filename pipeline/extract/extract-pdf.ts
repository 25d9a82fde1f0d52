import { createRequire } from 'node:module';
import path from 'node:path';
// Order matters: the snapshot of the built-ins is taken before pdfjs (and its core-js) loads, and
// the worker is loaded up front (it sets `globalThis.pdfjsWorker`, which pdfjs then runs in this
// thread) so that no polyfill arrives after `restoreBuiltins` has run.
import { restoreBuiltins } from './preserve-builtins.ts';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import type { ExtractedPage, ExtractionOutcome, SkipReason } from '../types.ts';
import { measureReadability, type Readability } from './measure-readability.ts';
import { rebuildLines } from './rebuild-lines.ts';

restoreBuiltins();

/** A page with fewer words than this counts as having no text (blank, scanned, or text drawn as shapes). */
export const MINIMUM_WORDS_PER_PAGE = 10;
/**
 * Share of word-like tokens under which a text layer counts as unreadable. Measured on the 34 CME
 * PDFs: the readable documents score 0.946–1.000 (single pages down to 0.844, on ticker-heavy fee
 * tables); the two whose Type 3 fonts have no Unicode map score 0.065 and 0.139 (no page above 0.33).
 */
export const MINIMUM_READABILITY = 0.5;
/**
 * Judged tokens read, from the first page on, before the document's readability is decided. A
 * sample, so that a long document whose text is noise is rejected after a page or two instead of
 * being read to the end (the garbled CME appendix takes as long to read as a dozen clean files).
 */
export const READABILITY_SAMPLE_TOKENS = 100;
/** Pages with fewer judged tokens than this are too short for their own readability score to mean much. */
const MINIMUM_TOKENS_FOR_PAGE_SCORE = 20;

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** Acrobat looks for `%%EOF` in the last 1024 bytes; the PDF specification's implementation notes allow that much trailing junk. */
const TRAILER_WINDOW = 1024;
const OCR_HINT = 'OCR the PDF or provide a text version';

type Outcome = ExtractionOutcome;
interface MeasuredPage extends ExtractedPage {
  readability: Readability;
}

/**
 * Extracts the text of a PDF page by page (1-based), one rebuilt line per row of text: table
 * cells joined with ` | `, superscript footnote markers dropped. Skips the file, with a reason and
 * what to do, when it is empty (`empty`), truncated or not a PDF (`corrupt`), password-protected
 * (`encrypted`), when more than half its pages hold fewer than 10 words (`no_text_layer`), or when
 * under half of its first 100 word tokens look like words (`unreadable_text`, what fonts without a
 * Unicode map give). In a document it extracts, blank pages are listed in `warnings`, and a page
 * whose own text decodes to noise is emptied, with a warning, rather than indexed.
 */
export async function extractPdf(bytes: Uint8Array): Promise<Outcome> {
  if (bytes.length === 0) return skipped('empty', 'the file is empty (0 bytes); export the PDF again');
  const structureProblem = checkStructure(bytes);
  if (structureProblem !== undefined) return skipped('corrupt', structureProblem);

  const loadingTask = getDocument({
    // pdfjs transfers the buffer it is given to its (in-process) worker: pass a copy so the
    // caller's bytes stay usable, for hashing for example.
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
    cMapUrl: `${PDFJS_ROOT}/cmaps/`,
    cMapPacked: true,
  });
  try {
    let document;
    try {
      document = await loadingTask.promise;
    } catch (error) {
      return classifyLoadError(error);
    }
    const pages: MeasuredPage[] = [];
    let sampleDecided = false;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      let text: string;
      try {
        const page = await document.getPage(pageNumber);
        const content = await page.getTextContent();
        const placed = content.items.flatMap((item) =>
          'str' in item ? [{ text: item.str, transform: item.transform as number[], width: item.width }] : [],
        );
        text = rebuildLines(placed).join('\n');
        page.cleanup();
      } catch (error) {
        return {
          status: 'skipped',
          reason: 'corrupt',
          message: `page ${pageNumber} cannot be read (${describeError(error)}); repair the PDF (export or print it to PDF again) and ingest it again`,
          page: pageNumber,
        };
      }
      pages.push({ page: pageNumber, text, readability: measureReadability(text) });
      if (!sampleDecided && sum(pages, 'judgedCount') >= READABILITY_SAMPLE_TOKENS) {
        sampleDecided = true;
        const unreadable = checkReadability(pages);
        if (unreadable !== undefined) return unreadable;
      }
    }
    return assessPages(pages, sampleDecided);
  } finally {
    await loadingTask.destroy();
  }
}

/**
 * pdfjs recovers what it can from a damaged file, so a PDF cut short still yields the text of its
 * first pages, with no error. Indexing that would silently answer from part of a document, so a
 * file without its end-of-file marker is reported as corrupt instead.
 */
function checkStructure(bytes: Uint8Array): string | undefined {
  const head = latin1(bytes.subarray(0, TRAILER_WINDOW));
  if (!head.includes('%PDF-')) {
    return 'the file is not a PDF (no %PDF- header in its first 1024 bytes); check the file type or export it to PDF again';
  }
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - TRAILER_WINDOW)));
  if (!tail.includes('%%EOF') || !tail.includes('startxref')) {
    return `the PDF is truncated (no startxref and %%EOF in its last ${TRAILER_WINDOW} bytes, ${bytes.length} bytes in all); download or copy the file again`;
  }
  return undefined;
}

function classifyLoadError(error: unknown): Outcome {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return skipped('encrypted', 'the PDF is password-protected; provide a copy without a password');
  }
  return skipped('corrupt', `the PDF cannot be opened (${describeError(error)}); repair it or export it to PDF again`);
}

/** `unreadable_text` when under half of the judged tokens of `pages` look like words. */
function checkReadability(pages: readonly MeasuredPage[]): Outcome | undefined {
  const judged = sum(pages, 'judgedCount');
  const score = judged === 0 ? 1 : sum(pages, 'wordlikeCount') / judged;
  if (score >= MINIMUM_READABILITY) return undefined;
  const first = pages.find((page) => page.readability.judgedCount > 0 && page.readability.score < MINIMUM_READABILITY);
  return {
    status: 'skipped',
    reason: 'unreadable_text',
    message: `the text layer decodes to noise, not words: ${Math.round(score * 100)}% of the ${judged} tokens on ${describePages(pages.map((page) => page.page))} look like words (fonts without a Unicode map do this); ${OCR_HINT}`,
    page: first?.page ?? 1,
  };
}

function assessPages(pages: readonly MeasuredPage[], sampleDecided: boolean): Outcome {
  if (pages.length === 0) return skipped('no_text_layer', 'the PDF has no pages; export the document to PDF again');
  const textless = pages.filter((page) => page.readability.wordCount < MINIMUM_WORDS_PER_PAGE);
  if (textless.length * 2 > pages.length) {
    const words = sum(textless, 'wordCount');
    const count = textless.length;
    return {
      status: 'skipped',
      reason: 'no_text_layer',
      message: `${describePages(textless.map((page) => page.page))} of ${pages.length} ${count === 1 ? 'has' : 'have'} no text layer (${words} ${words === 1 ? 'word' : 'words'} on ${count} ${count === 1 ? 'page' : 'pages'}); ${OCR_HINT}`,
      page: (textless[0] as MeasuredPage).page,
    };
  }
  if (!sampleDecided) {
    const unreadable = checkReadability(pages);
    if (unreadable !== undefined) return unreadable;
  }

  const warnings: string[] = [];
  const extracted = pages.map(({ page, text, readability }): ExtractedPage => {
    if (readability.wordCount === 0) {
      warnings.push(`page ${page} is blank (no text); if it holds a scanned image, OCR the PDF`);
    } else if (readability.judgedCount >= MINIMUM_TOKENS_FOR_PAGE_SCORE && readability.score < MINIMUM_READABILITY) {
      warnings.push(
        `page ${page} was left out: its text decodes to noise (${Math.round(readability.score * 100)}% of ${readability.judgedCount} tokens look like words); OCR that page`,
      );
      return { page, text: '' };
    }
    return { page, text };
  });
  return { status: 'extracted', document: { format: 'pdf', pages: extracted, headings: [], warnings } };
}

/** `page 3`, `pages 1–2`, `pages 1–3, 5, 7–9`. */
function describePages(numbers: readonly number[]): string {
  const ranges: string[] = [];
  let index = 0;
  while (index < numbers.length) {
    const start = numbers[index] as number;
    let end = start;
    while (numbers[index + 1] === end + 1) {
      end += 1;
      index += 1;
    }
    ranges.push(end === start ? `${start}` : `${start}–${end}`);
    index += 1;
  }
  return `${numbers.length === 1 ? 'page' : 'pages'} ${ranges.join(', ')}`;
}

function sum(pages: readonly MeasuredPage[], field: 'wordCount' | 'judgedCount' | 'wordlikeCount'): number {
  return pages.reduce((total, page) => total + page.readability[field], 0);
}

function skipped(reason: SkipReason, message: string): Outcome {
  return { status: 'skipped', reason, message };
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
