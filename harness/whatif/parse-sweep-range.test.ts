import { describe, expect, it } from 'vitest';
import { parseSweepRange } from './parse-sweep-range.ts';

describe('parseSweepRange', () => {
  it('gives every value from the start to the end inclusive, at the decimals written', () => {
    const { path, values } = parseSweepRange('retrieval.minSimilarity=0.10:0.40:0.02');
    expect(path).toBe('retrieval.minSimilarity');
    expect(values).toHaveLength(16);
    expect(values.slice(0, 4)).toEqual([0.1, 0.12, 0.14, 0.16]);
    expect(values.at(-1)).toBe(0.4);
    expect(parseSweepRange('gate.relevanceThreshold=0:3:1').values).toEqual([0, 1, 2, 3]);
    expect(parseSweepRange('gate.minTopRatio=1:1.5:0.2').values).toEqual([1, 1.2, 1.4]);
  });

  it('rejects what is not path=from:to:step, and ranges too long to sweep', () => {
    for (const text of ['retrieval.minSimilarity=0.4:0.1:0.02', 'retrieval.minSimilarity=0.1:0.4', 'retrieval.minSimilarity=0.1:0.4:0', 'retrieval.minSimilarity']) {
      expect(() => parseSweepRange(text), text).toThrow(expect.objectContaining({ code: 'input_invalid' }));
    }
    expect(() => parseSweepRange('gate.minTopRatio=1:100:0.01')).toThrow(/at most 200/);
  });
});
