/**
 * Builders of expected cases and observed results for scoring tests: a passing shape by default,
 * changed field by field in each test.
 */
import type { DocumentSpan } from '../measure-span-recall.ts';
import type { ExpectedCase, ObservedResult } from '../score-case.ts';

/** The suite refusal string the fixtures use. */
export const REFUSAL = 'This is not addressed in the provided CME documents.';

/** The located expected quote of the fixtures' answerable case. */
export const FEE_SPAN: DocumentSpan = { doc: 'january-2026-market-data-fee-list.pdf', page: 1, start: 260, end: 300 };

/** An answerable baseline case expecting `$134.50` and `device`, with one expected span. */
export function createAnswerableCase(changes: Partial<ExpectedCase> = {}): ExpectedCase {
  return {
    id: 'fees-001',
    kind: 'baseline',
    category: 'fees_lookup',
    expectation: 'answer',
    answerTerms: ['$134.50', 'device'],
    question: 'What is the real-time display device fee in the January 2026 fee list?',
    quotes: ['Real Time Device $134.50'],
    evidence: [FEE_SPAN],
    refusal: REFUSAL,
    ...changes,
  };
}

/** A should-refuse baseline case. */
export function createRefusalCase(changes: Partial<ExpectedCase> = {}): ExpectedCase {
  return { id: 'refuse-001', kind: 'baseline', category: 'refusal_out_of_scope', expectation: 'refuse', answerTerms: [], question: 'What are the Nasdaq fees for 2027?', quotes: [], evidence: [], refusal: REFUSAL, ...changes };
}

/** A correct, fully cited answer to the answerable case. */
export function createAnswer(changes: Partial<ObservedResult> = {}): ObservedResult {
  return {
    status: 'answered',
    answer: 'The real-time display Device fee is $134.50 per month [C1].',
    generatorCalls: 1,
    usedEvidence: [{ ...FEE_SPAN, start: 200, end: 420 }],
    candidatePool: [{ ...FEE_SPAN, start: 200, end: 420 }],
    hallucinations: [],
    fallbackUsed: false,
    rerankFallback: false,
    attributionCoverage: 1,
    latencyMs: 1200,
    tokens: { prompt: 900, completion: 40 },
    costUsd: 0.0021,
    ...changes,
  };
}

/** A correct refusal made before any generator call. */
export function createRefusal(changes: Partial<ObservedResult> = {}): ObservedResult {
  return {
    status: 'refused',
    answer: '',
    refusalReason: 'low_similarity',
    refusalText: REFUSAL,
    generatorCalls: 0,
    usedEvidence: [],
    candidatePool: [],
    hallucinations: [],
    fallbackUsed: false,
    rerankFallback: false,
    latencyMs: 300,
    tokens: { prompt: 0, completion: 0 },
    costUsd: 0,
    ...changes,
  };
}
