import { wrapToWidth } from '../cli-support/fit-to-width.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import type { SweepPoint, SweepResult } from './sweep-result.ts';

/**
 * The sweep for a terminal (`harness sweep`): one row per value with false refusals, false
 * acceptances and pass rate (rates and counts), refusals, the gates and the flips against the run,
 * the current value marked; no line wider than `width`. The Markdown twin is `renderSweepMarkdown`.
 */
export function renderSweepText(sweep: SweepResult, options: { width: number }): string {
  const { width } = options;
  const { parameter } = sweep;
  const lines = [wrapToWidth(`Sweep of ${parameter.path} over run ${sweep.runId} (suite ${sweep.suite}, ${sweep.population} cases)`, width)];
  if (parameter.requested !== parameter.path) lines.push(wrapToWidth(`${parameter.requested} is read from ${parameter.path} for this report's embedder.`, width));
  lines.push(
    renderTerminalTable(
      ['value', 'false refusals', 'false acceptances', 'pass rate', 'refused (by gate)', 'gates', 'pass → fail', 'fail → pass'],
      sweep.points.map((point) => formatRow(point, parameter.current)),
      { width, align: ['right', 'right', 'right', 'right', 'right', 'left', 'right', 'right'] },
    ),
    wrapToWidth(
      `False refusals: answerable cases refused; false acceptances: should-refuse cases answered. Recomputed from the stored traces of ${sweep.runId} with no model call; flips are against the run as stored.` +
        (sweep.mismatches > 0 ? ` ${sweep.mismatches} case(s) did not replay faithfully and keep their stored result at every value.` : ''),
      width,
      '',
    ),
  );
  const unknown = Math.max(0, ...sweep.points.map((point) => point.unknown));
  if (unknown > 0) lines.push(wrapToWidth(`Up to ${unknown} case(s) per value need a new answer or a rerun to know; their stored result is counted.`, width, ''));
  return lines.join('\n');
}

function formatRow(point: SweepPoint, current: number | null): string[] {
  const marker = current !== null && Math.abs(point.value - current) < 1e-9 ? ' ◀ current' : '';
  const value = `${point.value}${marker}`;
  if (!point.valid) return [value, '—', '—', '—', '—', `invalid: ${(point.error ?? '').replace(/\s+/g, ' ')}`, '—', '—'];
  const rate = (item: SweepPoint['passRate']) => `${item.rate === null ? 'n/a' : item.rate.toFixed(3)} (${item.numerator}/${item.denominator})`;
  return [
    value,
    rate(point.falseRefusals),
    rate(point.falseAcceptances),
    rate(point.passRate),
    `${point.refused} (${point.refusedByGate})`,
    point.passed ? 'pass' : `FAIL ${point.failedGates.length}`,
    String(point.flips.passToFail),
    String(point.flips.failToPass),
  ];
}
