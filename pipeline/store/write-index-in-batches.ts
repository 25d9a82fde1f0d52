import type * as lancedb from '@lancedb/lancedb';
import { z } from 'zod';
import { ClausegateError } from '../errors.ts';
import { createCorpusStatisticsBuilder } from '../corpus/index.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { connectDatabase, indexChunkVectors, toChunkArrowTable } from './chunk-table.ts';
import { IndexManifest, STORE_FORMAT, type IndexManifestInput } from './index-manifest.ts';
import { CHUNK_TABLE_NAME, resolveIndexLayout } from './index-layout.ts';
import type { IndexStore } from './index-store.ts';
import { createKeywordIndexBuilder } from './create-keyword-index-builder.ts';
import { KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION, keywordEntryOf } from './keyword-index.ts';
import { pruneVersions, startVersion, switchToVersion, writeVersionFiles, type WriteIndexResult } from './write-index.ts';

/** Input of `beginIndexWrite`. */
export interface BeginIndexWriteInput {
  /** A local folder, an `s3://bucket/prefix` URI, or a store. */
  indexDir: string | IndexStore;
  source: string;
  /** Names the version folder; must differ from the current version's. */
  indexVersion: string;
  /** Width of every vector appended. */
  dimensions: number;
}

/** A version of the index being written batch by batch; nothing is visible to readers until `publish`. */
export interface IndexBatchWriter {
  /** Appends `chunks` (in index order, after those appended before) and their vectors to the version's table. */
  append(chunks: readonly Chunk[], vectors: readonly Float32Array[]): Promise<void>;
  /** Chunks appended so far. */
  readonly chunkCount: number;
  /**
   * Writes the keyword index, the definitions and the manifest (last), renames the version into
   * place and switches `CURRENT` to it, then prunes old versions exactly as `writeIndex` does.
   */
  publish(manifest: IndexManifestInput, definitions: readonly DefinitionEntry[]): Promise<WriteIndexResult>;
  /** Deletes the unpublished version (after a failure); safe to call after `publish` (does nothing). */
  abort(): Promise<void>;
}

/**
 * Starts writing a new version of a source's index in `<indexDir>/<source>/versions/<indexVersion>.partial/`,
 * for an ingest that cannot hold every chunk and vector at once: chunks and vectors are appended to
 * the LanceDB table in batches (their keyword index is gathered as they come: `createKeywordIndexBuilder`, no text kept), and
 * `publish` completes the version with the same layout, atomic switch and pruning as `writeIndex`.
 * A crash before the switch leaves the previous version current and intact. The caller must hold
 * the source's ingest lock.
 */
export async function beginIndexWrite(input: BeginIndexWriteInput): Promise<IndexBatchWriter> {
  const layout = resolveIndexLayout(input.indexDir, input.source);
  const { indexVersion, dimensions, source } = input;
  const partialDir = layout.partialDir(indexVersion);
  const versionDir = layout.versionDir(indexVersion);
  const { previous, removed } = await startVersion(layout, source, indexVersion);
  const { store } = layout;
  await store.createFolder(partialDir);

  const connection = await connectDatabase(store.database(partialDir));
  let table: lancedb.Table | undefined;
  // The keyword index and the corpus statistics are gathered as batches arrive: no chunk text is kept for them.
  const keywords = createKeywordIndexBuilder();
  const corpus = createCorpusStatisticsBuilder();
  const chunkIds = new Set<string>();
  let state: 'writing' | 'published' | 'aborted' = 'writing';

  const closeTable = () => {
    table?.close();
    table = undefined;
    connection.close();
  };
  const abort = async () => {
    if (state !== 'writing') return;
    state = 'aborted';
    closeTable();
    // Best effort: the next write removes whatever this leaves behind.
    await store.removeFolder(partialDir).catch(() => undefined);
    await store.removeFolder(versionDir).catch(() => undefined);
  };

  return {
    get chunkCount() {
      return keywords.size;
    },
    async append(chunks, vectors) {
      if (state !== 'writing') throw bug(`append after ${state}`);
      checkBatch(chunks, vectors, chunkIds, source, dimensions);
      if (chunks.length === 0) return;
      const rows = toChunkArrowTable(chunks, vectors, dimensions);
      if (table === undefined) table = await connection.createTable(CHUNK_TABLE_NAME, rows, { mode: 'create' });
      else await table.add(rows);
      for (const chunk of chunks) {
        keywords.add(keywordEntryOf(chunk));
        corpus.add(chunk);
      }
    },
    async publish(manifestInput, definitions) {
      if (state !== 'writing') throw bug(`publish after ${state}`);
      const manifest = checkManifest(manifestInput, source, keywords.size, definitions, chunkIds);
      try {
        // An index without chunks still gets its (empty) table, as writeIndex writes one.
        if (table === undefined) table = await connection.createTable(CHUNK_TABLE_NAME, toChunkArrowTable([], [], dimensions), { mode: 'create' });
        // The vector index is built once over the whole table, as writeIndex does.
        manifest.store = { format: STORE_FORMAT, vectorIndex: await indexChunkVectors(table, keywords.size, dimensions) };
        closeTable();
        await writeVersionFiles(store, partialDir, keywords, corpus, definitions, manifest);
        await switchToVersion(layout, indexVersion);
        state = 'published';
      } catch (error) {
        await abort();
        throw error;
      }
      const warnings = await pruneVersions(layout, manifest, previous, removed);
      return { versionDir, manifest, removed, warnings };
    },
    abort,
  };
}

/** A mismatch between chunks, vectors and the version is a bug of the caller. */
function checkBatch(chunks: readonly Chunk[], vectors: readonly Float32Array[], chunkIds: Set<string>, source: string, dimensions: number): void {
  if (vectors.length !== chunks.length) throw bug(`${chunks.length} chunks but ${vectors.length} vectors`);
  chunks.forEach((chunk, index) => {
    if (chunkIds.has(chunk.chunkId)) throw bug(`chunk id ${chunk.chunkId} occurs twice`);
    chunkIds.add(chunk.chunkId);
    if (chunk.source !== source) throw bug(`chunk ${chunk.chunkId} belongs to source "${chunk.source}", not "${source}"`);
    const vector = vectors[index];
    if (vector === undefined || vector.length !== dimensions) throw bug(`the vector of chunk ${chunk.chunkId} has ${vector?.length ?? 'no'} dimensions, the embedder ${dimensions}`);
    for (const value of vector) if (!Number.isFinite(value)) throw bug(`the vector of chunk ${chunk.chunkId} holds ${value}`);
  });
}

function checkManifest(input: IndexManifestInput, source: string, chunks: number, definitions: readonly DefinitionEntry[], chunkIds: ReadonlySet<string>): IndexManifest {
  const parsed = IndexManifest.safeParse({ ...input, keywordIndex: { kind: KEYWORD_INDEX_KIND, version: KEYWORD_INDEX_VERSION }, store: undefined });
  if (!parsed.success) throw bug(`the manifest is invalid: ${z.prettifyError(parsed.error)}`);
  const manifest = parsed.data;
  if (manifest.source !== source) throw bug(`the manifest is for source "${manifest.source}", the write for "${source}"`);
  if (manifest.counts.chunks !== chunks) throw bug(`manifest.counts.chunks is ${manifest.counts.chunks}, ${chunks} chunks appended`);
  if (manifest.counts.definitions !== definitions.length) throw bug(`manifest.counts.definitions is ${manifest.counts.definitions}, ${definitions.length} definitions given`);
  for (const entry of definitions) {
    if (!chunkIds.has(entry.chunkId)) throw bug(`definition "${entry.term}" points at chunk ${entry.chunkId}, which is not in the index`);
  }
  return manifest;
}

function bug(problem: string): ClausegateError {
  return new ClausegateError('internal', `beginIndexWrite: ${problem}`, { hint: 'this is a bug in the ingest; please report it with the command that failed' });
}
