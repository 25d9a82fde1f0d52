import path from 'node:path';
import { chunkSections } from '../chunk/index.ts';
import { createTesseractOcr, extractDocument, type PageOcr } from '../extract/index.ts';
import type { Chunk, DocumentFormat, SkipReason } from '../types.ts';

/** One document to read and cut into chunks (plain data: it crosses to a worker thread). */
export interface ExtractAndChunkTask {
  absolutePath: string;
  /** Path relative to the source root, `/` separators. */
  relativePath: string;
  source: string;
  sha256: string;
  maxTokens: number;
  minTokens: number;
  /**
   * OCR of pages without a usable text layer: the tesseract command line on this thread's PATH, its
   * recognised pages cached in `cacheDir`; absent: no OCR.
   */
  ocr?: { cacheDir: string } | undefined;
}

/** The chunks of a document read successfully, or why it was skipped; never thrown. */
export type ChunkedDocument =
  | {
      status: 'chunked';
      format: DocumentFormat;
      pages: number;
      chunks: Chunk[];
      /** Pages whose text OCR recognised (1-based). */
      ocrPages: number[];
      /** Pages OCR was needed for and failed on. */
      ocrFailedPages: number[];
      /** What extraction noted: blank pages, pages left out, pages OCR failed on. */
      warnings: string[];
    }
  | { status: 'skipped'; reason: SkipReason; message: string };

/** One tesseract runner per thread and cache folder: its pool bounds the pages recognised at once. */
const tesseractByCache = new Map<string, PageOcr>();

/**
 * Extracts one document and cuts it into chunks. Only the chunks leave this step: the extracted
 * text of the document is dropped here, so an ingest never holds more than a batch of documents.
 * `ocr` (on the calling thread only) replaces the task's tesseract, e.g. in tests.
 */
export async function extractAndChunk(task: ExtractAndChunkTask, ocr?: PageOcr): Promise<ChunkedDocument> {
  const pageOcr = ocr ?? tesseractFor(task.ocr);
  const outcome = await extractDocument(task.absolutePath, pageOcr === undefined ? {} : { ocr: pageOcr });
  if (outcome.status === 'skipped') return { status: 'skipped', reason: outcome.reason, message: outcome.message };
  const { document } = outcome;
  const chunks = chunkSections({
    document,
    doc: task.relativePath,
    source: task.source,
    docHash: task.sha256,
    maxTokens: task.maxTokens,
    minTokens: task.minTokens,
  });
  return {
    status: 'chunked',
    format: document.format,
    pages: document.pages.length,
    chunks,
    ocrPages: document.pages.flatMap((page) => (page.ocr ? [page.page] : [])),
    ocrFailedPages: document.ocrFailedPages ?? [],
    warnings: document.warnings,
  };
}

function tesseractFor(options: ExtractAndChunkTask['ocr']): PageOcr | undefined {
  if (options === undefined) return undefined;
  const cacheDir = path.resolve(options.cacheDir);
  let ocr = tesseractByCache.get(cacheDir);
  if (ocr === undefined) {
    ocr = createTesseractOcr({ env: process.env, cacheDir });
    tesseractByCache.set(cacheDir, ocr);
  }
  return ocr;
}
