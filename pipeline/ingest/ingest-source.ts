import path from 'node:path';
import type { ClausegateConfig } from '../config/config-schema.ts';
import { buildDefinitionsIndex, chunkSections, CHUNKER_VERSION } from '../chunk/index.ts';
import type { Embedder } from '../providers/embedder.ts';
import {
  acquireIndexLock,
  openIndex,
  writeIndex,
  type IndexManifestInput,
  type SearchableIndex,
} from '../store/index.ts';
import { isClausegateError } from '../errors.ts';
import type { Chunk, DocumentFormat, SkipReason } from '../types.ts';
import { checkIndexShrink } from './check-index-shrink.ts';
import { listSourceFiles } from './list-source-files.ts';
import { planDocuments } from './plan-documents.ts';

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
 * Builds a new index version of one source from the documents under `root`: extract, chunk, find
 * definitions, embed, then write the vectors (LanceDB) and the keyword index atomically beside the
 * current version. Unsupported or unreadable files are reported and skipped, byte-identical files
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
    const previous = await openPreviousIndex(indexDir, source, embedder);
    const reports: DocumentReport[] = [];
    const chunks: Chunk[] = [];
    const vectors: (Float32Array | undefined)[] = [];
    const manifestDocuments: IndexManifestInput['documents'] = [];

    const extractStarted = performance.now();
    // The extractors (pdfjs, mammoth) load with the first ingest, not with every importer of the
    // pipeline (the service and `harness run` import it and may never ingest).
    const { extractDocument } = await import('../extract/index.ts');
    const plan = await planDocuments({ listing, reusable: previous?.reusable, maxFileBytes: config.ingest.maxFileBytes });
    let extracted = 0;
    const toExtract = plan.filter((entry) => entry.kind === 'extract').length;
    const outcomes = await mapWithConcurrency(plan, EXTRACTION_CONCURRENCY, async (item) => {
      if (item.kind !== 'extract') return undefined;
      const outcome = await extractDocument(item.absolutePath);
      extracted += 1;
      input.onProgress?.({ phase: 'extract', done: extracted, total: toExtract, doc: item.relativePath });
      return outcome;
    });

    for (const [index, item] of plan.entries()) {
      const { relativePath, sha256 } = item;
      if (item.kind === 'skip') {
        reports.push({ doc: relativePath, sha256, status: 'skipped', pages: 0, chunks: 0, reason: item.reason, message: item.message });
        manifestDocuments.push({ doc: relativePath, sha256, status: 'skipped', pages: 0, chunks: 0, reason: item.reason, message: item.message });
        continue;
      }
      if (item.kind === 'duplicate') {
        reports.push({ doc: relativePath, sha256, status: 'duplicate', pages: 0, chunks: 0, duplicateOf: item.original });
        manifestDocuments.push({ doc: relativePath, sha256, status: 'duplicate', pages: 0, chunks: 0, duplicateOf: item.original });
        continue;
      }
      if (item.kind === 'reuse') {
        const { reused } = item;
        for (const chunk of reused.chunks) {
          chunks.push({ ...chunk, doc: relativePath, source });
          vectors.push(reused.vectors.get(chunk.chunkId));
        }
        reports.push({ doc: relativePath, sha256, status: 'reused', format: reused.format, pages: reused.pages, chunks: reused.chunks.length });
        manifestDocuments.push({ doc: relativePath, sha256, status: 'indexed', format: reused.format, pages: reused.pages, chunks: reused.chunks.length });
        continue;
      }
      const outcome = outcomes[index]!;
      if (outcome.status === 'skipped') {
        reports.push({ doc: relativePath, sha256, status: 'skipped', pages: 0, chunks: 0, reason: outcome.reason, message: outcome.message });
        manifestDocuments.push({ doc: relativePath, sha256, status: 'skipped', pages: 0, chunks: 0, reason: outcome.reason, message: outcome.message });
        continue;
      }
      const documentChunks = chunkSections({
        document: outcome.document,
        doc: relativePath,
        source,
        docHash: item.sha256,
        maxTokens: config.chunking.maxTokens,
        minTokens: config.chunking.minTokens,
      });
      for (const chunk of documentChunks) {
        chunks.push(chunk);
        vectors.push(undefined);
      }
      const pages = outcome.document.pages.length;
      reports.push({ doc: relativePath, sha256, status: 'indexed', format: outcome.document.format, pages, chunks: documentChunks.length });
      manifestDocuments.push({ doc: relativePath, sha256, status: 'indexed', format: outcome.document.format, pages, chunks: documentChunks.length });
    }
    input.onProgress?.({ phase: 'extract', done: toExtract, total: toExtract });
    const extractMs = performance.now() - extractStarted;
    await previous?.index.close();
    // Before embedding: a refused version should cost nothing.
    const shrinkNote = await checkIndexShrink({
      indexDir,
      source,
      documents: manifestDocuments.filter((document) => document.status === 'indexed').length,
      files: listing.files.length,
      root: input.root,
      notIndexed: reports.filter((report) => report.status === 'skipped').map((report) => `${report.doc}: ${report.reason} (${report.message ?? ''})`),
      allowShrink: input.allowShrink ?? false,
    });

    const embedStarted = performance.now();
    const missing = chunks.flatMap((chunk, index) => (vectors[index] === undefined ? [index] : []));
    const batchSize = 256;
    for (let offset = 0; offset < missing.length; offset += batchSize) {
      const batch = missing.slice(offset, offset + batchSize);
      const embedded = await embedder.embedDocuments(batch.map((index) => embeddingText(chunks[index]!)));
      batch.forEach((chunkIndex, position) => {
        vectors[chunkIndex] = embedded[position];
      });
      input.onProgress?.({ phase: 'embed', done: Math.min(offset + batchSize, missing.length), total: missing.length });
    }
    const embedMs = performance.now() - embedStarted;

    const writeStarted = performance.now();
    input.onProgress?.({ phase: 'write', done: 0, total: 1 });
    const definitions = buildDefinitionsIndex(chunks);
    const createdAt = input.now();
    const indexVersion = createIndexVersion(createdAt);
    const pages = reports.reduce((sum, report) => sum + report.pages, 0);
    const skipped = reports.filter((report) => report.status === 'skipped').length;
    const duplicates = reports.filter((report) => report.status === 'duplicate').length;
    const manifest: IndexManifestInput = {
      schemaVersion: 1,
      source,
      indexVersion,
      createdAt: createdAt.toISOString(),
      embedder: embedder.info,
      chunkerVersion: CHUNKER_VERSION,
      policyVersion: config.policyVersion,
      documents: manifestDocuments,
      counts: {
        documents: manifestDocuments.filter((document) => document.status === 'indexed').length,
        pages,
        chunks: chunks.length,
        definitions: definitions.length,
        skipped,
        duplicates,
      },
    };
    const { versionDir } = await writeIndex({ indexDir, source, manifest, chunks, vectors: vectors as Float32Array[], definitions });
    input.onProgress?.({ phase: 'write', done: 1, total: 1 });
    const writeMs = performance.now() - writeStarted;

    return {
      source,
      root: input.root,
      indexVersion,
      indexDir: versionDir,
      embedder: `${embedder.info.name}/${embedder.info.model} (${embedder.info.dimensions} dims)`,
      documents: reports,
      counts: {
        files: listing.files.length,
        documents: manifest.counts.documents,
        pages,
        chunks: chunks.length,
        definitions: definitions.length,
        skipped,
        duplicates,
        reusedDocuments: reports.filter((report) => report.status === 'reused').length,
        embeddedChunks: missing.length,
      },
      timings: { extractMs, embedMs, writeMs, totalMs: performance.now() - started },
      notes: [lock.note, shrinkNote].filter((note): note is string => note !== undefined),
    };
  } finally {
    await lock.release();
  }
}

/** Documents extracted at once; measured on the CME corpus (README, Benchmarks). */
const EXTRACTION_CONCURRENCY = 3;

/** Maps `items` through `work` with at most `limit` in flight, keeping input order in the result. */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}

/** The text a chunk is embedded and keyword-indexed with: its section heading, then its text. */
export function embeddingText(chunk: Pick<Chunk, 'sectionHeading' | 'text'>): string {
  return chunk.sectionHeading ? `${chunk.sectionHeading}\n${chunk.text}` : chunk.text;
}

interface ReusableDocument {
  format: DocumentFormat;
  pages: number;
  chunks: Chunk[];
  vectors: Map<string, Float32Array>;
}

/**
 * Opens the current index for reuse when it was built with the same embedder and chunker; a missing
 * or incompatible index simply means nothing is reused.
 */
async function openPreviousIndex(
  indexDir: string,
  source: string,
  embedder: Embedder,
): Promise<{ index: SearchableIndex; reusable: Map<string, ReusableDocument> } | undefined> {
  let index: SearchableIndex;
  try {
    index = await openIndex(indexDir, source, { embedder: embedder.info });
  } catch (error) {
    if (isClausegateError(error)) return undefined;
    throw error;
  }
  if (index.manifest.chunkerVersion !== CHUNKER_VERSION) {
    await index.close();
    return undefined;
  }
  const byHash = new Map<string, Chunk[]>();
  for (const chunk of index.chunks.values()) {
    const list = byHash.get(chunk.docHash) ?? [];
    list.push(chunk);
    byHash.set(chunk.docHash, list);
  }
  const reusable = new Map<string, ReusableDocument>();
  for (const document of index.manifest.documents) {
    if (document.status !== 'indexed' || document.format === undefined || document.sha256 === undefined) continue;
    const documentChunks = (byHash.get(document.sha256) ?? []).sort((a, b) => a.ordinal - b.ordinal);
    if (documentChunks.length !== document.chunks) continue;
    const vectors = await index.vectorsFor(documentChunks.map((chunk) => chunk.chunkId));
    if (vectors.size !== documentChunks.length) continue;
    reusable.set(document.sha256, { format: document.format, pages: document.pages, chunks: documentChunks, vectors });
  }
  return { index, reusable };
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
