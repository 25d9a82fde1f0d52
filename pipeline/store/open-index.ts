import path from 'node:path';
import { ClausegateError } from '../errors.ts';
import type { EmbedderInfo } from '../providers/embedder.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { readChunkTable } from './chunk-table.ts';
import { readCurrentPointer } from './current-pointer.ts';
import { DefinitionsFile } from './definitions-file.ts';
import { IndexManifest } from './index-manifest.ts';
import { resolveIndexLayout, VERSION_FILES, type IndexLayout } from './index-layout.ts';
import { corruptIndexError, missingIndexError, readIndexFile } from './read-index-file.ts';
import {
  createKeywordIndex,
  isCurrentKeywordIndex,
  KeywordIndexFile,
  keywordEntryOf,
  loadKeywordIndex,
  type KeywordHit,
  type KeywordIndex,
} from './keyword-index.ts';
import { createVectorMatrix, searchVectorMatrix, type VectorHit, type VectorMatrix } from './search-vector-matrix.ts';

/**
 * One opened index version, fully loaded in memory (the corpus is small: 1,500 chunks × 3072 dims
 * is 18 MiB). LanceDB is the store on disk; searches run in memory, exhaustively and exactly.
 */
export interface SearchableIndex {
  readonly manifest: IndexManifest;
  /** The folder of the opened version. */
  readonly versionDir: string;
  /** Every chunk of the index by chunk id, in table order. */
  readonly chunks: ReadonlyMap<string, Chunk>;
  readonly definitions: readonly DefinitionEntry[];
  /**
   * The `k` chunks most similar to `vector` by cosine similarity in [−1, 1], similarity descending,
   * ties by chunk id. Exhaustive (exact) search over all stored vectors.
   */
  searchVectors(vector: Float32Array, k: number): Promise<VectorHit[]>;
  /** The `k` best chunks for `query` by BM25 (k1 1.2, b 0.75; adjacent word pairs at half weight), score descending, ties by chunk id. */
  searchKeywords(query: string, k: number): KeywordHit[];
  /**
   * The stored vectors of the given chunks (copies), for reuse by the ingest (vectors of unchanged
   * documents are not recomputed) and for the evaluation harness. Unknown ids are left out.
   */
  vectorsFor(chunkIds: readonly string[]): Promise<Map<string, Float32Array>>;
  /** Releases the loaded data; the index cannot be searched afterwards. Safe to call twice. */
  close(): Promise<void>;
}

/** What the caller will query the index with; a mismatch with the manifest is an error. */
export interface ExpectedIndex {
  embedder: EmbedderInfo;
}

/**
 * Opens the current version of `source`'s index under `indexDir`: reads `CURRENT`, the manifest
 * (zod-checked), the LanceDB `chunks` table, the keyword index and the definitions.
 *
 * Throws `index_missing` when the source was never ingested, `index_corrupt` when a file of the
 * version is missing or invalid, and `index_embedder_mismatch` when `expected.embedder` differs from
 * the embedder the index was built with (vectors of two embedders are never compared).
 */
export async function openIndex(indexDir: string, source: string, expected?: ExpectedIndex): Promise<SearchableIndex> {
  const layout = resolveIndexLayout(indexDir, source);
  // A write may replace and delete versions while we read; when the pointer moved under a failed
  // read, read the new version instead.
  for (let attempt = 1; ; attempt += 1) {
    const pointer = await readCurrentPointer(layout);
    if (pointer === undefined) throw missingIndexError(layout);
    try {
      return await loadVersion(layout, source, pointer.indexVersion, expected);
    } catch (error) {
      const now = await readCurrentPointer(layout).catch(() => undefined);
      if (attempt < 3 && now !== undefined && now.indexVersion !== pointer.indexVersion) continue;
      throw error;
    }
  }
}

async function loadVersion(layout: IndexLayout, source: string, indexVersion: string, expected: ExpectedIndex | undefined): Promise<SearchableIndex> {
  const versionDir = layout.versionDir(indexVersion);
  const manifestFile = path.join(versionDir, VERSION_FILES.manifest);
  const manifest = await readIndexFile(manifestFile, IndexManifest, layout);
  if (manifest.source !== source || manifest.indexVersion !== indexVersion) {
    throw corruptIndexError(layout, manifestFile, `belongs to source "${manifest.source}" version ${manifest.indexVersion}, not "${source}" ${indexVersion}`);
  }
  if (expected !== undefined) checkEmbedder(manifest, expected.embedder, source);

  const keywordFile = path.join(versionDir, VERSION_FILES.keywordIndex);
  const definitionsFile = path.join(versionDir, VERSION_FILES.definitions);
  const [table, keywordContent, definitionsContent] = await Promise.all([
    readChunkTable(versionDir, manifest.embedder.dimensions).catch((error: unknown) => {
      throw corruptIndexError(layout, path.join(versionDir, 'chunks.lance'), `cannot be read: ${(error as Error).message}`, error);
    }),
    readIndexFile(keywordFile, KeywordIndexFile, layout),
    readIndexFile(definitionsFile, DefinitionsFile, layout),
  ]);

  let keywordIndex: KeywordIndex;
  if (isCurrentKeywordIndex(keywordContent)) {
    try {
      keywordIndex = loadKeywordIndex(keywordContent);
    } catch (error) {
      throw corruptIndexError(layout, keywordFile, `is unusable: ${(error as Error).message}`, error);
    }
  } else {
    // Built by an older tokenizer or scoring: the keyword index is derived data, so rebuild it from
    // the chunks (a few hundred ms) rather than refuse the index and its costly vectors.
    keywordIndex = createKeywordIndex(table.chunks.map(keywordEntryOf));
  }

  const chunks = new Map<string, Chunk>();
  for (const chunk of table.chunks) chunks.set(chunk.chunkId, chunk);
  const tableFile = path.join(versionDir, 'chunks.lance');
  if (chunks.size !== table.chunks.length) throw corruptIndexError(layout, tableFile, 'holds the same chunk id twice');
  if (chunks.size !== manifest.counts.chunks) {
    throw corruptIndexError(layout, tableFile, `holds ${chunks.size} chunks, the manifest says ${manifest.counts.chunks}`);
  }
  if (keywordContent.chunkIds.length !== chunks.size || keywordContent.chunkIds.some((chunkId) => !chunks.has(chunkId))) {
    throw corruptIndexError(layout, keywordFile, 'does not cover the same chunks as the chunks table');
  }
  const definitions = definitionsContent.definitions;
  if (definitions.some((entry) => !chunks.has(entry.chunkId))) throw corruptIndexError(layout, definitionsFile, 'names chunks that are not in the index');

  const chunkIds = table.chunks.map((chunk) => chunk.chunkId);
  const rowOf = new Map(chunkIds.map((chunkId, row) => [chunkId, row]));
  let matrix: VectorMatrix | undefined = createVectorMatrix(chunkIds, table.matrix, manifest.embedder.dimensions);
  let keywords: KeywordIndex | undefined = keywordIndex;
  const dimensions = manifest.embedder.dimensions;

  const opened = (): { matrix: VectorMatrix; keywords: KeywordIndex } => {
    if (matrix === undefined || keywords === undefined) {
      throw new ClausegateError('internal', `the index of source "${source}" was closed and cannot be searched`, {
        hint: 'open the index again with openIndex()',
      });
    }
    return { matrix, keywords };
  };

  return {
    manifest,
    versionDir,
    chunks,
    definitions,
    async searchVectors(vector, k) {
      const { matrix: current } = opened();
      if (vector.length !== dimensions) {
        throw new ClausegateError('index_embedder_mismatch', `a ${vector.length}-dimension query vector cannot search the index of source "${source}" (${describeEmbedder(manifest.embedder)})`, {
          hint: `query with the embedder the index was built with, or re-ingest: npx harness ingest --source ${source}`,
        });
      }
      return searchVectorMatrix(current, vector, k);
    },
    searchKeywords(query, k) {
      return opened().keywords.search(query, k);
    },
    async vectorsFor(requested) {
      const { matrix: current } = opened();
      const result = new Map<string, Float32Array>();
      for (const chunkId of requested) {
        const row = rowOf.get(chunkId);
        if (row === undefined) continue;
        result.set(chunkId, current.values.slice(row * dimensions, (row + 1) * dimensions));
      }
      return result;
    },
    async close() {
      matrix = undefined;
      keywords = undefined;
    },
  };
}

function checkEmbedder(manifest: IndexManifest, expected: EmbedderInfo, source: string): void {
  const stored = manifest.embedder;
  const differs =
    stored.name !== expected.name || stored.model !== expected.model || stored.dimensions !== expected.dimensions || stored.version !== expected.version;
  if (!differs) return;
  throw new ClausegateError(
    'index_embedder_mismatch',
    `the index of source "${source}" was built with ${describeEmbedder(stored)}, but is queried with ${describeEmbedder(expected)}`,
    {
      hint: `re-ingest with the embedder you query with (npx harness ingest --source ${source} with the same provider settings), or query with the provider the index was built with`,
    },
  );
}

/** `openai/text-embedding-3-large (3072 dims, version 1)`. */
function describeEmbedder(embedder: EmbedderInfo): string {
  return `${embedder.name}/${embedder.model} (${embedder.dimensions} dims, version ${embedder.version})`;
}
