/**
 * Decides what becomes of a PDF's pages once their text is read (from the text layer or by OCR):
 * the document, with warnings, or the reason it is skipped. Private to the extract folder.
 */
import type { ExtractedPage, ExtractionOutcome, SkipReason } from '../types.ts';
import type { Readability } from './measure-readability.ts';

/** A page with fewer words than this counts as having no text (blank, scanned, or text drawn as shapes). */
export const MINIMUM_WORDS_PER_PAGE = 10;
/**
 * Share of word-like tokens under which a text layer counts as unreadable. Measured on the 34 CME
 * PDFs: the readable documents score 0.946–1.000 (single pages down to 0.844, on ticker-heavy fee
 * tables); the two whose Type 3 fonts have no Unicode map score 0.065 and 0.139 (no page above 0.33).
 */
export const MINIMUM_READABILITY = 0.5;
/** Pages with fewer judged tokens than this are too short for their own readability score to mean much. */
const MINIMUM_TOKENS_FOR_PAGE_SCORE = 20;
const OCR_HINT = 'OCR the PDF or provide a text version';

/** A page with the readability of its text. */
export interface MeasuredPage extends ExtractedPage {
  readability: Readability;
}

/** How the pages were read, for the reports of `assessPages`. */
export interface AssessmentContext {
  /** The readability sample already passed `checkReadability` (the document is not noise). */
  sampleDecided: boolean;
  /** Why OCR could not help (tesseract missing, …): added to a skip's message. */
  ocrUnavailable?: string | undefined;
  /** OCR was run on the pages without usable text (a page still blank is really blank). */
  ocrTried?: boolean;
  /** Pages OCR failed on, with what to do: reported as such, and not counted as pages without text. */
  failures?: ReadonlyMap<number, string>;
}

/** The page lacks a text layer: fewer than `MINIMUM_WORDS_PER_PAGE` words. */
export function isTextless(page: MeasuredPage): boolean {
  return page.readability.wordCount < MINIMUM_WORDS_PER_PAGE;
}

/** The page's own text is long enough to judge and decodes to noise. */
export function isNoise(page: MeasuredPage): boolean {
  return page.readability.judgedCount >= MINIMUM_TOKENS_FOR_PAGE_SCORE && page.readability.score < MINIMUM_READABILITY;
}

/** `unreadable_text` when under half of the judged tokens of `pages` look like words. */
export function checkReadability(pages: readonly MeasuredPage[], ocrUnavailable?: string): ExtractionOutcome | undefined {
  const judged = sum(pages, 'judgedCount');
  const score = judged === 0 ? 1 : sum(pages, 'wordlikeCount') / judged;
  if (score >= MINIMUM_READABILITY) return undefined;
  const first = pages.find((page) => page.readability.judgedCount > 0 && page.readability.score < MINIMUM_READABILITY);
  return {
    status: 'skipped',
    reason: 'unreadable_text',
    message: `the text layer decodes to noise, not words: ${Math.round(score * 100)}% of the ${judged} tokens on ${describePages(pages.map((page) => page.page))} look like words (fonts without a Unicode map do this); ${hint(ocrUnavailable)}`,
    page: first?.page ?? 1,
  };
}

/**
 * Skips a PDF when more than half of its pages (those OCR failed on aside) hold fewer than 10 words
 * (`no_text_layer`) or, unless `sampleDecided`, when its text is noise (`unreadable_text`);
 * otherwise returns the document, with blank pages and pages OCR failed on listed in `warnings`, and
 * pages whose text decodes to noise emptied (with a warning) rather than indexed.
 */
export function assessPages(pages: readonly MeasuredPage[], context: AssessmentContext): ExtractionOutcome {
  if (pages.length === 0) return skipped('no_text_layer', 'the PDF has no pages; export the document to PDF again');
  const failures = context.failures ?? new Map<number, string>();
  const counted = pages.filter((page) => !failures.has(page.page));
  if (counted.length === 0) {
    const [firstPage, firstMessage] = [...failures][0]!;
    const more = failures.size > 1 ? ` (and ${failures.size - 1} more ${failures.size === 2 ? 'page' : 'pages'}: ${describePages([...failures.keys()].slice(1))})` : '';
    const reason: SkipReason = checkReadability(pages) === undefined ? 'no_text_layer' : 'unreadable_text';
    return { status: 'skipped', reason, message: `OCR failed on every page it was needed for: ${firstMessage}${more}`, page: firstPage };
  }
  const textless = counted.filter(isTextless);
  if (textless.length * 2 > counted.length) {
    const words = sum(textless, 'wordCount');
    const count = textless.length;
    const found = context.ocrTried ? `, and OCR found none on ${count === 1 ? 'it' : 'them'}; check that the pages are not blank or images without text` : `; ${hint(context.ocrUnavailable)}`;
    return {
      status: 'skipped',
      reason: 'no_text_layer',
      message: `${describePages(textless.map((page) => page.page))} of ${pages.length} ${count === 1 ? 'has' : 'have'} no text layer (${words} ${words === 1 ? 'word' : 'words'} on ${count} ${count === 1 ? 'page' : 'pages'})${found}`,
      page: (textless[0] as MeasuredPage).page,
    };
  }
  if (!context.sampleDecided) {
    const unreadable = checkReadability(counted, context.ocrUnavailable);
    if (unreadable !== undefined) return unreadable;
  }

  const warnings: string[] = [];
  const extracted = pages.map(({ page, text, readability, ocr }): ExtractedPage => {
    const failure = failures.get(page);
    if (failure !== undefined) {
      warnings.push(failure);
      return { page, text };
    }
    if (readability.wordCount === 0) {
      warnings.push(context.ocrTried ? `page ${page} is blank (no text, and OCR found none)` : `page ${page} is blank (no text); if it holds a scanned image, OCR the PDF`);
    } else if (isNoise({ page, text, readability })) {
      warnings.push(
        `page ${page} was left out: its ${ocr ? 'recognised ' : ''}text decodes to noise (${Math.round(readability.score * 100)}% of ${readability.judgedCount} tokens look like words); ${ocr ? 'check the page image' : 'OCR that page'}`,
      );
      return { page, text: '' };
    }
    return ocr ? { page, text, ocr } : { page, text };
  });
  const document = { format: 'pdf' as const, pages: extracted, headings: [], warnings };
  return { status: 'extracted', document: failures.size > 0 ? { ...document, ocrFailedPages: [...failures.keys()] } : document };
}

/** `page 3`, `pages 1–2`, `pages 1–3, 5, 7–9`. */
export function describePages(numbers: readonly number[]): string {
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

/** The total of one readability count over `pages`. */
export function sum(pages: readonly MeasuredPage[], field: 'wordCount' | 'judgedCount' | 'wordlikeCount'): number {
  return pages.reduce((total, page) => total + page.readability[field], 0);
}

function hint(ocrUnavailable: string | undefined): string {
  return ocrUnavailable === undefined ? OCR_HINT : `OCR is unavailable: ${ocrUnavailable}`;
}

function skipped(reason: SkipReason, message: string): ExtractionOutcome {
  return { status: 'skipped', reason, message };
}
