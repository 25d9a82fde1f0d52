import { describe, expect, it } from 'vitest';
import { RERANK_FEATURES } from '../../pipeline/rerank/measure-rerank-features.ts';
import type { TuningGroup } from './collect-tuning-rows.ts';
import { chooseThreshold, crossValidate, fitTunedModel, foldOf, measureGroups } from './cross-validate.ts';

const coverage = RERANK_FEATURES.indexOf('clauseCoverage');

/**
 * Synthetic pools: in an answerable case the expected chunk has a higher value of one feature
 * (plus noise on every feature); a should-refuse case's pool has only low values. A model that
 * learns the feature ranks the expected chunk first and refuses the low pools.
 */
function syntheticGroups(count: number): TuningGroup[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: count }, (_, index) => {
    const refuse = index % 4 === 3;
    const rows = Array.from({ length: 8 }, (_, position) => {
      const row = RERANK_FEATURES.map(() => random());
      row[coverage] = !refuse && position === index % 8 ? 0.8 + random() * 0.2 : random() * 0.5;
      return row;
    });
    const labels = rows.map((_, position) => (!refuse && position === index % 8 ? 1 : 0));
    return { suite: 'synthetic', caseId: `case-${index}`, expectation: refuse ? 'refuse' : 'answer', rows, labels } satisfies TuningGroup;
  });
}

describe('cross-validation of the learned reranker', () => {
  it('assigns each case a stable fold and spreads cases over every fold', () => {
    const groups = syntheticGroups(100);
    expect(groups.map((group) => foldOf(group, 5))).toEqual(groups.map((group) => foldOf(group, 5)));
    const sizes = [0, 1, 2, 3, 4].map((fold) => groups.filter((group) => foldOf(group, 5) === fold).length);
    expect(Math.min(...sizes)).toBeGreaterThan(8);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(100);
  });

  it('learns the feature that sets the expected chunk apart, on held-back folds too', () => {
    expect(coverage).toBeGreaterThanOrEqual(0);
    const groups = syntheticGroups(120);
    const folds = crossValidate(groups, 4, { regularisation: 0.01, iterations: 300 });
    expect(folds).toHaveLength(4);
    expect(folds.reduce((sum, fold) => sum + fold.heldOutCases, 0)).toBe(120);
    for (const fold of folds) {
      expect(fold.trainCases + fold.heldOutCases).toBe(120);
      expect(fold.heldOut.top1).toBeGreaterThan(0.9);
      expect(fold.heldOut.decision).toBeGreaterThan(0.8);
    }
    const model = fitTunedModel(groups, { regularisation: 0.01, iterations: 300 });
    expect(model.ranker.weights[coverage]).toBeGreaterThan(0);
    expect(measureGroups(model, groups).recallAt5).toBe(1);
  });

  it('chooses the cut that puts the most scores on their side', () => {
    expect(chooseThreshold([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBeCloseTo(0.5);
    const cut = chooseThreshold([0.1, 0.6, 0.7, 0.9], [0, 0, 1, 1]);
    expect(cut).toBeGreaterThan(0.6);
    expect(cut).toBeLessThan(0.7);
  });
});
