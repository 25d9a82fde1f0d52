import { formatTable } from '../cli-support/format-table.ts';
import { formatCount, formatInterval, formatRate } from './format-rate.ts';
import type { RunReport } from './run-report.ts';

/**
 * The summary printed at the end of `harness run` and `harness merge`: the verdict, the gates
 * table, then every metric with its numerator/denominator and 95% Wilson interval, usage, and
 * the warnings.
 */
export function formatRunSummary(report: RunReport): string {
  const failed = report.gates.filter((gate) => gate.status === 'failed');
  const cases = report.metrics.cases;
  const verdict =
    report.gateScope === 'shard'
      ? `SHARD ${report.options.shard?.index}/${report.options.shard?.count}: gates measured on this shard only (not enforced; harness merge checks them once): ${failed.length} of ${report.gates.length} would fail`
      : failed.length === 0
        ? `PASS: all ${report.gates.length} gates passed`
        : `FAIL: ${failed.length} of ${report.gates.length} gates failed (${failed.map((gate) => gate.id).join(', ')})`;
  const errors = report.cases.filter((result) => result.outcome === 'error').length;
  const notPassed = report.cases.filter((result) => result.outcome !== 'passed').length;
  const lines = [
    `${report.kind === 'merged' ? 'Merged run' : 'Run'} ${report.runId} · suite ${report.suite.name} · ${cases.baseline + cases.perturb} cases (${cases.baseline} baseline, ${cases.perturb} perturb) · ${report.options.provider}${report.options.replay ? ' (replay)' : ''} · ${(report.durationMs / 1000).toFixed(1)} s`,
    `${notPassed} cases did not pass (${errors} errors) · index ${report.versions.index} · policy ${report.versions.policy} · gates ${report.gatesFile.version} (sha256 ${report.gatesFile.sha256.slice(0, 12)})`,
    '',
    verdict,
    '',
    formatTable(
      ['status', 'gate', 'metric (population)', 'value', 'n/d', '95% interval', 'threshold'],
      report.gates.map((gate) => [
        gate.status === 'passed' ? 'pass' : gate.status === 'failed' ? 'FAIL' : 'n/a',
        gate.id,
        `${gate.metric} (${gate.population})`,
        formatRate(gate.actual),
        `${formatCount(gate.numerator)}/${gate.denominator}`,
        formatInterval(gate.interval),
        `${gate.comparison} ${formatRate(gate.threshold)}`,
      ]),
    ),
    '',
    'Metrics (numerator/denominator, 95% Wilson interval):',
    formatTable(
      ['population', 'metric', 'n/d', 'rate', '95% interval', 'definition'],
      report.metrics.rates.map((metric) => [
        metric.population,
        metric.name,
        `${formatCount(metric.numerator)}/${metric.denominator}`,
        formatRate(metric.rate),
        formatInterval(metric.interval),
        metric.definition,
      ]),
    ),
  ];
  const usage = report.metrics.usage.all;
  lines.push(
    '',
    `latency p50 ${formatMs(usage.latencyMs.p50)} · p95 ${formatMs(usage.latencyMs.p95)} · max ${formatMs(usage.latencyMs.max)} · tokens ${usage.tokens.prompt} prompt + ${usage.tokens.completion} completion · cost $${usage.costUsd.toFixed(4)}`,
  );
  for (const warning of report.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}

function formatMs(value: number | null): string {
  return value === null ? 'n/a' : `${Math.round(value)} ms`;
}
