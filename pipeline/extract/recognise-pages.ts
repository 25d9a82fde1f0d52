/**
 * Replaces the text of pages without a usable text layer by what OCR recognises on them. Private to
 * the extract folder: `extractPdf` calls it when it is given a `PageOcr`.
 */
import type { ExtractionOutcome } from '../types.ts';
import { assessPages, checkReadability, isNoise, isTextless, type MeasuredPage } from './assess-pages.ts';
import { measureReadability } from './measure-readability.ts';
import type { PageOcr } from './page-ocr.ts';
import { rebuildLines } from './rebuild-lines.ts';

/** Input of `recognisePages`: the PDF's bytes, its pages as read from the text layer, and the OCR. */
export interface RecognisePagesInput {
  bytes: Uint8Array;
  pages: readonly MeasuredPage[];
  ocr: PageOcr;
}

/**
 * Recognises every page when the document's text layer decodes to noise, else the pages under 10
 * words and the pages whose own text is noise; recognised text goes through the same line rebuild
 * as a text layer (table cells joined with ` | `) and the page is marked `ocr: true`. A page under
 * 10 words keeps its text layer when OCR reads no more words on it. When OCR is unavailable the
 * pages are judged as without OCR, the reason added to a skip's message; a page OCR fails on keeps
 * no noise, is reported in `warnings`, and the other pages are kept.
 */
export async function recognisePages({ bytes, pages, ocr }: RecognisePagesInput): Promise<ExtractionOutcome> {
  const documentIsNoise = pages.length > 0 && checkReadability(pages) !== undefined;
  const wanted = pages.filter((page) => documentIsNoise || isTextless(page) || isNoise(page));
  if (wanted.length === 0) return assessPages(pages, { sampleDecided: false });
  const result = await ocr.recognise(bytes, wanted.map((page) => page.page));
  if (result.status === 'unavailable') return assessPages(pages, { sampleDecided: false, ocrUnavailable: result.message });

  const failures = new Map<number, string>();
  const merged = pages.map((page): MeasuredPage => {
    const recognised = result.pages.get(page.page);
    if (recognised === undefined) return page;
    const unusable = documentIsNoise || isNoise(page);
    if (recognised.status === 'failed') {
      failures.set(page.page, recognised.message);
      return unusable ? { page: page.page, text: '', readability: measureReadability('') } : page;
    }
    const text = rebuildLines(recognised.words).join('\n');
    const readability = measureReadability(text);
    if (!unusable && readability.wordCount <= page.readability.wordCount) return page;
    return { page: page.page, text, readability, ocr: true };
  });
  return assessPages(merged, { sampleDecided: false, ocrTried: true, failures });
}
