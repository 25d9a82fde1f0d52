import { describe, expect, it } from 'vitest';
import { chooseVocabulary, crossValidateAsk, findCapitalisedWords, fitAskModel, fitSparseLogistic, labelAnswerKind, labelTermKind, measureAskModel } from './fit-ask-model.ts';
import { predictAskKind } from '../../pipeline/question/index.ts';
import type { AskRow } from './fit-ask-model.ts';

describe('labelTermKind', () => {
  it('reads the kind from the term, or from where its quote states a bare number', () => {
    expect(labelTermKind('$1,250,000', [])).toBe('amount');
    expect(labelTermKind('15%', [])).toBe('percentage');
    expect(labelTermKind('January 1, 2026', [])).toBe('date');
    expect(labelTermKind('thirty (30) days', [])).toBe('duration');
    expect(labelTermKind('15', ['Invoices will be paid within 15 days of receipt.'])).toBe('duration');
    expect(labelTermKind('2,500', ['Licensee Group | $2,500'])).toBe('amount');
    expect(labelTermKind('17', ['a fee of 17 percent of the licence fee'])).toBe('percentage');
    expect(labelTermKind('3', ['up to 3 Applications'])).toBe('number');
    expect(labelTermKind('Delaware', ['the laws of the State of Delaware'])).toBe('none');
  });

  it('labels a case by its most telling term: a value before a bare number', () => {
    expect(labelAnswerKind(['Premium', '$1,820'], [])).toBe('amount');
    expect(labelAnswerKind(['3', 'sixty (60) days'], [])).toBe('duration');
    expect(labelAnswerKind(['Licensee Group'], [])).toBe('none');
  });
});

describe('fitSparseLogistic', () => {
  it('learns which 0/1 feature marks the positive rows', () => {
    const rows = [[0], [0, 2], [1], [1, 2], [0], [1]];
    const labels = [1, 1, 0, 0, 1, 0];
    const model = fitSparseLogistic(rows, labels, 3, 0.001, 300);
    expect(model.weights[0]!).toBeGreaterThan(1);
    expect(model.weights[1]!).toBeLessThan(-1);
    expect(Math.abs(model.weights[2]!)).toBeLessThan(0.5);
  });
});

describe('ask model', () => {
  // Invented questions: durations asked by `how soon`, amounts by `what fee`, none by `who`.
  const rows: AskRow[] = [];
  const suites = ['a', 'b', 'c', 'd', 'e', 'f'];
  suites.forEach((suite, position) => {
    rows.push({ suite, caseId: `${suite}1`, question: `how soon may the licensor end the deal ${position}`, ruled: 'none', label: 'duration' });
    rows.push({ suite, caseId: `${suite}2`, question: `how soon must the invoice be settled ${position}`, ruled: 'none', label: 'duration' });
    rows.push({ suite, caseId: `${suite}3`, question: `what fee does the licensee owe for the mark ${position}`, ruled: 'amount', label: 'amount' });
    rows.push({ suite, caseId: `${suite}4`, question: `what fee applies to the second store ${position}`, ruled: 'amount', label: 'amount' });
    rows.push({ suite, caseId: `${suite}5`, question: `who owns the improvements ${position}`, ruled: 'none', label: 'none' });
    rows.push({ suite, caseId: `${suite}6`, question: `who may assign the rights ${position}`, ruled: 'none', label: 'none' });
    rows.push({ suite, caseId: `${suite}7`, question: `what cut of net sales does the distributor keep ${position}`, ruled: 'none', label: 'percentage' });
    rows.push({ suite, caseId: `${suite}8`, question: `what cut of gross revenue goes to the franchisor ${position}`, ruled: 'none', label: 'percentage' });
  });
  const isWord = (word: string) => !/\d/.test(word);

  it('keeps words of at least four questions from three suites, and only words `isWord` accepts', () => {
    const vocabulary = chooseVocabulary(rows, isWord);
    expect(vocabulary).toContain('how_soon');
    expect(vocabulary).toContain('fee');
    expect(vocabulary).not.toContain('0');
    expect(chooseVocabulary(rows.filter((row) => row.suite === 'a'), isWord)).toEqual([]);
  });

  it('predicts the kind of a new question and writes one model per kind over one vocabulary', () => {
    const model = fitAskModel(rows, chooseVocabulary(rows, isWord), 0.001);
    expect(predictAskKind({ models: model }, 'how soon can the agreement end').kind).toBe('duration');
    expect(predictAskKind({ models: model }, 'how soon can the agreement end').probability).toBeGreaterThan(0.5);
    expect(predictAskKind({ models: model }, 'who owns the goodwill').probability).toBeLessThan(0.5);
    const written = model;
    expect(predictAskKind({ models: model }, 'what cut of the takings does the reseller keep').kind).toBe('percentage');
    expect(written.map((entry) => entry.kind)).toEqual(['amount', 'duration', 'date', 'percentage']);
    expect(written[0]!.features).toEqual(chooseVocabulary(rows, isWord));
    expect(written[0]!.scale.every((scale) => scale === 1)).toBe(true);
  });

  it('counts the overrides of a value the rules read, and takes them only at the override threshold', () => {
    const model = fitAskModel(rows, chooseVocabulary(rows, isWord), 0.001);
    const misread: AskRow = { suite: 'z', caseId: 'z1', question: 'what cut of the takings does the reseller keep', ruled: 'amount', label: 'percentage' };
    expect(measureAskModel(model, [misread], 0.5)).toMatchObject({ overridden: 0, rulesAccuracy: 0, combinedAccuracy: 0 });
    expect(measureAskModel(model, [misread], 0.5, 0.5)).toMatchObject({ overridden: 1, overriddenRight: 1, combinedAccuracy: 1 });
  });

  it('cross-validates by whole suites and picks the lowest threshold whose held-back switches are right', () => {
    const validated = crossValidateAsk(rows, 2, 0.001, isWord);
    expect(validated.folds.map((fold) => fold.heldOutSuites)).toEqual([['a', 'c', 'e'], ['b', 'd', 'f']]);
    expect(validated.threshold).toBe(0.5);
    for (const fold of validated.folds) {
      // Three held-back suites, each with two durations and two percentages the rules read as nothing.
      expect(fold.heldOut.switched).toBe(12);
      expect(fold.heldOut.switchedRight).toBe(12);
      expect(fold.heldOut.combinedAccuracy).toBe(1);
      expect(fold.heldOut.rulesAccuracy).toBeCloseTo(4 / 8);
    }
  });
});

describe('findCapitalisedWords', () => {
  it('finds the words written capitalised inside sentences, not those that only open one', () => {
    const names = findCapitalisedWords(['What fee does Village Media owe?', 'Is the village licence exclusive? Village terms apply.', 'What does the Hertz licence cover?', 'Royalty due: what rate?']);
    expect(names.has('hertz')).toBe(true);
    expect(names.has('media')).toBe(true);
    expect(names.has('village')).toBe(true);
    expect(names.has('royalty')).toBe(false);
    expect(names.has('what')).toBe(false);
  });
});
