import { CorpusStatisticsFile, decodeDocumentStatistics, readCorpusStatistics, type CorpusStatistics, type DecodedDocumentStatistics } from '../corpus/index.ts';
import { ClausegateError } from '../errors.ts';
import type { EmbedderInfo } from '../providers/embedder.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { openChunkTable, readChunks, readChunksById as readTableChunksById, readVectorsById, type OpenedChunkTable } from './chunk-table.ts';
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
 * One opened index version. Nothing is read per chunk at open: vectors and chunk texts stay in
 * LanceDB (searched there, read by id for the candidates a question needs); the keyword index, the
 * definitions and the corpus statistics (every chunk's id and document among them) are read from
 * their version files.
 */
export interface SearchableIndex {
  readonly manifest: IndexManifest;
  /** The folder of the opened version (a local path, or an `s3://` URI). */
  readonly versionDir: string;
  /** Number of chunks in the index. */
  readonly chunkCount: number;
  /** The document of a chunk, or undefined when the index has no such chunk. */
  documentOf(chunkId: string): string | undefined;
  /** The given chunks, read by id from the table (the last ones read are kept), in the order asked for; unknown ids are left out. */
  readChunks(chunkIds: readonly string[]): Promise<Map<string, Chunk>>;
  /** Every chunk of the given documents, in index order. */
  readDocumentChunks(docs: ReadonlySet<string>): Promise<Chunk[]>;
  /** The documents of the index, in index order. */
  readonly documents: readonly string[];
  /** Every chunk of the index, in index order: the whole table, for the harness's suite checks and benchmarks, never for a question. */
  readAllChunks(): Promise<Chunk[]>;
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

/** One read of chunk rows from the table, as `OpenIndexOptions.onTableRead` reports it. */
export interface TableRead {
  /** `chunks-by-id`: the texts of some chunks; `vectors-by-id`: their vectors; `all-chunks`: every row's text (the harness, or an old keyword index rebuilt). */
  purpose: 'chunks-by-id' | 'vectors-by-id' | 'all-chunks';
  rows: number;
}

/** How to open an index beyond what it is queried with. */
export interface OpenIndexOptions {
  /** Called after each read of chunk rows from the table (measurements, and the tests that no question reads the whole table). */
  onTableRead?: (read: TableRead) => void;
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
export async function openIndex(indexDir: string | IndexStore, source: string, expected?: ExpectedIndex, options: OpenIndexOptions = {}): Promise<SearchableIndex> {
  const layout = resolveIndexLayout(indexDir, source);
  // A write may replace and delete versions while we read; when the pointer moved under a failed
  // read, read the new version instead.
  for (let attempt = 1; ; attempt += 1) {
    const pointer = await readCurrentPointer(layout);
    if (pointer === undefined) throw missingIndexError(layout);
    try {
      return await loadVersion(layout, source, pointer.indexVersion, expected, options);
    } catch (error) {
      const now = await readCurrentPointer(layout).catch(() => undefined);
      if (attempt < 3 && now !== undefined && now.indexVersion !== pointer.indexVersion) continue;
      throw error;
    }
  }
}

async function loadVersion(layout: IndexLayout, source: string, indexVersion: string, expected: ExpectedIndex | undefined, options: OpenIndexOptions): Promise<SearchableIndex> {
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
    return await loadOpenedVersion(layout, source, versionDir, manifest, opened, unreadable, options);
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
  options: OpenIndexOptions,
): Promise<SearchableIndex> {
  const readAll = async (table: OpenedChunkTable['table']) => {
    const chunks = await readChunks(table).catch(unreadable);
    options.onTableRead?.({ purpose: 'all-chunks', rows: chunks.length });
    return chunks;
  };
  const { store } = layout;
  const keywordFile = store.join(versionDir, VERSION_FILES.keywordIndex);
  const definitionsFile = store.join(versionDir, VERSION_FILES.definitions);
  const corpusFile = store.join(versionDir, VERSION_FILES.corpusStatistics);
  const documentStatisticsFile = store.join(versionDir, VERSION_FILES.documentStatistics);
  const tableFile = store.join(versionDir, 'chunks.lance');
  const [rowCount, keywordContent, definitionsContent, corpusContent, documentStatisticsBytes] = await Promise.all([
    chunkTable.table.countRows().catch(unreadable),
    readKeywordIndexFile(keywordFile, layout),
    readIndexFile(definitionsFile, DefinitionsFile, layout),
    readIndexFile(corpusFile, CorpusStatisticsFile, layout),
    store.readBytes(documentStatisticsFile),
  ]);
  if (rowCount !== manifest.counts.chunks) throw corruptIndexError(layout, tableFile, `holds ${rowCount} chunks, the manifest says ${manifest.counts.chunks}`);
  if (documentStatisticsBytes === undefined) throw corruptIndexError(layout, documentStatisticsFile, 'is missing');
  let perDocument: DecodedDocumentStatistics;
  try {
    perDocument = decodeDocumentStatistics(documentStatisticsBytes, corpusContent.stems.length, (problem) => corruptIndexError(layout, documentStatisticsFile, problem));
  } catch (error) {
    throw corruptIndexError(layout, documentStatisticsFile, (error as Error).message, error);
  }
  const corpus = loadCorpusStatistics(layout, versionDir, corpusContent, perDocument, manifest.counts.chunks);

  let keywordIndex: KeywordIndex;
  if (isCurrentKeywordIndex(keywordContent.header)) {
    try {
      keywordIndex = keywordContent.load((problem) => corruptIndexError(layout, keywordFile, problem));
    } catch (error) {
      throw corruptIndexError(layout, keywordFile, `is unusable: ${(error as Error).message}`, error);
    }
  } else {
    // Built by an older tokenizer or scoring: the keyword index is derived data, so rebuild it from
    // the chunks (a whole-table read, once) rather than refuse the index and its costly vectors.
    keywordIndex = createKeywordIndex((await readAll(chunkTable.table)).map(keywordEntryOf));
  }
  if (keywordIndex.size !== manifest.counts.chunks) {
    throw corruptIndexError(layout, keywordFile, `holds ${keywordIndex.size} chunks, the manifest says ${manifest.counts.chunks}`);
  }
  const positions = createPositions(corpus.chunkIds, () => corruptIndexError(layout, documentStatisticsFile, 'holds the same chunk id twice'));
  const definitions = definitionsContent.definitions;
  if (definitions.some((entry) => !positions().has(entry.chunkId))) throw corruptIndexError(layout, definitionsFile, 'names chunks that are not in the index');

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

  // The chunks read last, by id: a question reads its candidates again when it reranks, links and cites.
  const cache = new Map<string, Chunk>();
  const readChunksById = async (requested: readonly string[]): Promise<Map<string, Chunk>> => {
    const { vectors: current } = opened();
    const known = [...new Set(requested.filter((chunkId) => positions().has(chunkId)))];
    const found = new Map<string, Chunk>();
    const missing: string[] = [];
    for (const chunkId of known) {
      const chunk = cache.get(chunkId);
      if (chunk === undefined) missing.push(chunkId);
      else found.set(chunkId, chunk);
    }
    if (missing.length > 0) {
      const read = await readTableChunksById(current.table, missing).catch(unreadable);
      options.onTableRead?.({ purpose: 'chunks-by-id', rows: read.size });
      const lost = missing.find((chunkId) => !read.has(chunkId));
      if (lost !== undefined) throw corruptIndexError(layout, tableFile, `has no chunk ${lost}, which ${VERSION_FILES.documentStatistics} names`);
      if (cache.size + read.size > CACHED_CHUNKS) cache.clear();
      for (const [chunkId, chunk] of read) {
        cache.set(chunkId, chunk);
        found.set(chunkId, chunk);
      }
    }
    // In the order asked for, as callers iterate the result.
    return new Map(known.map((chunkId) => [chunkId, found.get(chunkId)!]));
  };

  return {
    manifest,
    versionDir,
    chunkCount: manifest.counts.chunks,
    documentOf(chunkId) {
      const position = positions().get(chunkId);
      return position === undefined ? undefined : corpus.documents[corpus.chunkDocuments[position]!];
    },
    readChunks: readChunksById,
    documents: corpus.documents,
    async readDocumentChunks(docs) {
      const chunkIds = corpus.chunkIds.filter((_, position) => docs.has(corpus.documents[corpus.chunkDocuments[position]!]!));
      return [...(await readChunksById(chunkIds)).values()];
    },
    async readAllChunks() {
      return readAll(opened().vectors.table);
    },
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
      const vectors = await readVectorsById(current.table, requested.filter((chunkId) => positions().has(chunkId)), dimensions);
      options.onTableRead?.({ purpose: 'vectors-by-id', rows: vectors.size });
      return vectors;
    },
    async close() {
      vectors?.close();
      vectors = undefined;
      keywords = undefined;
    },
  };
}

/** The corpus statistics of a checked `corpus-statistics.json` and `document-statistics.bin`, its phrases read from `source-phrases.txt` when first needed. */
function loadCorpusStatistics(layout: IndexLayout, versionDir: string, content: CorpusStatisticsFile, perDocument: DecodedDocumentStatistics, chunkCount: number): CorpusStatistics {
  const { store } = layout;
  const corpusFile = store.join(versionDir, VERSION_FILES.corpusStatistics);
  const phrasesFile = store.join(versionDir, VERSION_FILES.phrases);
  if (content.chunkCount !== chunkCount) throw corruptIndexError(layout, corpusFile, `counts ${content.chunkCount} chunks, the manifest ${chunkCount}`);
  try {
    return readCorpusStatistics(content, perDocument, async () => {
      const bytes = await store.readBytes(phrasesFile);
      if (bytes === undefined) throw corruptIndexError(layout, phrasesFile, 'is missing');
      return new TextDecoder().decode(bytes);
    });
  } catch (error) {
    throw corruptIndexError(layout, corpusFile, `is inconsistent: ${(error as Error).message}`, error);
  }
}

/** Chunks kept after they were read by id; past it the kept ones are dropped. */
const CACHED_CHUNKS = 4096;

/** Each chunk id's position in index order, built when first asked for (a `Map` of every id); `duplicate` when an id occurs twice. */
function createPositions(chunkIds: readonly string[], duplicate: () => Error): () => ReadonlyMap<string, number> {
  let positions: Map<string, number> | undefined;
  return () => {
    if (positions === undefined) {
      const built = new Map<string, number>();
      chunkIds.forEach((chunkId, position) => built.set(chunkId, position));
      if (built.size !== chunkIds.length) throw duplicate();
      positions = built;
    }
    return positions;
  };
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
