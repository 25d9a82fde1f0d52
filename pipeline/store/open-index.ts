import { CorpusStatisticsFile, readCorpusStatistics, type CorpusStatistics } from '../corpus/index.ts';
import { ClausegateError } from '../errors.ts';
import type { EmbedderInfo } from '../providers/embedder.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { openChunkTable, readChunks, readVectorsById, type OpenedChunkTable } from './chunk-table.ts';
import { readCurrentPointer } from './current-pointer.ts';
import { DefinitionsFile } from './definitions-file.ts';
import { IndexManifest, STORE_FORMAT } from './index-manifest.ts';
import { resolveIndexLayout, VERSION_FILES, type IndexLayout } from './index-layout.ts';
import type { IndexStore } from './index-store.ts';
import { corruptIndexError, missingIndexError, readIndexFile } from './read-index-file.ts';
import { createKeywordIndex, isCurrentKeywordIndex, keywordEntryOf, type KeywordHit, type KeywordIndex } from './keyword-index.ts';
import { readKeywordIndexFile } from './read-keyword-index-file.ts';
import { searchChunkVectors, vectorSearchSettings, type VectorHit } from './search-chunk-vectors.ts';

/**
 * One opened index version. Vectors stay in LanceDB (searched there, read by id); the chunks'
 * texts, the keyword index and the definitions are held in memory.
 */
export interface SearchableIndex {
  readonly manifest: IndexManifest;
  /** The folder of the opened version (a local path, or an `s3://` URI). */
  readonly versionDir: string;
  /** Every chunk of the index by chunk id, in table order. */
  readonly chunks: ReadonlyMap<string, Chunk>;
  readonly definitions: readonly DefinitionEntry[];
  /** What the query path reads about the whole source (words, counts, term statistics), stored at ingest. */
  readonly corpus: CorpusStatistics;
  /**
   * The `k` chunks most similar to `vector` by cosine similarity in [−1, 1], similarity descending,
   * ties by chunk id. In LanceDB: exhaustive below the vector-index threshold, IVF_PQ above it
   * (`manifest.store.vectorIndex`); the candidates are re-scored exactly.
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
 * Opens the current version of `source`'s index under `indexDir` (a local folder, an
 * `s3://bucket/prefix` URI or a store): reads `CURRENT`, the manifest
 * (zod-checked), the LanceDB `chunks` table, the keyword index and the definitions.
 *
 * Throws `index_missing` when the source was never ingested, `index_corrupt` when a file of the
 * version is missing or invalid, and `index_embedder_mismatch` when `expected.embedder` differs from
 * the embedder the index was built with (vectors of two embedders are never compared).
 */
export async function openIndex(indexDir: string | IndexStore, source: string, expected?: ExpectedIndex): Promise<SearchableIndex> {
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
  const { store } = layout;
  const manifestFile = store.join(versionDir, VERSION_FILES.manifest);
  const manifest = await readIndexFile(manifestFile, IndexManifest, layout);
  if (manifest.source !== source || manifest.indexVersion !== indexVersion) {
    throw corruptIndexError(layout, manifestFile, `belongs to source "${manifest.source}" version ${manifest.indexVersion}, not "${source}" ${indexVersion}`);
  }
  checkStoreFormat(manifest, source);
  if (expected !== undefined) checkEmbedder(manifest, expected.embedder, source);

  const tableFile = store.join(versionDir, 'chunks.lance');
  const unreadable = (error: unknown): never => {
    throw corruptIndexError(layout, tableFile, `cannot be read: ${(error as Error).message}`, error);
  };
  const opened = await openChunkTable(store.database(versionDir), manifest.embedder.dimensions).catch(unreadable);
  try {
    return await loadOpenedVersion(layout, source, versionDir, manifest, opened, unreadable);
  } catch (error) {
    opened.close();
    throw error;
  }
}

async function loadOpenedVersion(
  layout: IndexLayout,
  source: string,
  versionDir: string,
  manifest: IndexManifest,
  chunkTable: OpenedChunkTable,
  unreadable: (error: unknown) => never,
): Promise<SearchableIndex> {
  const { store } = layout;
  const keywordFile = store.join(versionDir, VERSION_FILES.keywordIndex);
  const definitionsFile = store.join(versionDir, VERSION_FILES.definitions);
  const corpusFile = store.join(versionDir, VERSION_FILES.corpusStatistics);
  const tableFile = store.join(versionDir, 'chunks.lance');
  const [tableChunks, keywordContent, definitionsContent, corpusContent] = await Promise.all([
    readChunks(chunkTable.table).catch(unreadable),
    readKeywordIndexFile(keywordFile, layout),
    readIndexFile(definitionsFile, DefinitionsFile, layout),
    readIndexFile(corpusFile, CorpusStatisticsFile, layout),
  ]);
  const corpus = loadCorpusStatistics(layout, versionDir, corpusContent, manifest.counts.chunks);
  const table = { chunks: tableChunks };

  let keywordIndex: KeywordIndex;
  if (isCurrentKeywordIndex(keywordContent.header)) {
    try {
      keywordIndex = keywordContent.load();
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
  if (chunks.size !== table.chunks.length) throw corruptIndexError(layout, tableFile, 'holds the same chunk id twice');
  if (chunks.size !== manifest.counts.chunks) {
    throw corruptIndexError(layout, tableFile, `holds ${chunks.size} chunks, the manifest says ${manifest.counts.chunks}`);
  }
  if (!coversSameChunks(keywordIndex, chunks)) {
    throw corruptIndexError(layout, keywordFile, 'does not cover the same chunks as the chunks table');
  }
  const definitions = definitionsContent.definitions;
  if (definitions.some((entry) => !chunks.has(entry.chunkId))) throw corruptIndexError(layout, definitionsFile, 'names chunks that are not in the index');

  let vectors: OpenedChunkTable | undefined = chunkTable;
  let keywords: KeywordIndex | undefined = keywordIndex;
  const dimensions = manifest.embedder.dimensions;
  const vectorIndex = manifest.store?.vectorIndex ?? 'flat';

  const opened = (): { vectors: OpenedChunkTable; keywords: KeywordIndex } => {
    if (vectors === undefined || keywords === undefined) {
      throw new ClausegateError('internal', `the index of source "${source}" was closed and cannot be searched`, {
        hint: 'open the index again with openIndex()',
      });
    }
    return { vectors, keywords };
  };

  return {
    manifest,
    versionDir,
    chunks,
    definitions,
    corpus,
    async searchVectors(vector, k) {
      const { vectors: current } = opened();
      if (vector.length !== dimensions) {
        throw new ClausegateError('index_embedder_mismatch', `a ${vector.length}-dimension query vector cannot search the index of source "${source}" (${describeEmbedder(manifest.embedder)})`, {
          hint: `query with the embedder the index was built with, or re-ingest: npx harness ingest --source ${source}`,
        });
      }
      return searchChunkVectors(current.table, vectorIndex, vector, k, vectorSearchSettings(manifest.counts.chunks));
    },
    searchKeywords(query, k) {
      return opened().keywords.search(query, k);
    },
    async vectorsFor(requested) {
      const { vectors: current } = opened();
      return readVectorsById(current.table, requested.filter((chunkId) => chunks.has(chunkId)), dimensions);
    },
    async close() {
      vectors?.close();
      vectors = undefined;
      keywords = undefined;
    },
  };
}

/** The corpus statistics of a checked `corpus-statistics.json`, its phrases read from `source-phrases.txt` when first needed. */
function loadCorpusStatistics(layout: IndexLayout, versionDir: string, content: CorpusStatisticsFile, chunkCount: number): CorpusStatistics {
  const { store } = layout;
  const corpusFile = store.join(versionDir, VERSION_FILES.corpusStatistics);
  const phrasesFile = store.join(versionDir, VERSION_FILES.phrases);
  if (content.chunkCount !== chunkCount) throw corruptIndexError(layout, corpusFile, `counts ${content.chunkCount} chunks, the manifest ${chunkCount}`);
  try {
    return readCorpusStatistics(content, async () => {
      const bytes = await store.readBytes(phrasesFile);
      if (bytes === undefined) throw corruptIndexError(layout, phrasesFile, 'is missing');
      return new TextDecoder().decode(bytes);
    });
  } catch (error) {
    throw corruptIndexError(layout, corpusFile, `is inconsistent: ${(error as Error).message}`, error);
  }
}

/** Whether the keyword index holds exactly the chunks of the table (the same count, every id known). */
function coversSameChunks(keywordIndex: KeywordIndex, chunks: ReadonlyMap<string, Chunk>): boolean {
  if (keywordIndex.size !== chunks.size) return false;
  for (let documentNumber = 0; documentNumber < keywordIndex.size; documentNumber += 1) {
    if (!chunks.has(keywordIndex.chunkIdOf(documentNumber))) return false;
  }
  return true;
}

/** `index_outdated` when the version was written in another on-disk format (by an older or newer clausegate). */
function checkStoreFormat(manifest: IndexManifest, source: string): void {
  const format = manifest.store?.format ?? 1;
  if (format === STORE_FORMAT) return;
  throw new ClausegateError(
    'index_outdated',
    `the index of source "${source}" (version ${manifest.indexVersion}) was built by ${format < STORE_FORMAT ? 'an older' : 'a newer'} clausegate (index format ${format}); this one reads format ${STORE_FORMAT}`,
    { hint: `re-ingest it: npx harness ingest --source ${source}` },
  );
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
