import { describe, expect, it } from 'vitest';
import { computeMetrics } from './compute-metrics.ts';
import type { RunMetrics } from './compute-metrics.ts';
import { findMetric } from './find-metric.ts';
import type { MetricName, MetricPopulation } from './metric-names.ts';
import { scoreCase } from './score-case.ts';
import type { CaseScore } from './score-case.ts';
import { FEE_SPAN, createAnswer, createAnswerableCase, createRefusal, createRefusalCase } from './testing/score-fixtures.ts';

function fraction(metrics: RunMetrics, name: MetricName, population: MetricPopulation): string {
  const metric = findMetric(metrics, name, population);
  return `${metric?.numerator}/${metric?.denominator}`;
}

/** Baseline: 3 answerable (pass; refused; hallucinated with fallback), 2 should-refuse (pass; answered). */
function createBaselineScores(): CaseScore[] {
  return [
    scoreCase(createAnswerableCase({ id: 'a1' }), createAnswer({ latencyMs: 100 })),
    scoreCase(createAnswerableCase({ id: 'a2', evidence: [FEE_SPAN, { ...FEE_SPAN, page: 2 }] }), createRefusal({ latencyMs: 200, candidatePool: [FEE_SPAN] })),
    scoreCase(
      createAnswerableCase({ id: 'a3' }),
      createAnswer({ latencyMs: 300, fallbackUsed: true, rerankFallback: true, attributionCoverage: 0.5, hallucinations: [{ kind: 'uncited_factual_sentence', detail: 'sentence 2' }] }),
    ),
    scoreCase(createRefusalCase({ id: 'r1' }), createRefusal({ latencyMs: 400 })),
    scoreCase(createRefusalCase({ id: 'r2' }), createAnswer({ latencyMs: 500, usedEvidence: [], attributionCoverage: 1 })),
  ];
}

/** Perturb: a1-p breaks a passing base, a3-p keeps a failing base's status, a1-flip refuses correctly, x-p has no base. */
function createPerturbationScores(): CaseScore[] {
  const perturbation = { kind: 'perturbation' as const, category: undefined };
  return [
    scoreCase(createAnswerableCase({ ...perturbation, id: 'a1-p', baseId: 'a1', perturbationKind: 'typo', expect: 'same' }), createAnswer({ answer: 'It is $134.50 [C1].', latencyMs: 600 })),
    scoreCase(createAnswerableCase({ ...perturbation, id: 'a3-p', baseId: 'a3', perturbationKind: 'synonym', expect: 'same' }), createRefusal({ latencyMs: 700 })),
    scoreCase(createRefusalCase({ ...perturbation, id: 'a1-flip', baseId: 'a1', perturbationKind: 'distractor_flip', expect: 'refuse' }), createRefusal({ latencyMs: 800 })),
    scoreCase(createAnswerableCase({ ...perturbation, id: 'x-p', baseId: 'x', perturbationKind: 'typo', expect: 'same' }), createAnswer({ latencyMs: 900, status: 'failed', answer: '', error: { code: 'provider_failed', message: 'boom' } })),
  ];
}

describe('computeMetrics', () => {
  const metrics = computeMetrics([...createBaselineScores(), ...createPerturbationScores()]);

  it('counts the baseline rates over their documented denominators', () => {
    expect(metrics.cases).toEqual({ baseline: 5, perturb: 4 });
    expect(fraction(metrics, 'pass_rate', 'baseline')).toBe('2/5');
    expect(fraction(metrics, 'evidence_recall', 'baseline')).toBe('2/4');
    expect(fraction(metrics, 'pool_evidence_recall', 'baseline')).toBe('3/4');
    expect(fraction(metrics, 'refusal_accuracy', 'baseline')).toBe('1/2');
    expect(fraction(metrics, 'incorrect_refusal_rate', 'baseline')).toBe('1/3');
    expect(fraction(metrics, 'false_acceptance_rate', 'baseline')).toBe('1/2');
    expect(fraction(metrics, 'hallucination_rate', 'baseline')).toBe('1/3');
    expect(fraction(metrics, 'fallback_used_rate', 'baseline')).toBe('1/3');
    expect(fraction(metrics, 'rerank_fallback_rate', 'baseline')).toBe('1/5');
    expect(fraction(metrics, 'attribution_coverage', 'baseline')).toBe('2.5/3');
    expect(fraction(metrics, 'error_rate', 'baseline')).toBe('0/5');
  });

  it('measures answer precision over answerable cases that were answered, failing those that state a distractor figure', () => {
    const scores = [
      scoreCase(createAnswerableCase({ id: 'p1' }), createAnswer()),
      scoreCase(createAnswerableCase({ id: 'p2' }), createAnswer({ answer: 'The real-time display Device fee is $134.50 [C1]; the delayed Device fee is $5 [C2].' })),
      scoreCase(createAnswerableCase({ id: 'p3' }), createRefusal()),
      scoreCase(createRefusalCase({ id: 'p4' }), createAnswer({ answer: 'The Device fee is $99 [C1].' })),
    ];
    const precision = computeMetrics(scores);
    expect(fraction(precision, 'answer_precision', 'baseline')).toBe('1/2');
    expect(scores[1]?.passed).toBe(false);
    expect(scores[1]?.unexpectedSpans).toEqual([{ kind: 'amount', text: '$5' }]);
    expect(scores[3]?.unexpectedSpans).toBeUndefined();
  });

  it('gives each rate its value, a Wilson interval and a definition', () => {
    const pass = findMetric(metrics, 'pass_rate', 'baseline');
    expect(pass?.rate).toBe(0.4);
    expect(pass?.interval?.map((bound) => bound.toFixed(3))).toEqual(['0.118', '0.769']);
    expect(findMetric(metrics, 'incorrect_refusal_rate', 'all')?.definition).toBe('answerable cases refused / answerable cases');
  });

  it('counts perturbations and their union with the baseline', () => {
    expect(fraction(metrics, 'pass_rate', 'perturb')).toBe('1/4');
    expect(fraction(metrics, 'incorrect_refusal_rate', 'perturb')).toBe('1/3');
    expect(fraction(metrics, 'rerank_fallback_rate', 'perturb')).toBe('0/3');
    expect(fraction(metrics, 'error_rate', 'perturb')).toBe('1/4');
    expect(fraction(metrics, 'pass_rate', 'all')).toBe('3/9');
    expect(fraction(metrics, 'fallback_used_rate', 'all')).toBe('1/6');
  });

  it("measures invariance over expect-'same' perturbations with a scored base, and lists base-pass / perturbation-fail pairs", () => {
    expect(fraction(metrics, 'perturbation_invariance', 'perturb')).toBe('1/2');
    expect(findMetric(metrics, 'perturbation_invariance', 'baseline')).toBeUndefined();
    expect(metrics.invarianceBreaks).toEqual([{ baseId: 'a1', perturbationId: 'a1-p', perturbationKind: 'typo', expect: 'same' }]);
  });

  it('summarises latency by nearest rank, tokens and cost', () => {
    expect(metrics.usage.baseline.latencyMs).toEqual({ p50: 300, p95: 500, max: 500 });
    expect(metrics.usage.all.latencyMs).toEqual({ p50: 500, p95: 900, max: 900 });
    expect(metrics.usage.baseline.tokens).toEqual({ prompt: 2700, completion: 120, total: 2820 });
    expect(metrics.usage.baseline.costUsd).toBeCloseTo(0.0063, 10);
  });

  it('reports every metric for every population, and invariance once', () => {
    expect(metrics.rates).toHaveLength(12 * 3 + 1);
  });
});

describe('computeMetrics edge cases', () => {
  it('has no refusal accuracy or false acceptance without should-refuse cases', () => {
    const metrics = computeMetrics([scoreCase(createAnswerableCase(), createAnswer())]);
    const accuracy = findMetric(metrics, 'refusal_accuracy', 'baseline');
    expect(accuracy).toMatchObject({ numerator: 0, denominator: 0, rate: null });
    expect(accuracy).not.toHaveProperty('interval');
    expect(findMetric(metrics, 'false_acceptance_rate', 'baseline')?.rate).toBeNull();
    expect(findMetric(metrics, 'pass_rate', 'baseline')?.rate).toBe(1);
  });

  it('handles an empty perturbation set', () => {
    const metrics = computeMetrics(createBaselineScores());
    expect(metrics.cases.perturb).toBe(0);
    for (const metric of metrics.rates.filter((rate) => rate.population === 'perturb')) {
      expect(metric).toMatchObject({ numerator: 0, denominator: 0, rate: null });
    }
    expect(metrics.usage.perturb).toEqual({ cases: 0, latencyMs: { p50: null, p95: null, max: null }, tokens: { prompt: 0, completion: 0, total: 0 }, costUsd: 0 });
    expect(metrics.invarianceBreaks).toEqual([]);
    expect(findMetric(metrics, 'pass_rate', 'all')).toMatchObject({ numerator: 2, denominator: 5 });
  });

  it('handles a run where everything was refused', () => {
    const metrics = computeMetrics([
      scoreCase(createAnswerableCase({ id: 'a1' }), createRefusal()),
      scoreCase(createAnswerableCase({ id: 'a2' }), createRefusal()),
      scoreCase(createRefusalCase({ id: 'r1' }), createRefusal()),
    ]);
    expect(fraction(metrics, 'incorrect_refusal_rate', 'baseline')).toBe('2/2');
    expect(fraction(metrics, 'refusal_accuracy', 'baseline')).toBe('1/1');
    expect(fraction(metrics, 'pass_rate', 'baseline')).toBe('1/3');
    expect(findMetric(metrics, 'hallucination_rate', 'baseline')?.rate).toBeNull();
    expect(findMetric(metrics, 'attribution_coverage', 'baseline')?.rate).toBeNull();
    expect(fraction(metrics, 'evidence_recall', 'baseline')).toBe('0/2');
  });

  it('handles no cases at all', () => {
    const metrics = computeMetrics([]);
    expect(metrics.rates.every((metric) => metric.rate === null)).toBe(true);
    expect(metrics.usage.all.latencyMs.p50).toBeNull();
  });
});
