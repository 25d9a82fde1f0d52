import type { SweepPoint, SweepResult } from './sweep-result.ts';

/**
 * The sweep as a Markdown table: one row per value with false refusals, false acceptances and
 * pass rate (counts and rates), refusals, the gates and the flips against the run; the run's
 * current value is marked. Ends with how the numbers were obtained.
 */
export function renderSweepMarkdown(sweep: SweepResult, options: { level?: number } = {}): string {
  const level = options.level ?? 2;
  const { parameter } = sweep;
  const lines = [`${'#'.repeat(level)} Sweep of \`${parameter.path}\` over run \`${sweep.runId}\` (suite ${sweep.suite}, ${sweep.population} cases)`, ''];
  if (parameter.requested !== parameter.path) lines.push(`\`${parameter.requested}\` is read from \`${parameter.path}\` for this report's embedder.`, '');
  lines.push(
    `| ${parameter.path} | false refusals | false acceptances | pass rate | refused (by the gate) | gates | pass → fail | fail → pass |`,
    '| ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    ...sweep.points.map((point) => formatRow(point, parameter.current)),
    '',
    `False refusals: answerable cases refused; false acceptances: should-refuse cases answered. Recomputed from the stored traces of \`${sweep.runId}\` with no model call; flips are against the run as stored.` +
      (sweep.mismatches > 0 ? ` ${sweep.mismatches} case(s) did not replay faithfully and keep their stored result at every value.` : ''),
  );
  const unknown = Math.max(0, ...sweep.points.map((point) => point.unknown));
  if (unknown > 0) lines.push('', `Up to ${unknown} case(s) per value need a new answer or a rerun to know; their stored result is counted.`);
  return `${lines.join('\n')}\n`;
}

function formatRow(point: SweepPoint, current: number | null): string {
  const marker = current !== null && Math.abs(point.value - current) < 1e-9 ? ' ◀ current' : '';
  if (!point.valid) return `| ${point.value}${marker} | — | — | — | — | invalid: ${(point.error ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|')} | — | — |`;
  const rate = (value: SweepPoint['passRate']) => `${value.rate === null ? 'n/a' : value.rate.toFixed(3)} (${value.numerator}/${value.denominator})`;
  const gates = point.passed ? 'pass' : `**FAIL** ${point.failedGates.length}`;
  return `| ${marker ? `**${point.value}**${marker}` : point.value} | ${rate(point.falseRefusals)} | ${rate(point.falseAcceptances)} | ${rate(point.passRate)} | ${point.refused} (${point.refusedByGate}) | ${gates} | ${point.flips.passToFail} | ${point.flips.failToPass} |`;
}
