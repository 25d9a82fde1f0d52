import { describe, expect, it } from 'vitest';
import { exactParts } from './create-replay-pipeline.ts';

describe('exactParts', () => {
  it('gives three float32 parts whose dot product with ones is the stored double, as retrieval computes it', () => {
    const ones = new Float32Array([1, 1, 1]);
    // Similarities as the pipeline stores them: doubles with all 53 bits, positive and negative.
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [0, 1, -1, 0.1, 0.2 + 0.1, 1 / 3, 0.2691434184463555, ...Array.from({ length: 2000 }, () => (next() - 0.3) * next() + next() / 2 ** 20)];
    for (const value of values) {
      const parts = exactParts(value);
      let sum = 0;
      for (let index = 0; index < ones.length; index += 1) sum += ones[index]! * parts[index]!;
      expect(sum, String(value)).toBe(value);
    }
  });
});
