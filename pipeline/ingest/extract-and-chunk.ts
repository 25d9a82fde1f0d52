import { chunkSections } from '../chunk/index.ts';
import { extractDocument } from '../extract/index.ts';
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
}

/** The chunks of a document read successfully, or why it was skipped; never thrown. */
export type ChunkedDocument =
  | { status: 'chunked'; format: DocumentFormat; pages: number; chunks: Chunk[] }
  | { status: 'skipped'; reason: SkipReason; message: string };

/**
 * Extracts one document and cuts it into chunks. Only the chunks leave this step: the extracted
 * text of the document is dropped here, so an ingest never holds more than a batch of documents.
 */
export async function extractAndChunk(task: ExtractAndChunkTask): Promise<ChunkedDocument> {
  const outcome = await extractDocument(task.absolutePath);
  if (outcome.status === 'skipped') return { status: 'skipped', reason: outcome.reason, message: outcome.message };
  const chunks = chunkSections({
    document: outcome.document,
    doc: task.relativePath,
    source: task.source,
    docHash: task.sha256,
    maxTokens: task.maxTokens,
    minTokens: task.minTokens,
  });
  return { status: 'chunked', format: outcome.document.format, pages: outcome.document.pages.length, chunks };
}
