import { joinToWidth, wrapToWidth } from '../cli-support/fit-to-width.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { formatCaseLine } from './format-case-line.ts';
import { formatCount, formatInterval, formatRate } from './format-rate.ts';
import type { RunReport } from './run-report.ts';

/** Options of `formatRunSummary` and `formatCompactRunSummary`. */
export interface FormatRunSummaryOptions {
  /** Columns a line may take (tables narrow their widest columns and wrap their cells to fit). */
  width: number;
}

/**
 * The detailed summary (`harness run --verbose`, `harness merge`): the run, the verdict, the gates
 * table, then every metric with its numerator/denominator, 95% Wilson interval and definition, usage,
 * the warnings and every case that did not pass with all its reasons; no line wider than `width`.
 */
export function formatRunSummary(report: RunReport, options: FormatRunSummaryOptions): string {
  const { width } = options;
  const lines = [
    describeRun(report, width),
    '',
    wrapToWidth(formatVerdict(report), width),
    '',
    formatGatesTable(report, width),
    '',
    'Metrics (numerator/denominator, 95% Wilson interval):',
    renderTerminalTable(
      ['population', 'metric', 'n/d', 'rate', '95% interval', 'definition'],
      report.metrics.rates.map((metric) => [
        metric.population,
        metric.name,
        `${formatCount(metric.numerator)}/${metric.denominator}`,
        formatRate(metric.rate),
        formatInterval(metric.interval),
        metric.definition,
      ]),
      { width, align: ['left', 'left', 'right', 'right', 'left', 'left'] },
    ),
  ];
  const usage = report.metrics.usage.all;
  lines.push(
    '',
    joinToWidth(
      [
        `latency p50 ${formatMs(usage.latencyMs.p50)}`,
        `p95 ${formatMs(usage.latencyMs.p95)}`,
        `max ${formatMs(usage.latencyMs.max)}`,
        `tokens ${usage.tokens.prompt} prompt + ${usage.tokens.completion} completion`,
        `cost $${usage.costUsd.toFixed(4)}`,
      ],
      width,
    ),
  );
  for (const warning of report.warnings) lines.push(wrapToWidth(`warning: ${warning}`, width));
  const notPassed = report.cases.filter((result) => result.outcome !== 'passed');
  if (notPassed.length > 0) {
    lines.push('', `Cases that did not pass (${notPassed.length}):`);
    for (const result of notPassed) lines.push(wrapToWidth(formatCaseLine(result), width, '    '));
  }
  return lines.join('\n');
}

/** The run in one or two lines: id, suite, cases, provider, duration; not-passed count, index, policy, gates file. */
export function describeRun(report: RunReport, width: number): string {
  const cases = report.metrics.cases;
  const errors = report.cases.filter((result) => result.outcome === 'error').length;
  const notPassed = report.cases.filter((result) => result.outcome !== 'passed').length;
  return joinToWidth(
    [
      `${report.kind === 'merged' ? 'Merged run' : 'Run'} ${report.runId}`,
      `suite ${report.suite.name}`,
      `${cases.baseline + cases.perturb} cases (${cases.baseline} baseline, ${cases.perturb} perturb)`,
      `${report.options.provider}${report.options.replay ? ' (replay)' : ''}`,
      `${(report.durationMs / 1000).toFixed(1)} s`,
      `${notPassed} cases did not pass (${errors} errors)`,
      `index ${report.versions.index}`,
      `policy ${report.versions.policy}`,
      `gates ${report.gatesFile.version} (sha256 ${report.gatesFile.sha256.slice(0, 12)})`,
    ],
    width,
  );
}

/** `PASS: all N gates passed`, `FAIL: k of N gates failed (ids)`, or the shard's note. */
export function formatVerdict(report: RunReport): string {
  const failed = report.gates.filter((gate) => gate.status === 'failed');
  if (report.gateScope === 'shard') {
    return `SHARD ${report.options.shard?.index}/${report.options.shard?.count}: gates measured on this shard only (not enforced; harness merge checks them once): ${failed.length} of ${report.gates.length} would fail`;
  }
  return failed.length === 0 ? `PASS: all ${report.gates.length} gates passed` : `FAIL: ${failed.length} of ${report.gates.length} gates failed (${failed.map((gate) => gate.id).join(', ')})`;
}

/** The gates: pass/FAIL/n/a, id, value, n/d, 95% interval, threshold. */
export function formatGatesTable(report: RunReport, width: number): string {
  return renderTerminalTable(
    ['', 'gate', 'value', 'n/d', '95% interval', 'threshold'],
    report.gates.map((gate) => [
      formatGateStatus(gate.status),
      gate.id,
      formatRate(gate.actual),
      `${formatCount(gate.numerator)}/${gate.denominator}`,
      formatInterval(gate.interval),
      `${gate.comparison} ${formatRate(gate.threshold)}`,
    ]),
    { width, align: ['left', 'left', 'right', 'right', 'left', 'left'] },
  );
}

/** `pass`, `FAIL` or `n/a`. */
export function formatGateStatus(status: 'passed' | 'failed' | 'not_applicable'): string {
  return status === 'passed' ? 'pass' : status === 'failed' ? 'FAIL' : 'n/a';
}

function formatMs(value: number | null): string {
  return value === null ? 'n/a' : `${Math.round(value)} ms`;
}
