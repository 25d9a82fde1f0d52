/**
 * Domain types that cross stage boundaries. Each stage keeps its own input/result types beside it;
 * only what several stages share lives here.
 */

/** The format a document was read as. */
export type DocumentFormat = 'pdf' | 'docx' | 'txt';

/** One page of extracted text, exactly as indexed: chunk spans and golden quotes refer to these characters. */
export interface ExtractedPage {
  /** 1-based page number. DOCX and TXT documents have a single page 1 holding the whole text. */
  page: number;
  text: string;
  /** The text was recognised from the page's image (OCR), not read from its text layer; absent otherwise. */
  ocr?: true;
}

/** A heading found by the extractor (DOCX headings, for example), by character offset in its page. */
export interface ExtractedHeading {
  page: number;
  offset: number;
  level: number;
  text: string;
}

/** A document read successfully. */
export interface ExtractedDocument {
  format: DocumentFormat;
  pages: ExtractedPage[];
  /** Headings the format marks explicitly (DOCX); PDF and TXT headings are detected by the chunker. */
  headings: ExtractedHeading[];
  /** Lines that could not be decoded or pages that were blank, for the ingest summary. */
  warnings: string[];
  /** PDF pages OCR was needed for and failed on (listed in `warnings`); absent when none. */
  ocrFailedPages?: number[];
}

/** Why a document was skipped instead of indexed. */
/**
 * Why a file is not indexed: `unreadable` (permissions or I/O, a file or a folder), `too_large`
 * (over `ingest.maxFileBytes`) and `symlink` (links are not followed) are found before extraction.
 */
export type SkipReason = 'no_text_layer' | 'unreadable_text' | 'encrypted' | 'corrupt' | 'empty' | 'unsupported' | 'unreadable' | 'too_large' | 'symlink';

/** What extraction of one file gave: a document, or a reason it cannot be indexed. Never thrown. */
export type ExtractionOutcome =
  | { status: 'extracted'; document: ExtractedDocument }
  | { status: 'skipped'; reason: SkipReason; message: string; page?: number };

/** A character span `[start, end)` in a page's extracted text. */
export interface Span {
  start: number;
  end: number;
}

/** A section-aware piece of a document: the unit of retrieval, ranking and citation. */
export interface Chunk {
  /** Stable id: derived from the document's content hash and the chunk's position. */
  chunkId: string;
  /** Path of the document relative to the source root, with `/` separators. */
  doc: string;
  source: string;
  /** sha256 of the document's bytes. */
  docHash: string;
  /** 0-based position of the chunk in its document. */
  ordinal: number;
  pageStart: number;
  pageEnd: number;
  /** The topic the chunk sits under and its nearest heading, `CME Term SOFR › Category 2 – …` (see `chunkSections`); '' when none. */
  sectionHeading: string;
  /** Span in the extracted text of `pageStart` (chunks do not cross pages): `text === page.text.slice(span.start, span.end)`. */
  span: Span;
  text: string;
  /** cl100k_base token count of `text`. */
  tokenCount: number;
  isDefinitions: boolean;
  /** `prose`, `table` (fee rows and similar) or `definitions` — how the chunker saw the block. */
  kind: 'prose' | 'table' | 'definitions';
}

/** One entry of the definitions index: a defined term and where it is defined. */
export interface DefinitionEntry {
  /** The term as written (`Unit of Count`). */
  term: string;
  /** Lowercased, whitespace-collapsed term used for lookups. */
  key: string;
  definition: string;
  chunkId: string;
  doc: string;
  page: number;
  source: string;
}
