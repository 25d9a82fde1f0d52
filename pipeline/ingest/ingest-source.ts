import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ClausegateConfig } from '../config/config-schema.ts';
import { CHUNKER_VERSION } from '../chunk/index.ts';
import type { Embedder } from '../providers/embedder.ts';
import { acquireIndexLock, beginIndexWrite, isObjectStorageUri, type IndexManifestInput } from '../store/index.ts';
import type { DocumentFormat, SkipReason } from '../types.ts';
import { checkIndexShrink } from './check-index-shrink.ts';
import { describeDocuments } from './describe-documents.ts';
import type { PageOcr } from '../extract/index.ts';
import { createExtractionPool } from './create-extraction-pool.ts';
import type { ExtractAndChunkTask } from './extract-and-chunk.ts';
import { listSourceFiles } from './list-source-files.ts';
import { openPreviousVersion } from './open-previous-version.ts';
import { planDocuments } from './plan-documents.ts';
import { processDocumentBatches, type ProcessedDocuments } from './process-document-batches.ts';

export { embeddingText } from './process-document-batches.ts';

/** What happened to one file of the source. */
export interface DocumentReport {
  doc: string;
  /** Absent for a file skipped unread (unreadable, too large, a link) or an unreadable folder (`doc` ends in `/`). */
  sha256?: string | undefined;
  status: 'indexed' | 'reused' | 'skipped' | 'duplicate';
  format?: DocumentFormat;
  pages: number;
  chunks: number;
  reason?: SkipReason;
  message?: string;
  /** For duplicates: the document whose bytes this file repeats. */
  duplicateOf?: string;
  /** Pages whose text was recognised by OCR (1-based); absent when none. */
  ocrPages?: number[];
  /** What extraction noted on an indexed document: blank pages, pages left out, pages OCR failed on (`page 2 could not be recognised: …`). */
  warnings?: string[];
}

/** A progress event, for a progress bar on a terminal or plain lines in CI. */
export interface IngestProgress {
  phase: 'extract' | 'embed' | 'write';
  done: number;
  total: number;
  doc?: string;
}

/** Input of `ingestSource`. */
export interface IngestSourceInput {
  source: string;
  /** Folder holding the documents. */
  root: string;
  config: ClausegateConfig;
  embedder: Embedder;
  /** The clock, for the index version and `createdAt`. */
  now: () => Date;
  /** Wait for a concurrent ingest of the same index instead of failing (default false). */
  waitForLock?: boolean;
  /** Publish even when the new version has no document or less than half of the current one's (default false). */
  allowShrink?: boolean;
  onProgress?: (event: IngestProgress) => void;
  /** Worker threads that extract documents (default: one per core, none for fewer than four documents to extract); 0 extracts in this thread. */
  extractionWorkers?: number;
  /**
   * Recognises PDF pages without a usable text layer; `false` turns OCR off. Default: the tesseract
   * command line found on the PATH, caching pages in `<indexDir>/ocr-cache` (in each extraction
   * worker). A `PageOcr` given here runs on this thread, so documents are then extracted here.
   */
  ocr?: PageOcr | false;
}

/** The ingest summary: one report per file, the counts, and the time spent per phase. */
export interface IngestSummary {
  source: string;
  root: string;
  indexVersion: string;
  indexDir: string;
  embedder: string;
  documents: DocumentReport[];
  counts: {
    files: number;
    documents: number;
    pages: number;
    chunks: number;
    definitions: number;
    skipped: number;
    duplicates: number;
    reusedDocuments: number;
    embeddedChunks: number;
  };
  timings: { extractMs: number; embedMs: number; writeMs: number; totalMs: number };
  /** Notes such as a stale lock taken over. */
  notes: string[];
}

/**
 * Builds a new index version of one source from the documents under `root`, streamed in batches
 * (`processDocumentBatches`: extract and chunk in worker threads, embed, append to the new version's
 * LanceDB table), then finds definitions and publishes the keyword index and manifest atomically
 * beside the current version; memory holds a batch of documents, not the corpus. Unsupported or unreadable files are reported and skipped, byte-identical files
 * are ingested once, and documents unchanged since the current version reuse its chunks and vectors
 * (no re-embedding). Only one ingest of an index runs at a time. A version with no document, or
 * with less than half the documents of the current one, is not published (`index_shrink_refused`)
 * unless `allowShrink` is set.
 */
export async function ingestSource(input: IngestSourceInput): Promise<IngestSummary> {
  const started = performance.now();
  const { config, embedder, source } = input;
  const indexDir = config.paths.indexDir;
  const lock = await acquireIndexLock(indexDir, source, { wait: input.waitForLock ?? false });
  try {
    const listing = await listSourceFiles(input.root);
    const previous = await openPreviousVersion(indexDir, source, embedder.info);
    try {
      const planStarted = performance.now();
      const plan = await planDocuments({ listing, reusable: previous?.reusable, maxFileBytes: config.ingest.maxFileBytes });
      const shrinkCheck = (documents: number, notIndexed: string[]) =>
        checkIndexShrink({ indexDir, source, documents, files: listing.files.length, root: input.root, notIndexed, allowShrink: input.allowShrink ?? false });
      // Before any extraction or embedding: a version refused for what the plan already shows costs nothing.
      await shrinkCheck(
        plan.filter((entry) => entry.kind === 'extract' || entry.kind === 'reuse').length,
        plan.flatMap((entry) => (entry.kind === 'skip' ? [`${entry.relativePath}: ${entry.reason} (${entry.message})`] : [])),
      );
      const planMs = performance.now() - planStarted;

      const createdAt = input.now();
      const indexVersion = createIndexVersion(createdAt);
      const writer = await beginIndexWrite({ indexDir, source, indexVersion, dimensions: embedder.info.dimensions });
      try {
        const toExtract = plan.filter((entry) => entry.kind === 'extract').length;
        const customOcr = typeof input.ocr === 'object' ? input.ocr : undefined;
        const pool =
          customOcr !== undefined
            ? { run: async (task: ExtractAndChunkTask) => (await import('./extract-and-chunk.ts')).extractAndChunk(task, customOcr), close: async () => undefined }
            : await createExtractionPool({ workers: input.extractionWorkers ?? defaultWorkers(toExtract) });
        let processed: ProcessedDocuments;
        try {
          processed = await processDocumentBatches({
            plan,
            source,
            chunking: config.chunking,
            previous,
            extract: pool.run,
            ...(input.ocr === false || customOcr !== undefined ? {} : { ocr: { cacheDir: ocrCacheDir(config) } }),
            embedder,
            writer,
            onProgress: input.onProgress,
            describe: (documents, chunks) =>
              describeDocuments({
                documents,
                chunks,
                rules: config.sources[source]?.documents ?? [],
                // A file gone since it was read is dated by this ingest.
                modifiedAt: (doc) => stat(path.join(input.root, doc)).then((file) => file.mtime, () => createdAt),
              }),
          });
        } finally {
          await pool.close();
        }
        const { reports, manifestDocuments } = processed;
        const documents = manifestDocuments.filter((document) => document.status === 'indexed').length;
        // Extraction can still fail most files (no text layer, corrupt): checked again before publishing.
        const shrinkNote = await shrinkCheck(
          documents,
          reports.filter((report) => report.status === 'skipped').map((report) => `${report.doc}: ${report.reason} (${report.message ?? ''})`),
        );

        const writeStarted = performance.now();
        input.onProgress?.({ phase: 'write', done: 0, total: 1 });
        const definitions = processed.definitions;
        const pages = reports.reduce((sum, report) => sum + report.pages, 0);
        const skipped = reports.filter((report) => report.status === 'skipped').length;
        const duplicates = reports.filter((report) => report.status === 'duplicate').length;
        const chunks = writer.chunkCount;
        const manifest: IndexManifestInput = {
          schemaVersion: 1,
          source,
          indexVersion,
          createdAt: createdAt.toISOString(),
          embedder: embedder.info,
          chunkerVersion: CHUNKER_VERSION,
          policyVersion: config.policyVersion,
          documents: manifestDocuments,
          counts: { documents, pages, chunks, definitions: definitions.length, skipped, duplicates },
        };
        const { versionDir } = await writer.publish(manifest, definitions);
        input.onProgress?.({ phase: 'write', done: 1, total: 1 });

        return {
          source,
          root: input.root,
          indexVersion,
          indexDir: versionDir,
          embedder: `${embedder.info.name}/${embedder.info.model} (${embedder.info.dimensions} dims)`,
          documents: reports,
          counts: {
            files: listing.files.length,
            documents,
            pages,
            chunks,
            definitions: definitions.length,
            skipped,
            duplicates,
            reusedDocuments: reports.filter((report) => report.status === 'reused').length,
            embeddedChunks: processed.embeddedChunks,
          },
          timings: {
            extractMs: planMs + processed.extractMs,
            embedMs: processed.embedMs,
            writeMs: processed.writeMs + performance.now() - writeStarted,
            totalMs: performance.now() - started,
          },
          notes: [lock.note, shrinkNote].filter((note): note is string => note !== undefined),
        };
      } catch (error) {
        await writer.abort();
        throw error;
      }
    } finally {
      previous?.reader.close();
    }
  } finally {
    await lock.release();
  }
}

/** Folder of `<indexDir>` where recognised pages are cached by the hash of their image (shared by every source and version). */
const OCR_CACHE_FOLDER = 'ocr-cache';

/** Where recognised pages are cached: `<indexDir>/ocr-cache` on a local disk; `<cacheDir>/ocr-cache` when the index is on object storage. */
function ocrCacheDir(config: ClausegateConfig): string {
  const { indexDir, cacheDir } = config.paths;
  return path.join(isObjectStorageUri(indexDir) ? cacheDir : indexDir, OCR_CACHE_FOLDER);
}

/**
 * Extraction threads: one per core, but none for a handful of documents (starting a worker loads
 * the PDF reader again, which costs more than extracting two or three documents in place).
 */
function defaultWorkers(documents: number): number {
  if (documents < 4) return 0;
  return Math.max(1, Math.min(availableParallelism(), Math.ceil(documents / 4)));
}

function createIndexVersion(date: Date): string {
  return `v${date.toISOString().replace(/[-:]/g, '').replace(/\.(\d{3})Z$/, '$1Z')}`;
}

/** Resolves where a source's documents are: an explicit path, `<root>/<source>`, or the config. */
export function resolveSourceRoot(options: { source: string; root?: string | undefined; path?: string | undefined; config: ClausegateConfig; cwd: string }): string {
  if (options.path) return path.resolve(options.cwd, options.path);
  if (options.root) return path.resolve(options.cwd, options.root, options.source);
  const configured = options.config.sources[options.source]?.root;
  return path.resolve(options.cwd, configured ?? path.join(options.config.paths.rawRoot, options.source));
}
