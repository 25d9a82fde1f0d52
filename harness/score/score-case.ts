import { matchAnswerTerms } from './match-answer-terms.ts';
import type { AnswerTermMatch } from './match-answer-terms.ts';
import { findUnexpectedSpans } from './find-unexpected-spans.ts';
import type { UnexpectedSpan } from './find-unexpected-spans.ts';
import { measureSpanRecall } from './measure-span-recall.ts';
import type { DocumentAliases, DocumentSpan, SpanRecall } from './measure-span-recall.ts';

/** What the pipeline did with a question. */
export type ObservedStatus = 'answered' | 'refused' | 'failed';

/** The kinds of hallucination the pipeline's answer checks report. */
export type HallucinationKind = 'invented_anchor' | 'uncited_factual_sentence' | 'unsupported_number' | 'unsupported_date';

/** One hallucination found in an answer. */
export interface HallucinationFlag {
  kind: HallucinationKind;
  /** What was found, e.g. the invented anchor or the number absent from the cited evidence. */
  detail: string;
}

/**
 * What the pipeline returned for one question, in the harness's own terms: the runner maps the
 * pipeline's result to this, so scoring does not depend on the pipeline's types.
 */
export interface ObservedResult {
  status: ObservedStatus;
  /** The answer text; `''` when refused or failed. */
  answer: string;
  /** Why the pipeline refused (its machine-readable reason, e.g. `low_similarity`); absent unless refused. */
  refusalReason?: string;
  /** The exact text returned as the refusal; absent unless refused. */
  refusalText?: string;
  /** Calls made to the generator (the LLM); a correct refusal makes none. */
  generatorCalls: number;
  /** Spans of the chunks selected as evidence for the answer (what the generator was given). */
  usedEvidence: DocumentSpan[];
  /** Spans of the candidate pool before rerank. */
  candidatePool: DocumentSpan[];
  /** Hallucinations the answer checks found; empty when none or when not answered. */
  hallucinations: HallucinationFlag[];
  /** Fallback retrieval was used. */
  fallbackUsed: boolean;
  /** The reranker failed or was skipped and the retrieval order was kept. */
  rerankFallback: boolean;
  /** Share of the answer's factual sentences that cite valid evidence, 0..1; absent unless answered. */
  attributionCoverage?: number;
  latencyMs: number;
  tokens: { prompt: number; completion: number };
  /** Estimated cost in USD from the configured pricing. */
  costUsd: number;
  /** The error that stopped the case (status `failed`), or a non-fatal one the pipeline reported. */
  error?: { code: string; message: string };
}

/** What a golden case expects, with its quotes already located as spans. */
export interface ExpectedCase {
  id: string;
  kind: 'baseline' | 'perturbation';
  /** The base case of a perturbation. */
  baseId?: string;
  /** The perturbation's kind (`typo`, `synonym`…). */
  perturbationKind?: string;
  /** The perturbation's `expect`. */
  expect?: 'same' | 'refuse';
  category?: string;
  /** `answer` for answerable cases; `refuse` for should-refuse cases and `expect: 'refuse'` perturbations. */
  expectation: 'answer' | 'refuse';
  answerTerms: string[];
  /** The question as asked (a perturbation's own wording): what it states, the answer may repeat. */
  question: string;
  /** The expected evidence quotes as written in the golden file: the figures, dates and parties an answer may state. */
  quotes: string[];
  /** The located expected quotes. */
  evidence: DocumentSpan[];
  /** The exact refusal string of the suite. */
  refusal: string;
  /** Byte-identical duplicates: a span on either document counts. */
  docAliases?: DocumentAliases;
}

/** Why a case did not pass. */
export type CaseFailureReason =
  | 'pipeline_failed'
  | 'refused_answerable'
  | 'missing_answer_terms'
  | 'evidence_missed'
  | 'hallucination'
  | 'answer_imprecise'
  | 'answered_should_refuse'
  | 'wrong_refusal_text'
  | 'generator_called';

/** One reason a case failed, with what was seen. */
export interface CaseFailure {
  reason: CaseFailureReason;
  detail: string;
}

/** The per-case measurements a score carries over unchanged from what the pipeline returned. */
type CarriedMeasurements = Pick<
  ObservedResult,
  'generatorCalls' | 'hallucinations' | 'fallbackUsed' | 'rerankFallback' | 'attributionCoverage' | 'latencyMs' | 'tokens' | 'costUsd' | 'error'
>;

/** The score of one case: pass or fail with reasons, and every per-case measurement. */
export interface CaseScore extends CarriedMeasurements {
  id: string;
  kind: 'baseline' | 'perturbation';
  baseId?: string;
  perturbationKind?: string;
  expect?: 'same' | 'refuse';
  category?: string;
  expectation: 'answer' | 'refuse';
  status: ObservedStatus;
  passed: boolean;
  /** Empty exactly when `passed`. */
  failures: CaseFailure[];
  /** Expected spans overlapped by the selected evidence. */
  evidenceRecall: SpanRecall;
  /** Expected spans overlapped by the candidate pool before rerank. */
  poolRecall: SpanRecall;
  answerTerms: AnswerTermMatch[];
  /**
   * Figures, dates and party names the answer states that the case's question, expected quotes and
   * answer terms do not (a distractor row); present exactly when an answerable case was answered.
   */
  unexpectedSpans?: UnexpectedSpan[];
  refusalReason?: string;
  /** Whether the refusal text equals the suite's refusal string exactly; absent unless refused. */
  refusalTextExact?: boolean;
}

/**
 * Scores one case. An answerable case passes when it was answered, every answer term is present,
 * at least one expected span is overlapped by the selected evidence, no hallucination was found and
 * the answer states no figure, date or party name its expected text does not (answer precision).
 * A should-refuse case passes when it was refused with exactly the suite's refusal string and the
 * generator was never called. Every failed condition is listed, not only the first.
 */
export function scoreCase(expected: ExpectedCase, observed: ObservedResult): CaseScore {
  const aliases = expected.docAliases ?? {};
  const evidenceRecall = measureSpanRecall(expected.evidence, observed.usedEvidence, aliases);
  const poolRecall = measureSpanRecall(expected.evidence, observed.candidatePool, aliases);
  const answerTerms = observed.status === 'answered' ? matchAnswerTerms(observed.answer, expected.answerTerms) : expected.answerTerms.map((term) => ({ term, present: false }));
  const unexpectedSpans =
    expected.expectation === 'answer' && observed.status === 'answered'
      ? findUnexpectedSpans(observed.answer, [expected.question, ...expected.quotes, ...expected.answerTerms])
      : undefined;
  const refusalTextExact = observed.status === 'refused' ? observed.refusalText === expected.refusal : undefined;
  const failures =
    expected.expectation === 'answer'
      ? findAnswerFailures(observed, answerTerms, evidenceRecall, unexpectedSpans ?? [])
      : findRefusalFailures(observed, expected.refusal);

  return {
    id: expected.id,
    kind: expected.kind,
    ...(expected.baseId !== undefined ? { baseId: expected.baseId } : {}),
    ...(expected.perturbationKind !== undefined ? { perturbationKind: expected.perturbationKind } : {}),
    ...(expected.expect !== undefined ? { expect: expected.expect } : {}),
    ...(expected.category !== undefined ? { category: expected.category } : {}),
    expectation: expected.expectation,
    status: observed.status,
    passed: failures.length === 0,
    failures,
    evidenceRecall,
    poolRecall,
    answerTerms,
    ...(unexpectedSpans !== undefined ? { unexpectedSpans } : {}),
    ...(observed.refusalReason !== undefined ? { refusalReason: observed.refusalReason } : {}),
    ...(refusalTextExact !== undefined ? { refusalTextExact } : {}),
    generatorCalls: observed.generatorCalls,
    hallucinations: observed.hallucinations,
    fallbackUsed: observed.fallbackUsed,
    rerankFallback: observed.rerankFallback,
    ...(observed.attributionCoverage !== undefined ? { attributionCoverage: observed.attributionCoverage } : {}),
    latencyMs: observed.latencyMs,
    tokens: observed.tokens,
    costUsd: observed.costUsd,
    ...(observed.error !== undefined ? { error: observed.error } : {}),
  };
}

function findAnswerFailures(observed: ObservedResult, answerTerms: readonly AnswerTermMatch[], evidenceRecall: SpanRecall, unexpectedSpans: readonly UnexpectedSpan[]): CaseFailure[] {
  if (observed.status === 'failed') return [failedFailure(observed)];
  if (observed.status === 'refused') {
    const reason = observed.refusalReason === undefined ? '' : ` (${observed.refusalReason})`;
    return [{ reason: 'refused_answerable', detail: `refused an answerable question${reason}` }];
  }
  const failures: CaseFailure[] = [];
  const missing = answerTerms.filter((match) => !match.present).map((match) => match.term);
  if (missing.length > 0) {
    failures.push({ reason: 'missing_answer_terms', detail: `answer lacks ${missing.map((term) => JSON.stringify(term)).join(', ')}` });
  }
  if (evidenceRecall.overlapped === 0) {
    const detail = evidenceRecall.expected === 0 ? 'no expected evidence was located in the index' : `none of the ${evidenceRecall.expected} expected spans is in the selected evidence`;
    failures.push({ reason: 'evidence_missed', detail });
  }
  if (observed.hallucinations.length > 0) {
    failures.push({ reason: 'hallucination', detail: observed.hallucinations.map((flag) => `${flag.kind}: ${flag.detail}`).join('; ') });
  }
  if (unexpectedSpans.length > 0) {
    failures.push({ reason: 'answer_imprecise', detail: `answer states what its expected evidence does not: ${unexpectedSpans.map((span) => `${span.kind} ${JSON.stringify(span.text)}`).join(', ')}` });
  }
  return failures;
}

function findRefusalFailures(observed: ObservedResult, refusal: string): CaseFailure[] {
  if (observed.status === 'failed') return [failedFailure(observed)];
  const failures: CaseFailure[] = [];
  if (observed.status === 'answered') {
    failures.push({ reason: 'answered_should_refuse', detail: 'answered a question that should be refused' });
  } else if (observed.refusalText !== refusal) {
    failures.push({ reason: 'wrong_refusal_text', detail: `refusal was ${JSON.stringify(observed.refusalText ?? '')}, expected ${JSON.stringify(refusal)}` });
  }
  if (observed.generatorCalls > 0) {
    failures.push({ reason: 'generator_called', detail: `the generator was called ${observed.generatorCalls} time(s)` });
  }
  return failures;
}

function failedFailure(observed: ObservedResult): CaseFailure {
  const error = observed.error === undefined ? 'no error reported' : `${observed.error.code}: ${observed.error.message}`;
  return { reason: 'pipeline_failed', detail: `the pipeline failed (${error})` };
}
