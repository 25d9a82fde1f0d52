import type { PlacedText } from './rebuild-lines.ts';

/** What recognising the pages of one PDF gave. */
export type PageOcrOutcome =
  /** The OCR tools are missing or unusable: nothing was recognised. `message` says what to install. */
  | { status: 'unavailable'; message: string }
  | { status: 'recognised'; pages: Map<number, RecognisedPage> };

/** One page: its words placed on the page (PDF points, y upwards), or why it could not be recognised. */
export type RecognisedPage =
  | { status: 'recognised'; words: PlacedText[]; /** The result came from the cache, not from a new recognition. */ cached: boolean }
  | { status: 'failed'; /** What went wrong, what the tool said, and what to do. */ message: string };

/**
 * Optical character recognition of PDF pages, for pages without a usable text layer. One instance
 * serves a whole ingest: it bounds how many pages are recognised at once across all documents.
 */
export interface PageOcr {
  /** Names the engine, its version and settings (`tesseract 5.3.0 eng page segmentation mode 3 300 dpi`), or why it is unavailable. */
  describe(): Promise<string>;
  /** Recognises `pages` (1-based) of the PDF `pdf`; a page that fails is reported and the others are kept. Never throws for a bad page. */
  recognise(pdf: Uint8Array, pages: readonly number[]): Promise<PageOcrOutcome>;
}
