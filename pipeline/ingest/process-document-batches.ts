import { createDefinitionsCollector } from '../chunk/index.ts';
import type { Embedder } from '../providers/embedder.ts';
import type { IndexBatchWriter, IndexManifestInput } from '../store/index.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import type { ChunkedDocument, ExtractAndChunkTask } from './extract-and-chunk.ts';
import type { DocumentReport, IngestProgress } from './ingest-source.ts';
import type { PreviousVersion, ReusableDocument } from './open-previous-version.ts';
import type { PlannedDocument } from './plan-documents.ts';

/** Input of `processDocumentBatches`. */
export interface ProcessDocumentBatchesInput {
  plan: readonly PlannedDocument<ReusableDocument>[];
  source: string;
  chunking: { maxTokens: number; minTokens: number };
  previous: PreviousVersion | undefined;
  extract: (task: ExtractAndChunkTask) => Promise<ChunkedDocument>;
  /** OCR for the tasks (see `ExtractAndChunkTask.ocr`); absent: none. */
  ocr?: ExtractAndChunkTask['ocr'];
  embedder: Embedder;
  writer: IndexBatchWriter;
  onProgress?: ((event: IngestProgress) => void) | undefined;
  /** Completes a batch's manifest entries from its chunks (type, date, confidentiality); same order and count. */
  describe?: (documents: IndexManifestInput['documents'], chunks: readonly Chunk[]) => Promise<IndexManifestInput['documents']>;
}

/** What the batches gave: per-file reports and manifest entries (walk order), the chunks that define terms, counts and time per phase. */
export interface ProcessedDocuments {
  reports: DocumentReport[];
  manifestDocuments: IndexManifestInput['documents'];
  /** The definitions index of every chunk (detected as each batch is written; only the entries are kept). */
  definitions: DefinitionEntry[];
  embeddedChunks: number;
  extractMs: number;
  embedMs: number;
  writeMs: number;
}

/** Documents per batch: what is held in memory at once (twice that while the next batch is read ahead). */
export const DOCUMENTS_PER_BATCH = 32;
/** Chunks per call to the embedder. */
const EMBEDDING_BATCH = 256;

/**
 * Streams the plan through the index in batches of `DOCUMENTS_PER_BATCH` documents, in the walk's
 * order: unchanged documents take their chunks and vectors from the previous version, the others
 * are extracted and chunked (the next batch's extraction runs while this one is embedded and
 * written), their chunks are embedded, and the batch is appended to the new version's table. Only
 * the reports, the definitions found and what the writer gathers (no chunk text) outlive a batch.
 */
export async function processDocumentBatches(input: ProcessDocumentBatchesInput): Promise<ProcessedDocuments> {
  const { plan, source, embedder, writer } = input;
  const result: ProcessedDocuments = { reports: [], manifestDocuments: [], definitions: [], embeddedChunks: 0, extractMs: 0, embedMs: 0, writeMs: 0 };
  const definitions = createDefinitionsCollector();
  const toRead = plan.filter((entry) => entry.kind === 'extract' || entry.kind === 'reuse').length;
  let read = 0;
  const task = (item: { relativePath: string; absolutePath: string; sha256: string }): ExtractAndChunkTask => ({
    absolutePath: item.absolutePath,
    relativePath: item.relativePath,
    source,
    sha256: item.sha256,
    maxTokens: input.chunking.maxTokens,
    minTokens: input.chunking.minTokens,
    ...(input.ocr ? { ocr: input.ocr } : {}),
  });

  // Starts reading one batch: reused documents from the previous version (falling back to
  // extraction when it no longer holds them whole), the rest through the extraction pool.
  const startBatch = (items: readonly PlannedDocument<ReusableDocument>[]) => {
    const reuseHashes = items.flatMap((item) => (item.kind === 'reuse' ? [item.sha256] : []));
    const stored = reuseHashes.length > 0 && input.previous ? input.previous.reader.read(reuseHashes) : Promise.resolve(new Map<string, { chunks: Chunk[]; vectors: Float32Array[] }>());
    return stored.then((found) =>
      items.map((item) => {
        if (item.kind === 'reuse') {
          const entry = found.get(item.sha256);
          if (entry !== undefined && entry.chunks.length === item.reused.chunks) return Promise.resolve({ item, reused: entry });
          return input.extract(task(item)).then((chunked) => ({ item, chunked }));
        }
        if (item.kind === 'extract') return input.extract(task(item)).then((chunked) => ({ item, chunked }));
        return Promise.resolve({ item });
      }),
    );
  };

  const batches: PlannedDocument<ReusableDocument>[][] = [];
  for (let offset = 0; offset < plan.length; offset += DOCUMENTS_PER_BATCH) batches.push(plan.slice(offset, offset + DOCUMENTS_PER_BATCH));
  let ahead = batches.length > 0 ? startBatch(batches[0]!) : undefined;
  for (let index = 0; index < batches.length; index += 1) {
    const waitStarted = performance.now();
    const outcomes = await Promise.all(await ahead!);
    result.extractMs += performance.now() - waitStarted;
    ahead = index + 1 < batches.length ? startBatch(batches[index + 1]!) : undefined;

    const chunks: Chunk[] = [];
    const vectors: (Float32Array | undefined)[] = [];
    const batchStart = result.manifestDocuments.length;
    for (const outcome of outcomes) {
      const { item } = outcome;
      const { relativePath, sha256 } = item;
      if (item.kind === 'skip') {
        addReport(result, { doc: relativePath, sha256, status: 'skipped', pages: 0, chunks: 0, reason: item.reason, message: item.message });
        continue;
      }
      if (item.kind === 'duplicate') {
        addReport(result, { doc: relativePath, sha256, status: 'duplicate', pages: 0, chunks: 0, duplicateOf: item.original });
        continue;
      }
      read += 1;
      input.onProgress?.({ phase: 'extract', done: read, total: toRead, doc: relativePath });
      if ('reused' in outcome && outcome.reused !== undefined && item.kind === 'reuse') {
        outcome.reused.chunks.forEach((chunk, at) => {
          chunks.push({ ...chunk, doc: relativePath, source });
          vectors.push(outcome.reused.vectors[at]);
        });
        const { ocrPages } = item.reused;
        addReport(result, { doc: relativePath, sha256, status: 'reused', format: item.reused.format, pages: item.reused.pages, chunks: outcome.reused.chunks.length, ...(ocrPages ? { ocrPages } : {}) });
        continue;
      }
      const chunked = (outcome as { chunked: ChunkedDocument }).chunked;
      if (chunked.status === 'skipped') {
        addReport(result, { doc: relativePath, sha256, status: 'skipped', pages: 0, chunks: 0, reason: chunked.reason, message: chunked.message });
        continue;
      }
      for (const chunk of chunked.chunks) {
        chunks.push(chunk);
        vectors.push(undefined);
      }
      addReport(
        result,
        {
          doc: relativePath,
          sha256,
          status: 'indexed',
          format: chunked.format,
          pages: chunked.pages,
          chunks: chunked.chunks.length,
          ...(chunked.ocrPages.length > 0 ? { ocrPages: chunked.ocrPages } : {}),
          ...(chunked.warnings.length > 0 ? { warnings: chunked.warnings } : {}),
        },
        chunked.ocrFailedPages,
      );
    }

    const embedStarted = performance.now();
    const missing = chunks.flatMap((_, at) => (vectors[at] === undefined ? [at] : []));
    for (let offset = 0; offset < missing.length; offset += EMBEDDING_BATCH) {
      const part = missing.slice(offset, offset + EMBEDDING_BATCH);
      const embedded = await embedder.embedDocuments(part.map((at) => embeddingText(chunks[at]!)));
      part.forEach((at, position) => {
        vectors[at] = embedded[position];
      });
    }
    result.embeddedChunks += missing.length;
    result.embedMs += performance.now() - embedStarted;

    const writeStarted = performance.now();
    await writer.append(chunks, vectors as Float32Array[]);
    for (const chunk of chunks) definitions.add(chunk);
    if (input.describe !== undefined) {
      const described = await input.describe(result.manifestDocuments.slice(batchStart), chunks);
      result.manifestDocuments.splice(batchStart, described.length, ...described);
    }
    result.writeMs += performance.now() - writeStarted;
  }
  input.onProgress?.({ phase: 'extract', done: toRead, total: toRead });
  result.definitions = definitions.finish();
  return result;
}

/** The text a chunk is embedded and keyword-indexed with: its section heading, then its text. */
export function embeddingText(chunk: Pick<Chunk, 'sectionHeading' | 'text'>): string {
  return chunk.sectionHeading ? `${chunk.sectionHeading}\n${chunk.text}` : chunk.text;
}

/** Records a file's report, and its manifest entry: OCR pages marked (`ocr`, `ocrPages`, `ocrFailedPages` to retry), warnings only in the report. */
function addReport(result: ProcessedDocuments, report: DocumentReport, ocrFailedPages: readonly number[] = []): void {
  result.reports.push(report);
  const { status, warnings: _warnings, ocrPages, ...rest } = report;
  result.manifestDocuments.push({
    ...rest,
    status: status === 'reused' ? 'indexed' : status,
    ...(ocrPages && ocrPages.length > 0 ? { ocr: true as const, ocrPages } : {}),
    ...(ocrFailedPages.length > 0 ? { ocrFailedPages: [...ocrFailedPages] } : {}),
  });
}
