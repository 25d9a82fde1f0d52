/** Scoring: per-case scores, run metrics with Wilson intervals, and the QA contract's gates. */
export { computeMetrics } from './compute-metrics.ts';
export type { InvarianceBreak, LatencySummary, RateMetric, RunMetrics, UsageSummary } from './compute-metrics.ts';
export { createExpectedCase } from './create-expected-case.ts';
export type { ExpectedCaseContext } from './create-expected-case.ts';
export { EQUALITY_MARGIN, evaluateGates } from './evaluate-gates.ts';
export type { GateResult } from './evaluate-gates.ts';
export { findMetric } from './find-metric.ts';
export { Gate, Gates } from './gates.ts';
export { defaultGatesFile, loadGates } from './load-gates.ts';
export type { LoadedGates } from './load-gates.ts';
export type { AnswerTermMatch } from './match-answer-terms.ts';
export { measureSpanRecall } from './measure-span-recall.ts';
export type { DocumentAliases, DocumentSpan, SpanRecall } from './measure-span-recall.ts';
export { MetricName, MetricPopulation } from './metric-names.ts';
export { scoreCase } from './score-case.ts';
export type { CaseFailure, CaseFailureReason, CaseScore, ExpectedCase, HallucinationFlag, HallucinationKind, ObservedResult, ObservedStatus } from './score-case.ts';
export { Z_95, wilsonInterval } from './wilson-interval.ts';
