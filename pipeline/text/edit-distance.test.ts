import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.ts';

describe('editDistance', () => {
  it('counts substitutions, insertions, deletions and swaps of neighbours as one edit each', () => {
    expect(editDistance('licensing', 'licensing', 2)).toBe(0);
    expect(editDistance('licnesing', 'licensing', 2)).toBe(1);
    expect(editDistance('reqhire', 'require', 2)).toBe(1);
    expect(editDistance('audt', 'audit', 2)).toBe(1);
    expect(editDistance('wallbozrd', 'wallboard', 2)).toBe(1);
    expect(editDistance('subscriber', 'subscirbre', 3)).toBe(2);
  });

  it('stops at the limit', () => {
    expect(editDistance('redistribution', 'distribution', 1)).toBe(2);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
