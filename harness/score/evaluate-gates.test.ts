import { describe, expect, it } from 'vitest';
import type { RateMetric, RunMetrics } from './compute-metrics.ts';
import { evaluateGates } from './evaluate-gates.ts';
import type { Gate, Gates } from './gates.ts';
import type { MetricName, MetricPopulation } from './metric-names.ts';
import { wilsonInterval } from './wilson-interval.ts';

function createMetric(name: MetricName, population: MetricPopulation, numerator: number, denominator: number): RateMetric {
  const interval = wilsonInterval(numerator, denominator);
  return { name, population, definition: `${name} definition`, numerator, denominator, rate: denominator === 0 ? null : numerator / denominator, ...(interval ? { interval } : {}) };
}

function createRun(...rates: RateMetric[]): RunMetrics {
  const usage = { cases: 0, latencyMs: { p50: null, p95: null, max: null }, tokens: { prompt: 0, completion: 0, total: 0 }, costUsd: 0 };
  return { cases: { baseline: 0, perturb: 0 }, rates, usage: { baseline: usage, perturb: usage, all: usage }, invarianceBreaks: [] };
}

function createGates(...gates: Gate[]): Gates {
  return { schemaVersion: 1, version: 'test', gates };
}

const passGate: Gate = { id: 'baseline_pass_rate', metric: 'pass_rate', population: 'baseline', comparison: '>=', threshold: 0.95 };
const fallbackGate: Gate = {
  id: 'fallback_used_rate',
  metric: 'fallback_used_rate',
  population: 'all',
  comparison: '<=',
  threshold: 0.15,
  message: 'Fallback retrieval triggered too often; check embeddings/index changes or similarity calibration.',
};
const hallucinationGate: Gate = { id: 'baseline_hallucination_rate', metric: 'hallucination_rate', population: 'baseline', comparison: '==', threshold: 0 };
const refusalGate: Gate = { id: 'baseline_refusal_accuracy', metric: 'refusal_accuracy', population: 'baseline', comparison: '==', threshold: 1 };

function evaluateOne(gate: Gate, metric: RateMetric) {
  const [result] = evaluateGates(createGates(gate), createRun(metric));
  return result!;
}

describe('evaluateGates comparisons', () => {
  it('>= passes at and above the threshold and fails below', () => {
    expect(evaluateOne(passGate, createMetric('pass_rate', 'baseline', 190, 200))).toMatchObject({ status: 'passed', passed: true, actual: 0.95 });
    expect(evaluateOne(passGate, createMetric('pass_rate', 'baseline', 19, 20)).passed).toBe(true);
    const failed = evaluateOne(passGate, createMetric('pass_rate', 'baseline', 180, 200));
    expect(failed).toMatchObject({ status: 'failed', passed: false, numerator: 180, denominator: 200 });
    expect(failed.message).toBe('pass_rate (baseline) 0.900 (180/200) >= 0.950: failed. pass_rate (baseline) must be >= 0.950.');
  });

  it('<= passes at and below the threshold and fails above with the gate message', () => {
    expect(evaluateOne(fallbackGate, createMetric('fallback_used_rate', 'all', 30, 200)).passed).toBe(true);
    const failed = evaluateOne(fallbackGate, createMetric('fallback_used_rate', 'all', 40, 200));
    expect(failed.passed).toBe(false);
    expect(failed.message).toBe(
      'fallback_used_rate (all) 0.200 (40/200) <= 0.150: failed. Fallback retrieval triggered too often; check embeddings/index changes or similarity calibration.',
    );
  });

  it('== passes only on the threshold', () => {
    expect(evaluateOne(hallucinationGate, createMetric('hallucination_rate', 'baseline', 0, 200)).passed).toBe(true);
    expect(evaluateOne(hallucinationGate, createMetric('hallucination_rate', 'baseline', 1, 200)).passed).toBe(false);
    expect(evaluateOne(refusalGate, createMetric('refusal_accuracy', 'baseline', 100, 100)).passed).toBe(true);
    expect(evaluateOne(refusalGate, createMetric('refusal_accuracy', 'baseline', 99, 100)).passed).toBe(false);
  });

  it('keeps file order and reports the measured numbers', () => {
    const results = evaluateGates(createGates(passGate, fallbackGate), createRun(createMetric('pass_rate', 'baseline', 29, 30), createMetric('fallback_used_rate', 'all', 1, 30)));
    expect(results.map((result) => result.id)).toEqual(['baseline_pass_rate', 'fallback_used_rate']);
    expect(results[0]).toMatchObject({ metric: 'pass_rate', population: 'baseline', comparison: '>=', threshold: 0.95, numerator: 29, denominator: 30 });
    expect(results[0]?.interval?.map((bound) => bound.toFixed(3))).toEqual(['0.833', '0.994']);
  });
});

describe('evaluateGates without cases', () => {
  it('reports a gate over an empty population as not applicable: it passes with a warning', () => {
    const result = evaluateOne(refusalGate, createMetric('refusal_accuracy', 'baseline', 0, 0));
    expect(result).toMatchObject({ status: 'not_applicable', passed: true, actual: null, numerator: 0, denominator: 0 });
    expect(result.warning).toBe("gate baseline_refusal_accuracy is not applicable: baseline has no cases for refusal_accuracy, so it cannot pass or fail");
    expect(result).not.toHaveProperty('interval');
  });

  it('throws when a gate names a metric the run did not compute', () => {
    expect(() => evaluateGates(createGates(passGate), createRun())).toThrow(expect.objectContaining({ code: 'internal' }));
  });
});

describe('evaluateGates chance warnings', () => {
  it('warns when a passing >= gate cannot be told apart from chance at its size', () => {
    const small = evaluateOne(passGate, createMetric('pass_rate', 'baseline', 29, 30));
    expect(small.passed).toBe(true);
    expect(small.warning).toBe('gate baseline_pass_rate cannot be told apart from chance at n=30: the 95% interval [0.833, 0.994] straddles the threshold 0.950');
    expect(evaluateOne(passGate, createMetric('pass_rate', 'baseline', 1990, 2000)).warning).toBeUndefined();
  });

  it('warns when a failing gate is within chance of its threshold, not when it is clearly off', () => {
    expect(evaluateOne(passGate, createMetric('pass_rate', 'baseline', 27, 30)).warning).toMatch(/cannot be told apart from chance at n=30/);
    expect(evaluateOne(passGate, createMetric('pass_rate', 'baseline', 15, 30)).warning).toBeUndefined();
  });

  it('warns on a <= gate whose interval reaches over the threshold', () => {
    expect(evaluateOne(fallbackGate, createMetric('fallback_used_rate', 'all', 1, 20)).warning).toMatch(/n=20: the 95% interval \[0\.009, 0\.236\] straddles the threshold 0\.150/);
    expect(evaluateOne(fallbackGate, createMetric('fallback_used_rate', 'all', 0, 200)).warning).toBeUndefined();
  });

  it('warns on an == gate while the sample cannot rule out a rate 0.05 away, and never on a measured failure', () => {
    expect(evaluateOne(hallucinationGate, createMetric('hallucination_rate', 'baseline', 0, 30)).warning).toBe(
      'gate baseline_hallucination_rate cannot be told apart from chance at n=30: the 95% interval [0.000, 0.114] reaches more than 0.050 from 0.000',
    );
    expect(evaluateOne(hallucinationGate, createMetric('hallucination_rate', 'baseline', 0, 80)).warning).toBeUndefined();
    expect(evaluateOne(refusalGate, createMetric('refusal_accuracy', 'baseline', 5, 5)).warning).toMatch(/\[0\.566, 1\.000\]/);
    expect(evaluateOne(hallucinationGate, createMetric('hallucination_rate', 'baseline', 1, 30)).warning).toBeUndefined();
  });
});
