/*
 * Vector search runs in LanceDB (`vectorSearch`, cosine): exhaustive (flat) below
 * `VECTOR_INDEX_THRESHOLD` rows, through an IVF_PQ index built at ingest above it. LanceDB's
 * candidates are then re-scored exactly here (float64 cosine of the stored vectors it returns,
 * ties by chunk id), so a flat search gives the same ranking as the exhaustive in-memory search it
 * replaced, and an indexed one the exact order of what the index found.
 *
 * Settings: IVF_PQ with √rows partitions, dimension/16 sub-vectors (8 bits), cosine; searched with
 * `vectorSearchSettings(rows)`. The former fixed `nprobes` 20, `refineFactor` 10 gave recall@10
 * 0.89 at 100× (under the 0.98 goal): the PQ codes (64 sub-vectors of 1024 dims) are too coarse to
 * order close neighbours, so the refine factor matters more than the probes. Tables below the
 * threshold (every corpus today) are flat and exact.
 */
import type * as lancedb from '@lancedb/lancedb';

/** Tables with at least this many rows get an IVF_PQ vector index at ingest; smaller ones are searched exhaustively. */
export const VECTOR_INDEX_THRESHOLD = 20_000;
/** The share of the IVF partitions probed per query when the table has a vector index (`nprobes` = ⌈share × partitions⌉). */
export const VECTOR_INDEX_PROBE_SHARE = 0.15;
/** PQ candidates re-ranked on the full vectors per wanted result (`refineFactor`). */
export const VECTOR_INDEX_REFINE_FACTOR = 40;

/** The query-time settings of an IVF_PQ search: partitions probed, PQ candidates re-ranked per wanted result. */
export interface VectorSearchSettings {
  nprobes: number;
  refineFactor: number;
}

/** How the `vector` column of a table is searched: `flat` (exhaustive) or through an `ivf_pq` index. */
export type VectorIndexKind = 'flat' | 'ivf_pq';

/** One vector hit: a chunk and its cosine similarity to the query, in [−1, 1]. */
export interface VectorHit {
  chunkId: string;
  similarity: number;
}

/** The vector index `writeChunkTable` builds for a table of `rows` rows of `dimensions` floats. */
export function chooseVectorIndex(rows: number): VectorIndexKind {
  return rows >= VECTOR_INDEX_THRESHOLD ? 'ivf_pq' : 'flat';
}

/**
 * The query-time settings of the IVF_PQ index of a table of `rows` rows: ⌈15%⌉ of its √rows
 * partitions, refine factor 40. Chosen on the 100× table (63,800 rows, 253 partitions) as the
 * setting with the smallest p95 among those with recall@10 ≥ 0.98 against exhaustive search
 * (`harness/bench/measure-vector-settings.ts`; the grid is in the README). A share rather than a
 * count, so that a larger table, with more and smaller partitions, probes the same part of it.
 */
export function vectorSearchSettings(rows: number): VectorSearchSettings {
  return { nprobes: Math.ceil(VECTOR_INDEX_PROBE_SHARE * vectorIndexPartitions(rows)), refineFactor: VECTOR_INDEX_REFINE_FACTOR };
}

/** The IVF partitions of the index a table of `rows` rows gets: √rows, rounded (at least 1). */
export function vectorIndexPartitions(rows: number): number {
  return Math.max(1, Math.round(Math.sqrt(rows)));
}

/** Builds the IVF_PQ index on `vector` (cosine), with √rows partitions and dimension/16 (else /8) sub-vectors. */
export async function createVectorIndex(table: lancedb.Table, lance: typeof lancedb, rows: number, dimensions: number): Promise<void> {
  const numSubVectors = dimensions % 16 === 0 ? dimensions / 16 : dimensions % 8 === 0 ? dimensions / 8 : 1;
  await table.createIndex('vector', {
    config: lance.Index.ivfPq({ distanceType: 'cosine', numPartitions: vectorIndexPartitions(rows), numSubVectors }),
  });
}

/**
 * The `k` chunks most similar to `query` by cosine similarity: LanceDB finds the candidates, they
 * are re-scored exactly (float64) and ordered by similarity descending, ties by chunk id ascending.
 * When the candidates' last similarity still ties the k-th, more are read so that a tie is broken by
 * chunk id over every tied row, as the exhaustive search did.
 */
export async function searchChunkVectors(
  table: lancedb.Table,
  kind: VectorIndexKind,
  query: Float32Array,
  k: number,
  settings: VectorSearchSettings,
): Promise<VectorHit[]> {
  if (k <= 0) return [];
  const queryScale = inverseNorm(query, 0, query.length);
  let limit = k + Math.max(10, k);
  for (;;) {
    let search = table.vectorSearch(query).distanceType('cosine').select(['chunk_id', 'vector', '_distance']).limit(limit);
    if (kind === 'ivf_pq') search = search.nprobes(settings.nprobes).refineFactor(settings.refineFactor);
    // Read as columns: row objects (`toArray`) cost a proxy and a copy per row, a tenth of a cold query's search.
    const data = await search.toArrow();
    const chunkIds = data.numRows === 0 ? [] : Array.from(data.getChild('chunk_id') as Iterable<string>);
    const vectors = data.numRows === 0 ? [] : readVectorColumn(data, query.length);
    const hits = chunkIds.map((chunkId, row) => ({ chunkId, similarity: cosine(vectors[row]!, query, queryScale) }));
    hits.sort((left, right) => right.similarity - left.similarity || (left.chunkId < right.chunkId ? -1 : left.chunkId > right.chunkId ? 1 : 0));
    const complete = chunkIds.length < limit || hits.length <= k || hits[k]!.similarity < hits[k - 1]!.similarity;
    if (complete || kind === 'ivf_pq') return hits.slice(0, k);
    limit *= 2;
  }
}

/** Each row's stored vector (a view into the result's memory), from the `vector` column of FixedSizeList<Float32> parts. */
function readVectorColumn(data: Awaited<ReturnType<lancedb.VectorQuery['toArrow']>>, dimensions: number): Float32Array[] {
  const column = data.getChild('vector');
  if (column === null) throw new Error('the chunks table has no column vector');
  const vectors: Float32Array[] = [];
  for (const part of column.data) {
    const child = part.children[0];
    if (part.nullCount > 0 || child === undefined || child.nullCount > 0) throw new Error('the chunks table has missing vectors');
    const values = child.values as Float32Array;
    for (let row = 0; row < part.length; row += 1) {
      const start = child.offset + (part.offset + row) * dimensions;
      vectors.push(values.subarray(start, start + dimensions));
    }
  }
  return vectors;
}

/** Cosine in float64 with four running sums (fixed order, so reproducible), clamped to [−1, 1]. */
function cosine(stored: Float32Array, query: Float32Array, queryScale: number): number {
  const dimensions = query.length;
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index + 3 < dimensions; index += 4) {
    sum0 += stored[index]! * query[index]!;
    sum1 += stored[index + 1]! * query[index + 1]!;
    sum2 += stored[index + 2]! * query[index + 2]!;
    sum3 += stored[index + 3]! * query[index + 3]!;
  }
  for (; index < dimensions; index += 1) sum0 += stored[index]! * query[index]!;
  const value = (sum0 + sum1 + (sum2 + sum3)) * queryScale * inverseNorm(stored, 0, dimensions);
  return Math.min(1, Math.max(-1, value));
}

function inverseNorm(values: Float32Array, start: number, end: number): number {
  let sum = 0;
  for (let index = start; index < end; index += 1) sum += values[index]! * values[index]!;
  return sum > 0 ? 1 / Math.sqrt(sum) : 0;
}
