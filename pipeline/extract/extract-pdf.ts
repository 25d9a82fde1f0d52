import { createRequire } from 'node:module';
import path from 'node:path';
// Order matters: the snapshot of the built-ins is taken before pdfjs (and its core-js) loads, and
// the worker is loaded up front (it sets `globalThis.pdfjsWorker`, which pdfjs then runs in this
// thread) so that no polyfill arrives after `restoreBuiltins` has run.
import { restoreBuiltins } from './preserve-builtins.ts';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import type { ExtractionOutcome, SkipReason } from '../types.ts';
import { assessPages, checkReadability, sum, type MeasuredPage } from './assess-pages.ts';
import { measureReadability } from './measure-readability.ts';
import type { PageOcr } from './page-ocr.ts';
import { rebuildLines } from './rebuild-lines.ts';
import { recognisePages } from './recognise-pages.ts';

restoreBuiltins();

export { MINIMUM_READABILITY, MINIMUM_WORDS_PER_PAGE } from './assess-pages.ts';

/**
 * Judged tokens read, from the first page on, before the document's readability is decided. A
 * sample, so that a long document whose text is noise is rejected after a page or two instead of
 * being read to the end (the garbled CME appendix takes as long to read as a dozen clean files).
 */
export const READABILITY_SAMPLE_TOKENS = 100;

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** Acrobat looks for `%%EOF` in the last 1024 bytes; the PDF specification's implementation notes allow that much trailing junk. */
const TRAILER_WINDOW = 1024;

type Outcome = ExtractionOutcome;

/** Options of `extractPdf`. */
export interface ExtractPdfOptions {
  /**
   * Recognises pages without a usable text layer. Without it (the default) such pages are reported
   * as before: a document mostly without text is skipped (`no_text_layer`, `unreadable_text`).
   */
  ocr?: PageOcr | undefined;
}

/**
 * Extracts the text of a PDF page by page (1-based), one rebuilt line per row of text: table
 * cells joined with ` | `, superscript footnote markers dropped. Skips the file, with a reason and
 * what to do, when it is empty (`empty`), truncated or not a PDF (`corrupt`), password-protected
 * (`encrypted`), when more than half its pages hold fewer than 10 words (`no_text_layer`), or when
 * under half of its first 100 word tokens look like words (`unreadable_text`, what fonts without a
 * Unicode map give). In a document it extracts, blank pages are listed in `warnings`, and a page
 * whose own text decodes to noise is emptied, with a warning, rather than indexed.
 *
 * With `options.ocr`, pages under 10 words and pages whose text decodes to noise (every page, when
 * the document's text does) are recognised instead, marked `ocr: true`, and only what OCR cannot
 * read is reported as above; a page OCR fails on is listed in `warnings` and the others are kept.
 */
export async function extractPdf(bytes: Uint8Array, options: ExtractPdfOptions = {}): Promise<Outcome> {
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
      // With OCR every page is read: the noise is recognised instead of rejected.
      if (options.ocr === undefined && !sampleDecided && sum(pages, 'judgedCount') >= READABILITY_SAMPLE_TOKENS) {
        sampleDecided = true;
        const unreadable = checkReadability(pages);
        if (unreadable !== undefined) return unreadable;
      }
    }
    if (options.ocr === undefined) return assessPages(pages, { sampleDecided });
    return recognisePages({ bytes, pages, ocr: options.ocr });
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

function skipped(reason: SkipReason, message: string): Outcome {
  return { status: 'skipped', reason, message };
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
