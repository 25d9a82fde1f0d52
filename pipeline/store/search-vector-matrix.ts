/*
 * Vector search runs in memory, exhaustively, over the vectors loaded from the LanceDB table at open
 * (LanceDB stays the store on disk). Chosen by measurement.
 *
 * Bench (2026-11-22): 1,500 CME chunks embedded by the offline embedder at 1024 and 3072 dims; the
 * 30 reference questions × 10 rounds, in-memory and LanceDB queries interleaved; 2 shared cores under
 * load 6–12 (other builds running), Node 20; ranges over 3 runs.
 *
 *                         in memory (this file)         LanceDB vectorSearch, flat (no ANN index)
 *   1024 dims  p50 / p95  1.5–2.3 ms / 1.7–2.8 ms       5.0–9.4 ms / 9.8–24 ms
 *   3072 dims  p50 / p95  4.4–7.4 ms / 7.9–15.7 ms      10–17 ms / 25–50 ms
 *
 * Same top 10 on 30/30 questions at 1024 dims and 29/30 at 3072 (LanceDB computes in float32, and a
 * near-tie at rank 10 swapped); |Δ similarity| ≤ 1e-7. LanceDB's `cosine` and `dot` distances are
 * both 1 − cos(θ) for unit vectors (so similarity = 1 − distance). An ANN index (IVF-PQ) is neither
 * needed nor trainable well at 1,500 rows, and would make results approximate. The LanceDB p95 at
 * 3072 dims alone would use up the 30 ms budget of the whole query pipeline; in memory it costs
 * 6 MiB (1024 dims) or 18 MiB (3072 dims), and ties are broken by chunk id over every row.
 */

/** All vectors of an index in one row-major matrix, ready for exhaustive cosine search. */
export interface VectorMatrix {
  readonly chunkIds: readonly string[];
  readonly dimensions: number;
  /** `chunkIds.length × dimensions`, row `i` belongs to `chunkIds[i]`. */
  readonly values: Float32Array;
  /** 1 / ‖row‖ per row (0 for a zero row), so the similarity is a true cosine even if a stored vector drifted from unit length. */
  readonly inverseNorms: Float64Array;
}

/** One vector hit: a chunk and its cosine similarity to the query, in [−1, 1]. */
export interface VectorHit {
  chunkId: string;
  similarity: number;
}

/** Wraps a row-major matrix (not copied) for `searchVectorMatrix`. */
export function createVectorMatrix(chunkIds: readonly string[], values: Float32Array, dimensions: number): VectorMatrix {
  if (values.length !== chunkIds.length * dimensions) {
    throw new Error(`createVectorMatrix: ${values.length} values for ${chunkIds.length} rows of ${dimensions}`);
  }
  const inverseNorms = new Float64Array(chunkIds.length);
  for (let row = 0; row < chunkIds.length; row += 1) {
    const base = row * dimensions;
    let sum = 0;
    for (let index = 0; index < dimensions; index += 1) {
      const value = values[base + index]!;
      sum += value * value;
    }
    inverseNorms[row] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  }
  return { chunkIds, dimensions, values, inverseNorms };
}

/**
 * The `k` rows most similar to `query` by cosine similarity, computed exhaustively in float64:
 * similarity descending, ties by chunk id ascending, so the result is exact and reproducible.
 */
export function searchVectorMatrix(matrix: VectorMatrix, query: Float32Array, k: number): VectorHit[] {
  const { chunkIds, dimensions, values, inverseNorms } = matrix;
  if (query.length !== dimensions) {
    throw new Error(`searchVectorMatrix: the query has ${query.length} dimensions, the index ${dimensions}`);
  }
  const rows = chunkIds.length;
  if (k <= 0 || rows === 0) return [];
  let queryNorm = 0;
  for (let index = 0; index < dimensions; index += 1) queryNorm += query[index]! * query[index]!;
  const queryScale = queryNorm > 0 ? 1 / Math.sqrt(queryNorm) : 0;

  const scores = new Float64Array(rows);
  for (let row = 0; row < rows; row += 1) {
    const base = row * dimensions;
    // Four running sums let V8 overlap the multiplications; the order is fixed, so sums are reproducible.
    let sum0 = 0;
    let sum1 = 0;
    let sum2 = 0;
    let sum3 = 0;
    let index = 0;
    for (; index + 3 < dimensions; index += 4) {
      sum0 += values[base + index]! * query[index]!;
      sum1 += values[base + index + 1]! * query[index + 1]!;
      sum2 += values[base + index + 2]! * query[index + 2]!;
      sum3 += values[base + index + 3]! * query[index + 3]!;
    }
    for (; index < dimensions; index += 1) sum0 += values[base + index]! * query[index]!;
    const cosine = (sum0 + sum1 + (sum2 + sum3)) * queryScale * inverseNorms[row]!;
    scores[row] = Math.min(1, Math.max(-1, cosine));
  }

  const ranksBefore = (left: number, right: number) =>
    scores[left]! > scores[right]! || (scores[left] === scores[right] && chunkIds[left]! < chunkIds[right]!);
  const take = Math.min(k, rows);
  let top: number[];
  if (take * 8 >= rows) {
    top = Array.from({ length: rows }, (_, row) => row)
      .sort((left, right) => (ranksBefore(left, right) ? -1 : ranksBefore(right, left) ? 1 : 0))
      .slice(0, take);
  } else {
    // Insertion into a short sorted list: k is small (10–50) next to the row count.
    top = [];
    for (let row = 0; row < rows; row += 1) {
      if (top.length === take && !ranksBefore(row, top[take - 1]!)) continue;
      let at = top.length === take ? take - 1 : top.length;
      if (top.length < take) top.push(row);
      while (at > 0 && ranksBefore(row, top[at - 1]!)) {
        top[at] = top[at - 1]!;
        at -= 1;
      }
      top[at] = row;
    }
  }
  return top.map((row) => ({ chunkId: chunkIds[row]!, similarity: scores[row]! }));
}
