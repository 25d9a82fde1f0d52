import type { MetricName, MetricPopulation } from './metric-names.ts';
import type { CaseScore } from './score-case.ts';
import { wilsonInterval } from './wilson-interval.ts';

/** One rate of a run: what was counted, over which cases, and its 95% Wilson interval. */
export interface RateMetric {
  name: MetricName;
  population: MetricPopulation;
  /** The numerator and denominator in words, e.g. `answerable cases refused / answerable cases`. */
  definition: string;
  numerator: number;
  denominator: number;
  /** `numerator / denominator`; `null` when the denominator is 0. */
  rate: number | null;
  /** 95% Wilson interval; absent when the denominator is 0. */
  interval?: [number, number];
}

/** Latency percentiles in milliseconds (nearest rank); `null` when there are no cases. */
export interface LatencySummary {
  p50: number | null;
  p95: number | null;
  max: number | null;
}

/** Latency, tokens and cost of a population of cases. */
export interface UsageSummary {
  cases: number;
  latencyMs: LatencySummary;
  tokens: { prompt: number; completion: number; total: number };
  costUsd: number;
}

/** A perturbation that failed although its base case passed. */
export interface InvarianceBreak {
  baseId: string;
  perturbationId: string;
  perturbationKind?: string;
  expect?: 'same' | 'refuse';
}

/** Everything a run measured, computed from its case scores. */
export interface RunMetrics {
  cases: { baseline: number; perturb: number };
  /**
   * Every metric of `MetricName` for each population `baseline`, `perturb` and `all`, except
   * `perturbation_invariance`, which is reported for `perturb` only.
   */
  rates: RateMetric[];
  usage: Record<MetricPopulation, UsageSummary>;
  /** Base-pass / perturbation-fail pairs, `same` and `refuse` perturbations alike, in score order. */
  invarianceBreaks: InvarianceBreak[];
}

type CaseMetricName = Exclude<MetricName, 'perturbation_invariance'>;

interface RateDefinition {
  definition: string;
  /** `[numerator, denominator]` over the cases of one population. */
  measure: (scores: readonly CaseScore[]) => [number, number];
}

const isAnswerable = (score: CaseScore): boolean => score.expectation === 'answer';
const shouldRefuse = (score: CaseScore): boolean => score.expectation === 'refuse';
const wasAnswered = (score: CaseScore): boolean => score.status === 'answered';

/**
 * The denominators, decided once here: a case that failed (pipeline error) stays in every
 * denominator it belongs to by expectation, so errors lower pass rate, recall and refusal accuracy
 * instead of vanishing from them; rates about an answer (hallucination, attribution) count
 * answered cases only, since a refusal has no sentences to judge. Attribution coverage is a mean of
 * per-answer shares, so its numerator may be fractional.
 */
const RATE_DEFINITIONS: Record<CaseMetricName, RateDefinition> = {
  pass_rate: {
    definition: 'cases passed / cases',
    measure: (scores) => countWhere(scores, () => true, (score) => score.passed),
  },
  evidence_recall: {
    definition: 'expected spans (or their word-for-word copies in other documents) overlapped by the selected evidence / expected spans, over answerable cases',
    measure: (scores) => sumOver(scores.filter(isAnswerable), (score) => [score.evidenceRecall.overlapped, score.evidenceRecall.expected]),
  },
  pool_evidence_recall: {
    definition: 'expected spans (or their word-for-word copies) overlapped by the candidate pool before rerank / expected spans, over answerable cases',
    measure: (scores) => sumOver(scores.filter(isAnswerable), (score) => [score.poolRecall.overlapped, score.poolRecall.expected]),
  },
  refusal_accuracy: {
    definition: 'should-refuse cases refused with the exact refusal string and no generator call / should-refuse cases',
    measure: (scores) => countWhere(scores, shouldRefuse, (score) => score.passed),
  },
  incorrect_refusal_rate: {
    definition: 'answerable cases refused / answerable cases',
    measure: (scores) => countWhere(scores, isAnswerable, (score) => score.status === 'refused'),
  },
  false_acceptance_rate: {
    definition: 'should-refuse cases answered / should-refuse cases',
    measure: (scores) => countWhere(scores, shouldRefuse, wasAnswered),
  },
  hallucination_rate: {
    definition: 'answered cases with at least one hallucination / answered cases',
    measure: (scores) => countWhere(scores, wasAnswered, (score) => score.hallucinations.length > 0),
  },
  fallback_used_rate: {
    definition: 'answerable cases that used fallback retrieval / answerable cases',
    measure: (scores) => countWhere(scores, isAnswerable, (score) => score.fallbackUsed),
  },
  rerank_fallback_rate: {
    definition: 'cases whose rerank fell back to retrieval order / cases that did not fail',
    measure: (scores) => countWhere(scores, (score) => score.status !== 'failed', (score) => score.rerankFallback),
  },
  attribution_coverage: {
    definition: 'sum of per-answer attribution coverage / answered cases (the mean share of factual sentences citing valid evidence)',
    // An answered case that reports no coverage counts as 0: unmeasured attribution is not attribution.
    measure: (scores) => sumOver(scores.filter(wasAnswered), (score) => [score.attributionCoverage ?? 0, 1]),
  },
  answer_precision: {
    definition: 'answerable cases answered stating no figure, date or party name outside their expected evidence / answerable cases answered',
    // A case scored before answer precision existed has no spans recorded and counts as precise.
    measure: (scores) => countWhere(scores, (score) => isAnswerable(score) && wasAnswered(score), (score) => (score.unexpectedSpans ?? []).length === 0),
  },
  error_rate: {
    definition: 'cases that failed or reported an error / cases',
    measure: (scores) => countWhere(scores, () => true, (score) => score.status === 'failed' || score.error !== undefined),
  },
};

const INVARIANCE_DEFINITION = "expect-'same' perturbations whose pass status equals their base case's / expect-'same' perturbations whose base was scored";

/**
 * Computes a run's metrics from its case scores: every rate for `baseline`, `perturb` and `all`,
 * perturbation invariance, latency percentiles, tokens and cost. Rates with no cases in their
 * denominator are `null` without an interval; the gates decide what that means. Evidence recall
 * counts spans, which cluster within cases, and attribution coverage averages shares, so their
 * Wilson intervals are approximations: read them as indicative.
 */
export function computeMetrics(scores: readonly CaseScore[]): RunMetrics {
  const populations: Record<MetricPopulation, readonly CaseScore[]> = {
    baseline: scores.filter((score) => score.kind === 'baseline'),
    perturb: scores.filter((score) => score.kind === 'perturbation'),
    all: scores,
  };
  const rates: RateMetric[] = [];
  for (const population of ['baseline', 'perturb', 'all'] as const) {
    for (const [name, definition] of Object.entries(RATE_DEFINITIONS) as [CaseMetricName, RateDefinition][]) {
      const [numerator, denominator] = definition.measure(populations[population]);
      rates.push(createRateMetric(name, population, definition.definition, numerator, denominator));
    }
  }

  const bases = new Map<string, CaseScore>();
  for (const score of populations.baseline) if (!bases.has(score.id)) bases.set(score.id, score);
  let invariant = 0;
  let compared = 0;
  const invarianceBreaks: InvarianceBreak[] = [];
  for (const perturbation of populations.perturb) {
    const base = perturbation.baseId === undefined ? undefined : bases.get(perturbation.baseId);
    if (base === undefined) continue;
    if (perturbation.expect === 'same') {
      compared += 1;
      if (perturbation.passed === base.passed) invariant += 1;
    }
    if (base.passed && !perturbation.passed) {
      invarianceBreaks.push({
        baseId: base.id,
        perturbationId: perturbation.id,
        ...(perturbation.perturbationKind !== undefined ? { perturbationKind: perturbation.perturbationKind } : {}),
        ...(perturbation.expect !== undefined ? { expect: perturbation.expect } : {}),
      });
    }
  }
  rates.push(createRateMetric('perturbation_invariance', 'perturb', INVARIANCE_DEFINITION, invariant, compared));

  return {
    cases: { baseline: populations.baseline.length, perturb: populations.perturb.length },
    rates,
    usage: {
      baseline: summariseUsage(populations.baseline),
      perturb: summariseUsage(populations.perturb),
      all: summariseUsage(populations.all),
    },
    invarianceBreaks,
  };
}

function createRateMetric(
  name: MetricName,
  population: MetricPopulation,
  definition: string,
  numerator: number,
  denominator: number,
): RateMetric {
  const interval = wilsonInterval(numerator, denominator);
  return {
    name,
    population,
    definition,
    numerator,
    denominator,
    rate: denominator === 0 ? null : numerator / denominator,
    ...(interval !== undefined ? { interval } : {}),
  };
}

function countWhere(
  scores: readonly CaseScore[],
  inDenominator: (score: CaseScore) => boolean,
  inNumerator: (score: CaseScore) => boolean,
): [number, number] {
  const counted = scores.filter(inDenominator);
  return [counted.filter(inNumerator).length, counted.length];
}

function sumOver(scores: readonly CaseScore[], parts: (score: CaseScore) => [number, number]): [number, number] {
  let numerator = 0;
  let denominator = 0;
  for (const score of scores) {
    const [top, bottom] = parts(score);
    numerator += top;
    denominator += bottom;
  }
  return [numerator, denominator];
}

function summariseUsage(scores: readonly CaseScore[]): UsageSummary {
  const latencies = scores.map((score) => score.latencyMs).sort((a, b) => a - b);
  const prompt = scores.reduce((total, score) => total + score.tokens.prompt, 0);
  const completion = scores.reduce((total, score) => total + score.tokens.completion, 0);
  return {
    cases: scores.length,
    latencyMs: {
      p50: nearestRank(latencies, 0.5),
      p95: nearestRank(latencies, 0.95),
      max: latencies.at(-1) ?? null,
    },
    tokens: { prompt, completion, total: prompt + completion },
    costUsd: scores.reduce((total, score) => total + score.costUsd, 0),
  };
}

/** Nearest-rank percentile of sorted values: the smallest value with at least `share` of values at or below it. */
function nearestRank(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  // The epsilon keeps 0.95 × 60 = 57.000000000000007 at rank 57.
  const rank = Math.max(1, Math.ceil(share * sorted.length - 1e-9));
  return sorted[rank - 1] ?? null;
}
