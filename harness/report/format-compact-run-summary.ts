import { cutToWidth, joinToWidth, wrapToWidth } from '../cli-support/fit-to-width.ts';
import { describeCase } from './describe-case.ts';
import { formatCount } from './format-rate.ts';
import { describeRun, formatGatesTable, formatVerdict } from './format-run-summary.ts';
import type { MetricPopulation } from '../score/index.ts';
import type { RunReport } from './run-report.ts';

/** Options of `formatCompactRunSummary`. */
export interface FormatCompactRunSummaryOptions {
  /** Columns a line may take. */
  width: number;
  /** Failing cases listed before the rest are only counted; default 10. */
  maxFailingCases?: number;
  /** Where the report is (`reports/<run-id>/report.html`), as the user should type it. */
  reportFile: string;
}

/**
 * What `harness run` prints for a person: the run and its verdict, the gates (value, n/d, interval,
 * threshold, pass/fail), the counts that matter (passes per population, evidence recall, refusal
 * accuracy, answer precision, hallucinations), the failing cases with one short reason each (at most
 * `maxFailingCases`, then "…and K more"), and where the report is; no line wider than `width`.
 * Everything else (metric definitions, usage, warnings, every reason) is `formatRunSummary`'s.
 */
export function formatCompactRunSummary(report: RunReport, options: FormatCompactRunSummaryOptions): string {
  const { width } = options;
  const maxFailing = options.maxFailingCases ?? 10;
  const lines = [
    describeRun(report, width),
    '',
    wrapToWidth(formatVerdict(report), width),
    formatGatesTable(report, width),
    '',
    joinToWidth([...populationCounts(report), ...metricCounts(report)], width),
  ];
  const notPassed = report.cases.filter((result) => result.outcome !== 'passed');
  if (notPassed.length > 0) {
    lines.push('', `Cases that did not pass (${notPassed.length}):`);
    for (const result of notPassed.slice(0, maxFailing)) {
      const { reasons, got } = describeCase(result);
      const reason = shorten(reasons[0] ?? got).replace(/\s+/g, ' ');
      const more = reasons.length > 1 ? ` (+${reasons.length - 1} more)` : '';
      lines.push(cutToWidth(`  ${result.outcome === 'error' ? 'ERROR' : 'FAIL'} ${result.id}${more}: ${reason}`, width));
    }
    if (notPassed.length > maxFailing) lines.push(`  …and ${notPassed.length - maxFailing} more (harness run --verbose, or the report)`);
  }
  if (report.warnings.length > 0) lines.push('', wrapToWidth(`${report.warnings.length} warning(s) about the gates: harness run --verbose or the report lists them`, width));
  lines.push('', wrapToWidth(`Report: ${options.reportFile}`, width));
  return lines.join('\n');
}

/** `baseline 13/18 passed`, and the same for perturbations when the run has any. */
function populationCounts(report: RunReport): string[] {
  const populations: MetricPopulation[] = report.metrics.cases.perturb > 0 ? ['baseline', 'perturb'] : ['baseline'];
  return populations.map((population) => {
    const rate = findRate(report, 'pass_rate', population);
    return `${population} ${rate === undefined ? 'n/a' : `${formatCount(rate.numerator)}/${rate.denominator}`} passed`;
  });
}

/** Evidence recall, refusal accuracy, answer precision and hallucinations over every case. */
function metricCounts(report: RunReport): string[] {
  const shown = [
    ['evidence_recall', 'evidence recall'],
    ['refusal_accuracy', 'refusal accuracy'],
    ['answer_precision', 'answer precision'],
    ['hallucination_rate', 'hallucinations'],
  ] as const;
  return shown.flatMap(([name, label]) => {
    const rate = findRate(report, name, 'all');
    return rate === undefined ? [] : [`${label} ${formatCount(rate.numerator)}/${rate.denominator}`];
  });
}

/** The first reason made short enough to read on one line: the lead-in of an imprecise answer's spans goes. */
function shorten(reason: string): string {
  return reason.replace(/^answer_imprecise: answer states what its expected evidence does not: /, 'answer_imprecise: not in its evidence: ');
}

function findRate(report: RunReport, name: string, population: MetricPopulation) {
  return report.metrics.rates.find((rate) => rate.name === name && rate.population === population);
}
