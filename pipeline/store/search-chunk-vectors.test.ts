import { describe, expect, it } from 'vitest';
import { chooseVectorIndex, VECTOR_INDEX_THRESHOLD, vectorIndexPartitions, vectorSearchSettings } from './search-chunk-vectors.ts';

describe('vector index settings', () => {
  it('indexes from the threshold on, with √rows partitions', () => {
    expect(chooseVectorIndex(VECTOR_INDEX_THRESHOLD - 1)).toBe('flat');
    expect(chooseVectorIndex(VECTOR_INDEX_THRESHOLD)).toBe('ivf_pq');
    expect(vectorIndexPartitions(63_800)).toBe(253);
    expect(vectorIndexPartitions(0)).toBe(1);
  });

  it('probes 15% of the partitions (rounded up) with refine factor 40: the setting measured at 100×', () => {
    expect(vectorSearchSettings(63_800)).toEqual({ nprobes: 38, refineFactor: 40 });
    expect(vectorSearchSettings(VECTOR_INDEX_THRESHOLD)).toEqual({ nprobes: 22, refineFactor: 40 });
    expect(vectorSearchSettings(1_000_000).nprobes).toBe(150);
  });
});
