import { ClausegateError } from '../../pipeline/errors.ts';
import type { RunMetrics } from './compute-metrics.ts';
import { findMetric } from './find-metric.ts';
import type { Gate, Gates } from './gates.ts';
import type { MetricName, MetricPopulation } from './metric-names.ts';

/**
 * How far from 0 (or 1) the 95% interval of an `==` gate may reach before the gate warns: 0.05.
 * Zero observed events never prove a zero rate; the warning says when the sample cannot even rule
 * out a true rate 5 points away (for 0/n that takes n < 73).
 */
export const EQUALITY_MARGIN = 0.05;

/** The outcome of one gate against a run's metrics. */
export interface GateResult {
  id: string;
  metric: MetricName;
  population: MetricPopulation;
  comparison: Gate['comparison'];
  threshold: number;
  /** The measured rate; `null` when its denominator is 0. */
  actual: number | null;
  numerator: number;
  denominator: number;
  interval?: [number, number];
  /** `not_applicable` when the metric has no cases: it does not block, and says so in `warning`. */
  status: 'passed' | 'failed' | 'not_applicable';
  /** False only for `failed`. */
  passed: boolean;
  /** One line: the measured value against the threshold, then the gate's own message when it failed. */
  message: string;
  /** Set when the gate is not applicable, or when its interval cannot tell the result apart from chance. */
  warning?: string;
}

/**
 * Evaluates every gate of the contract, in file order. A gate whose metric has no cases in its
 * denominator (no should-refuse cases, an empty perturbation file) is `not_applicable`: it passes
 * with a warning, because an absent population cannot fail a threshold — `harness check` and the
 * report make the empty population visible. A gate whose 95% Wilson interval straddles its threshold
 * passes or fails as measured, with a warning that the sample is too small to tell.
 */
export function evaluateGates(gates: Gates, metrics: RunMetrics): GateResult[] {
  return gates.gates.map((gate) => evaluateGate(gate, metrics));
}

function evaluateGate(gate: Gate, metrics: RunMetrics): GateResult {
  const metric = findMetric(metrics, gate.metric, gate.population);
  if (metric === undefined) {
    throw new ClausegateError('internal', `gate ${gate.id} names ${gate.metric} over ${gate.population}, which the run did not compute`);
  }
  const shared = {
    id: gate.id,
    metric: gate.metric,
    population: gate.population,
    comparison: gate.comparison,
    threshold: gate.threshold,
    actual: metric.rate,
    numerator: metric.numerator,
    denominator: metric.denominator,
    ...(metric.interval !== undefined ? { interval: metric.interval } : {}),
  };
  const label = `${gate.metric} (${gate.population})`;
  if (metric.rate === null) {
    return {
      ...shared,
      status: 'not_applicable',
      passed: true,
      message: `${label}: no cases (${metric.definition}); not applicable`,
      warning: `gate ${gate.id} is not applicable: ${gate.population} has no cases for ${gate.metric}, so it cannot pass or fail`,
    };
  }
  const passed = compare(metric.rate, gate.comparison, gate.threshold);
  const measured = `${label} ${formatRate(metric.rate)} (${formatCount(metric.numerator)}/${metric.denominator}) ${gate.comparison} ${formatRate(gate.threshold)}`;
  const failure = passed ? '' : `: failed. ${gate.message ?? `${label} must be ${gate.comparison} ${formatRate(gate.threshold)}.`}`;
  const warning = metric.interval !== undefined && isIndistinct(metric.interval, gate, passed) ? chanceWarning(metric.interval, metric.denominator, gate) : undefined;
  return {
    ...shared,
    status: passed ? 'passed' : 'failed',
    passed,
    message: `${measured}${passed ? ': passed' : failure}`,
    ...(warning !== undefined ? { warning } : {}),
  };
}

// Rates are ratios of small integers; the tolerance keeps 19/20 >= 0.95 true whatever the rounding.
const TOLERANCE = 1e-9;

function compare(actual: number, comparison: Gate['comparison'], threshold: number): boolean {
  switch (comparison) {
    case '>=':
      return actual >= threshold - TOLERANCE;
    case '<=':
      return actual <= threshold + TOLERANCE;
    case '==':
      return Math.abs(actual - threshold) <= TOLERANCE;
  }
}

/** True when the interval reaches across the threshold, so the outcome could be chance at this size. */
function isIndistinct([low, high]: [number, number], gate: Gate, passed: boolean): boolean {
  switch (gate.comparison) {
    case '>=':
      return low < gate.threshold && gate.threshold <= high;
    case '<=':
      return low <= gate.threshold && gate.threshold < high;
    case '==':
      // A measured difference is a real event (one hallucination is one too many): no doubt to report.
      return passed && (low < gate.threshold - EQUALITY_MARGIN || high > gate.threshold + EQUALITY_MARGIN);
  }
}

function chanceWarning([low, high]: [number, number], trials: number, gate: Gate): string {
  const interval = `95% interval [${formatRate(low)}, ${formatRate(high)}]`;
  const reach = gate.comparison === '==' ? `reaches more than ${formatRate(EQUALITY_MARGIN)} from ${formatRate(gate.threshold)}` : `straddles the threshold ${formatRate(gate.threshold)}`;
  return `gate ${gate.id} cannot be told apart from chance at n=${trials}: the ${interval} ${reach}`;
}

function formatCount(count: number): string {
  return Number.isInteger(count) ? String(count) : count.toFixed(2);
}

function formatRate(rate: number): string {
  return rate.toFixed(3);
}
