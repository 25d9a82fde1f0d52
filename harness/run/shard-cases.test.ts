import { describe, expect, it } from 'vitest';
import { isClausegateError } from '../../pipeline/errors.ts';
import { parseShard, shardCases, shardOf } from './shard-cases.ts';

const bases = Array.from({ length: 40 }, (_, index) => ({ id: `case-${index}` }));
const perturbations = bases.map((base) => ({ id: `${base.id}.typo`, baseId: base.id }));
const cases = [...bases, ...perturbations];

describe('shardCases', () => {
  it('splits the cases into disjoint shards that together hold every case', () => {
    const shards = [1, 2, 3].map((index) => shardCases(cases, { index, count: 3 }).map((item) => item.id));
    expect(shards.flat().sort()).toEqual(cases.map((item) => item.id).sort());
    expect(new Set(shards.flat()).size).toBe(cases.length);
    for (const shard of shards) expect(shard.length).toBeGreaterThan(0);
  });

  it('puts every perturbation in its base case shard', () => {
    for (const index of [1, 2, 3, 4]) {
      const shard = new Set(shardCases(cases, { index, count: 4 }).map((item) => item.id));
      for (const perturbation of perturbations) expect(shard.has(perturbation.id)).toBe(shard.has(perturbation.baseId));
    }
  });

  it('is stable: a case keeps its shard whatever else is in the suite', () => {
    expect(shardOf('case-7', 4)).toBe(shardOf('case-7', 4));
    const alone = shardCases([{ id: 'case-7' }], { index: shardOf('case-7', 4), count: 4 });
    expect(alone).toEqual([{ id: 'case-7' }]);
    expect(shardCases(cases, null)).toHaveLength(cases.length);
  });
});

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  });

  it.each(['0/4', '5/4', '2', 'a/b', '2/0', '-1/3'])('rejects %j as input_invalid', (text) => {
    let thrown: unknown;
    try {
      parseShard(text);
    } catch (error) {
      thrown = error;
    }
    expect(isClausegateError(thrown, 'input_invalid')).toBe(true);
  });
});
