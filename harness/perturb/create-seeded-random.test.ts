import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './create-seeded-random.ts';

function draw(random: ReturnType<typeof createSeededRandom>, count: number): number[] {
  return Array.from({ length: count }, () => random.next());
}

describe('createSeededRandom', () => {
  it('gives the same sequence for the same seed and labels, and another for another seed or label', () => {
    expect(draw(createSeededRandom(1, 'fees-001', 'typo'), 5)).toEqual(draw(createSeededRandom(1, 'fees-001', 'typo'), 5));
    expect(draw(createSeededRandom(2, 'fees-001', 'typo'), 5)).not.toEqual(draw(createSeededRandom(1, 'fees-001', 'typo'), 5));
    expect(draw(createSeededRandom(1, 'fees-001', 'synonym'), 5)).not.toEqual(draw(createSeededRandom(1, 'fees-001', 'typo'), 5));
    // Labels are separated, so `ab` + `c` is not `a` + `bc`.
    expect(draw(createSeededRandom(1, 'ab', 'c'), 3)).not.toEqual(draw(createSeededRandom(1, 'a', 'bc'), 3));
  });

  it('stays in range and spreads over it', () => {
    const random = createSeededRandom(7);
    const values = draw(random, 2000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const buckets = [0, 0, 0, 0];
    for (const value of values) buckets[Math.floor(value * 4)]! += 1;
    for (const bucket of buckets) expect(bucket).toBeGreaterThan(400);
    const integers = Array.from({ length: 500 }, () => random.integer(3));
    expect(new Set(integers)).toEqual(new Set([0, 1, 2]));
  });

  it('picks from a list, and shuffles into a permutation without touching the input', () => {
    const random = createSeededRandom(3, 'x');
    const items = ['a', 'b', 'c', 'd', 'e'] as const;
    expect(items).toContain(random.pick(items));
    expect(random.pick([])).toBeUndefined();
    const shuffled = random.shuffle(items);
    expect([...shuffled].sort()).toEqual([...items]);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
