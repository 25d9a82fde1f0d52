import { describe, expect, it } from 'vitest';
import { recordFolds } from './record-folds.ts';

describe('recordFolds', () => {
  it('keeps each fold’s counts and copies its figures, leaving other fields out', () => {
    const train = { accuracy: 0.9 };
    const folds = [{ fold: 0, trainCases: 8, heldOutCases: 2, train, heldOut: { accuracy: 0.5 }, heldOutSuites: ['a'] }];
    const recorded = recordFolds(folds);
    expect(recorded).toEqual([{ fold: 0, trainCases: 8, heldOutCases: 2, train: { accuracy: 0.9 }, heldOut: { accuracy: 0.5 } }]);
    expect(recorded[0]!.train).not.toBe(train);
  });
});
