import { describe, expect, it } from 'vitest';
import { BaselineCase, PerturbationCase } from '../golden/golden-case.ts';
import { createExpectedCase } from './create-expected-case.ts';
import { FEE_SPAN, REFUSAL } from './testing/score-fixtures.ts';

const evidence = [{ doc: FEE_SPAN.doc, page: 1, quote: 'Real Time11 Device $134.50' }];

describe('createExpectedCase', () => {
  it('turns a baseline case into an expectation', () => {
    const goldenCase = BaselineCase.parse({ id: 'fees-001', question: 'Fee?', should_refuse: false, evidence, answer_terms: ['$134.50'], category: 'fees_lookup' });
    expect(createExpectedCase(goldenCase, { evidence: [FEE_SPAN], refusal: REFUSAL, docAliases: { a: ['b'] } })).toEqual({
      id: 'fees-001',
      kind: 'baseline',
      category: 'fees_lookup',
      expectation: 'answer',
      answerTerms: ['$134.50'],
      question: 'Fee?',
      quotes: ['Real Time11 Device $134.50'],
      evidence: [FEE_SPAN],
      refusal: REFUSAL,
      docAliases: { a: ['b'] },
    });
    const refusal = BaselineCase.parse({ id: 'r', question: 'Steak?', should_refuse: true, category: 'refusal_out_of_scope' });
    expect(createExpectedCase(refusal, { evidence: [], refusal: REFUSAL }).expectation).toBe('refuse');
  });

  it('turns perturbations into expectations by their expect', () => {
    const same = PerturbationCase.parse({ id: 'p1', base_id: 'fees-001', question: 'Fee!', kind: 'casing_punct', expect: 'same', evidence, answer_terms: ['$134.50'] });
    expect(createExpectedCase(same, { evidence: [FEE_SPAN], refusal: REFUSAL })).toEqual({
      id: 'p1',
      kind: 'perturbation',
      baseId: 'fees-001',
      perturbationKind: 'casing_punct',
      expect: 'same',
      expectation: 'answer',
      answerTerms: ['$134.50'],
      question: 'Fee!',
      quotes: ['Real Time11 Device $134.50'],
      evidence: [FEE_SPAN],
      refusal: REFUSAL,
    });
    const flip = PerturbationCase.parse({ id: 'p2', base_id: 'fees-001', question: 'Nasdaq fee?', kind: 'distractor_flip', expect: 'refuse' });
    expect(createExpectedCase(flip, { evidence: [], refusal: REFUSAL }).expectation).toBe('refuse');
  });
});
