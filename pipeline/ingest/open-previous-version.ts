import { CHUNKER_VERSION } from '../chunk/index.ts';
import { isClausegateError } from '../errors.ts';
import type { EmbedderInfo } from '../providers/embedder.ts';
import { openDocumentChunkReader, readIndexManifest, type DocumentChunkReader, type IndexStore } from '../store/index.ts';
import type { DocumentFormat } from '../types.ts';

/** What the current version says of a document the new version may reuse as it is. */
export interface ReusableDocument {
  format: DocumentFormat;
  pages: number;
  chunks: number;
  /** Pages recognised by OCR, carried over to the new version's manifest. */
  ocrPages?: number[] | undefined;
}

/** The current version of the index, for reuse: its indexed documents by sha256, and a reader of their chunks. */
export interface PreviousVersion {
  reusable: Map<string, ReusableDocument>;
  reader: DocumentChunkReader;
}

/**
 * Opens the current version of `source`'s index for reuse when it was built with the same embedder
 * and chunker: only its manifest is read up front; chunks and vectors are read per batch of
 * documents. A missing, damaged or incompatible index simply means nothing is reused.
 */
export async function openPreviousVersion(indexDir: string | IndexStore, source: string, embedder: EmbedderInfo): Promise<PreviousVersion | undefined> {
  let current: Awaited<ReturnType<typeof readIndexManifest>>;
  try {
    current = await readIndexManifest(indexDir, source);
  } catch (error) {
    if (isClausegateError(error)) return undefined;
    throw error;
  }
  const { manifest, versionDir, store } = current;
  const stored = manifest.embedder;
  const sameEmbedder = stored.name === embedder.name && stored.model === embedder.model && stored.dimensions === embedder.dimensions && stored.version === embedder.version;
  if (!sameEmbedder || manifest.chunkerVersion !== CHUNKER_VERSION) return undefined;
  let reader: DocumentChunkReader;
  try {
    reader = await openDocumentChunkReader(store.database(versionDir), stored.dimensions);
  } catch {
    // A damaged table: rebuild everything rather than fail the ingest that would repair it.
    return undefined;
  }
  const reusable = new Map<string, ReusableDocument>();
  for (const document of manifest.documents) {
    if (document.status !== 'indexed' || document.format === undefined || document.sha256 === undefined) continue;
    // Pages OCR failed on are retried: the document is extracted again.
    if ((document.ocrFailedPages ?? []).length > 0) continue;
    reusable.set(document.sha256, { format: document.format, pages: document.pages, chunks: document.chunks, ocrPages: document.ocrPages });
  }
  return { reusable, reader };
}
