import { describe, expect, it } from 'vitest';
import { scoreCase } from './score-case.ts';
import { FEE_SPAN, REFUSAL, createAnswer, createAnswerableCase, createRefusal, createRefusalCase } from './testing/score-fixtures.ts';

function reasons(score: ReturnType<typeof scoreCase>): string[] {
  return score.failures.map((failure) => failure.reason);
}

describe('scoreCase on an answerable case', () => {
  it('passes a cited answer with every term and an expected span in the evidence', () => {
    const score = scoreCase(createAnswerableCase(), createAnswer());
    expect(score).toMatchObject({
      id: 'fees-001',
      kind: 'baseline',
      expectation: 'answer',
      status: 'answered',
      passed: true,
      failures: [],
      evidenceRecall: { overlapped: 1, expected: 1, rate: 1 },
      poolRecall: { overlapped: 1, expected: 1, rate: 1 },
      answerTerms: [
        { term: '$134.50', present: true },
        { term: 'device', present: true },
      ],
      attributionCoverage: 1,
    });
    expect(score.refusalTextExact).toBeUndefined();
  });

  it('fails an answer that states a figure, date or party its expected evidence does not (answer_imprecise), listing them', () => {
    const score = scoreCase(createAnswerableCase(), createAnswer({ answer: 'The real-time display Device fee is $134.50 [C1]. From January 1, 2025 it was $130.10 [C2].' }));
    expect(reasons(score)).toEqual(['answer_imprecise']);
    expect(score.unexpectedSpans).toEqual([
      { kind: 'date', text: 'January 1, 2025' },
      { kind: 'amount', text: '$130.10' },
    ]);
    expect(score.failures[0]?.detail).toBe('answer states what its expected evidence does not: date "January 1, 2025", amount "$130.10"');
    expect(scoreCase(createAnswerableCase(), createAnswer()).unexpectedSpans).toEqual([]);
  });

  it('fails when an answer term is missing', () => {
    const score = scoreCase(createAnswerableCase(), createAnswer({ answer: 'The fee is $134.50 [C1].' }));
    expect(reasons(score)).toEqual(['missing_answer_terms']);
    expect(score.failures[0]?.detail).toBe('answer lacks "device"');
  });

  it('fails when no expected span is in the selected evidence, even if the pool had it', () => {
    const score = scoreCase(createAnswerableCase(), createAnswer({ usedEvidence: [{ ...FEE_SPAN, page: 2 }] }));
    expect(reasons(score)).toEqual(['evidence_missed']);
    expect(score.evidenceRecall.rate).toBe(0);
    expect(score.poolRecall.rate).toBe(1);
  });

  it('passes with one of two expected spans, and reports the partial recall', () => {
    const second = { ...FEE_SPAN, page: 3 };
    const score = scoreCase(createAnswerableCase({ evidence: [FEE_SPAN, second] }), createAnswer());
    expect(score.passed).toBe(true);
    expect(score.evidenceRecall).toEqual({ overlapped: 1, expected: 2, rate: 0.5 });
  });

  it('counts evidence found on a byte-identical duplicate document', () => {
    const duplicate = [{ ...FEE_SPAN, doc: 'fee-list-copy.pdf' }];
    expect(scoreCase(createAnswerableCase(), createAnswer({ usedEvidence: duplicate })).passed).toBe(false);
    const aliased = createAnswerableCase({ docAliases: { [FEE_SPAN.doc]: ['fee-list-copy.pdf'] } });
    expect(scoreCase(aliased, createAnswer({ usedEvidence: duplicate })).passed).toBe(true);
  });

  it('fails when the expected evidence could not be located', () => {
    const score = scoreCase(createAnswerableCase({ evidence: [] }), createAnswer());
    expect(score.failures).toEqual([{ reason: 'evidence_missed', detail: 'no expected evidence was located in the index' }]);
  });

  it('fails on any hallucination', () => {
    const score = scoreCase(createAnswerableCase(), createAnswer({ hallucinations: [{ kind: 'unsupported_number', detail: '$129.50' }] }));
    expect(score.failures).toEqual([{ reason: 'hallucination', detail: 'unsupported_number: $129.50' }]);
  });

  it('lists every failed condition at once', () => {
    const observed = createAnswer({ answer: 'No idea [C9].', usedEvidence: [], hallucinations: [{ kind: 'invented_anchor', detail: '[C9]' }] });
    expect(reasons(scoreCase(createAnswerableCase(), observed))).toEqual(['missing_answer_terms', 'evidence_missed', 'hallucination']);
  });

  it('fails a refusal of an answerable question, with its reason', () => {
    const score = scoreCase(createAnswerableCase(), createRefusal({ refusalReason: 'coverage_missing_terms' }));
    expect(score.failures).toEqual([{ reason: 'refused_answerable', detail: 'refused an answerable question (coverage_missing_terms)' }]);
    expect(score).toMatchObject({ status: 'refused', refusalReason: 'coverage_missing_terms', refusalTextExact: true });
    expect(score.answerTerms.every((match) => !match.present)).toBe(true);
  });

  it('fails a pipeline failure and keeps its error', () => {
    const error = { code: 'provider_unreachable', message: 'connect ECONNREFUSED' };
    const score = scoreCase(createAnswerableCase(), createAnswer({ status: 'failed', answer: '', error }));
    expect(score.failures).toEqual([{ reason: 'pipeline_failed', detail: 'the pipeline failed (provider_unreachable: connect ECONNREFUSED)' }]);
    expect(score.error).toEqual(error);
  });
});

describe('scoreCase on a should-refuse case', () => {
  it('passes an exact refusal without a generator call', () => {
    const score = scoreCase(createRefusalCase(), createRefusal());
    expect(score).toMatchObject({ passed: true, failures: [], expectation: 'refuse', refusalTextExact: true, refusalReason: 'low_similarity' });
    expect(score.evidenceRecall.rate).toBeNull();
  });

  it('fails a refusal with another text', () => {
    const score = scoreCase(createRefusalCase(), createRefusal({ refusalText: `${REFUSAL} Sorry.` }));
    expect(reasons(score)).toEqual(['wrong_refusal_text']);
    expect(score.refusalTextExact).toBe(false);
  });

  it('fails a refusal that came from the generator', () => {
    const score = scoreCase(createRefusalCase(), createRefusal({ refusalReason: 'generator_refused', generatorCalls: 1 }));
    expect(score.failures).toEqual([{ reason: 'generator_called', detail: 'the generator was called 1 time(s)' }]);
  });

  it('fails an answer', () => {
    expect(reasons(scoreCase(createRefusalCase(), createAnswer()))).toEqual(['answered_should_refuse', 'generator_called']);
  });

  it('fails a pipeline failure', () => {
    expect(reasons(scoreCase(createRefusalCase(), createRefusal({ status: 'failed', refusalText: undefined })))).toEqual(['pipeline_failed']);
  });

  it("scores an expect-'refuse' perturbation like a should-refuse case and keeps its identity", () => {
    const expected = createRefusalCase({ id: 'fees-001-flip', kind: 'perturbation', baseId: 'fees-001', perturbationKind: 'distractor_flip', expect: 'refuse', category: undefined });
    const score = scoreCase(expected, createRefusal());
    expect(score).toMatchObject({ id: 'fees-001-flip', kind: 'perturbation', baseId: 'fees-001', perturbationKind: 'distractor_flip', expect: 'refuse', passed: true });
    expect(score).not.toHaveProperty('category');
  });
});
