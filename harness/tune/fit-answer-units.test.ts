import { describe, expect, it } from 'vitest';
import { chooseUnit, crossValidateUnitRanker, fitUnitRanker, measureUnitRanker } from './fit-answer-units.ts';
import type { UnitGroup } from './fit-answer-units.ts';

// Invented cases with two features per unit: [rules' rank, holds the kind asked]. The rules put
// first the unit of highest rank; the answer is the unit holding the kind asked, wherever it ranks.
function group(suite: string, caseId: string, answerAt: number): UnitGroup {
  const rows = [0, 1, 2].map((place) => [3 - place, place === answerAt ? 1 : 0]);
  return { suite, caseId, rows, labels: rows.map((_, place) => (place === answerAt ? 1 : 0)) };
}
const groups = ['a', 'b', 'c', 'd'].flatMap((suite) => [group(suite, `${suite}1`, 1), group(suite, `${suite}2`, 2), group(suite, `${suite}3`, 0)]);

describe('the learned choice of answer unit', () => {
  it('learns what sets the answering unit apart from its neighbours, over the rules\' rank', () => {
    const ranker = fitUnitRanker(groups, { regularisation: 0.001 });
    expect(ranker.weights[1]!).toBeGreaterThan(Math.abs(ranker.weights[0]!));
    expect(chooseUnit(ranker, [[3, 0], [2, 0], [1, 1]])).toBe(2);
    expect(measureUnitRanker(ranker, groups)).toEqual({ top1: 1, rulesTop1: 4 / 12 });
  });

  it('cross-validates by whole suites', () => {
    const folds = crossValidateUnitRanker(groups, 2, { regularisation: 0.001 });
    expect(folds.map((fold) => fold.heldOutSuites)).toEqual([['a', 'c'], ['b', 'd']]);
    for (const fold of folds) {
      expect(fold.heldOutCases).toBe(6);
      expect(fold.heldOut.top1).toBe(1);
      expect(fold.heldOut.rulesTop1).toBeCloseTo(2 / 6);
    }
  });
});
