import { describe, expect, it } from 'vitest';
import { createVectorMatrix, searchVectorMatrix } from './search-vector-matrix.ts';

function matrixOf(rows: number[][]): Float32Array {
  return Float32Array.from(rows.flat());
}

describe('searchVectorMatrix', () => {
  const ids = ['d', 'c', 'b', 'a', 'e'];
  const values = matrixOf([
    [1, 0, 0],
    [0, 1, 0],
    [0.6, 0.8, 0],
    [0.6, 0.8, 0],
    [-1, 0, 0],
  ]);
  const matrix = createVectorMatrix(ids, values, 3);

  it('returns cosine similarity in [-1, 1], best first, ties by chunk id', () => {
    const hits = searchVectorMatrix(matrix, Float32Array.from([0, 1, 0]), 5);
    expect(hits.map((hit) => hit.chunkId)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(hits[0]!.similarity).toBe(1);
    expect(hits[1]!.similarity).toBeCloseTo(0.8, 6);
    expect(hits[3]!.similarity).toBe(0);
    const opposite = searchVectorMatrix(matrix, Float32Array.from([1, 0, 0]), 5).at(-1)!;
    expect(opposite).toEqual({ chunkId: 'e', similarity: -1 });
  });

  it('is a true cosine even for a query that is not unit length', () => {
    const hits = searchVectorMatrix(matrix, Float32Array.from([0, 5, 0]), 1);
    expect(hits).toEqual([{ chunkId: 'c', similarity: 1 }]);
  });

  it('selects the same top k by partial selection as by a full sort', () => {
    const rows = 400;
    const dimensions = 7;
    const many = new Float32Array(rows * dimensions);
    for (let index = 0; index < many.length; index += 1) many[index] = Math.sin(index * 12.9898) * 0.5 + ((index * 7) % 3 === 0 ? 0.25 : 0);
    const chunkIds = Array.from({ length: rows }, (_, row) => `chunk-${String((row * 37) % rows).padStart(3, '0')}`);
    const big = createVectorMatrix(chunkIds, many, dimensions);
    const query = Float32Array.from([0.3, -0.2, 0.9, 0.1, 0, -0.4, 0.2]);
    const all = searchVectorMatrix(big, query, rows);
    expect(searchVectorMatrix(big, query, 10)).toEqual(all.slice(0, 10));
  });

  it('handles k larger than the rows, k = 0, and rejects a query of the wrong width', () => {
    expect(searchVectorMatrix(matrix, Float32Array.from([1, 0, 0]), 50)).toHaveLength(5);
    expect(searchVectorMatrix(matrix, Float32Array.from([1, 0, 0]), 0)).toEqual([]);
    expect(() => searchVectorMatrix(matrix, Float32Array.from([1, 0]), 3)).toThrow(/dimensions/);
  });
});
