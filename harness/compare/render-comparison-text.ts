import { joinToWidth, wrapToWidth } from '../cli-support/fit-to-width.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { formatRate } from '../report/format-rate.ts';
import type { CaseChange, Comparison, GateComparison } from './comparison.ts';
import { countsChanged, describeContractChanges, formatCaseSide, formatDelta, formatMetricSide } from './render-comparison-markdown.ts';

/** Options of `renderComparisonText`. */
export interface RenderComparisonTextOptions {
  /** Columns a line may take. */
  width: number;
  /** Rows per flip table before the rest is only counted (default 20). */
  maxRows?: number;
}

/**
 * The comparison for a terminal (`harness compare`): the same sections as the Markdown (verdicts,
 * contract changes, gates on both sides, metric deltas with counts, flips with their reasons) as
 * plain text and tables no wider than `width`; unchanged ungated metrics are only counted.
 */
export function renderComparisonText(comparison: Comparison, options: RenderComparisonTextOptions): string {
  const { width } = options;
  const maxRows = options.maxRows ?? 20;
  const { base, head, flips } = comparison;
  const failedGates = (side: 'base' | 'head') => comparison.gates.filter((gate) => gate[side]?.status === 'failed').length;
  const verdict = (passed: boolean, failed: number) => (passed ? 'PASS' : `FAIL (${failed} gate${failed === 1 ? '' : 's'})`);
  const lines = [
    wrapToWidth(`Compare ${base.label} → ${head.label} (suite ${head.suite})`, width),
    joinToWidth(
      [
        `gates ${verdict(base.passed, failedGates('base'))} → ${verdict(head.passed, failedGates('head'))}`,
        `${flips.passToFail.length} pass → fail`,
        `${flips.failToPass.length} fail → pass`,
        `${comparison.statusChanges.length} other status changes`,
        `${comparison.cases.common} cases in common${comparison.cases.added.length > 0 ? `, ${comparison.cases.added.length} new` : ''}${comparison.cases.removed.length > 0 ? `, ${comparison.cases.removed.length} removed` : ''}`,
        `base run ${base.runId}`,
        `head run ${head.runId}`,
      ],
      width,
    ),
  ];

  const contract = describeContractChanges(comparison).map(plain);
  lines.push('', 'What changed in the contract:');
  lines.push(...(contract.length === 0 ? ['  nothing: same gates file, policy, config and versions'] : contract.map((line) => wrapToWidth(`  - ${line}`, width, '    '))));

  lines.push(
    '',
    'Gates:',
    renderTerminalTable(
      ['gate', 'base', 'head', 'head under base gate'],
      comparison.gates.map((gate) => [gate.id, formatGateSide(gate.base), formatGateSide(gate.head), gate.headUnderBaseGate === null ? '—' : formatStatus(gate.headUnderBaseGate)]),
      { width },
    ),
  );

  const shown = comparison.metrics.filter((metric) => metric.gated || countsChanged(metric));
  const folded = comparison.metrics.length - shown.length;
  lines.push(
    '',
    wrapToWidth(`Metrics (gated or changed${folded > 0 ? `; ${folded} more unchanged and not gated: --format markdown or --json` : ''}):`, width),
    renderTerminalTable(
      ['metric (population)', 'base', 'head', 'change'],
      shown.map((metric) => [`${metric.gated ? '* ' : ''}${metric.name} (${metric.population})`, formatMetricSide(metric.base), formatMetricSide(metric.head), formatDelta(metric.delta)]),
      { width, align: ['left', 'right', 'right', 'right'] },
    ),
    '* gated',
  );

  lines.push(...flipSection(`Pass → fail (${flips.passToFail.length})`, flips.passToFail, 'head', maxRows, width));
  lines.push(...flipSection(`Fail → pass (${flips.failToPass.length})`, flips.failToPass, 'base', maxRows, width));
  if (comparison.statusChanges.length > 0) lines.push(...flipSection(`Status changes without a flip (${comparison.statusChanges.length})`, comparison.statusChanges, 'head', maxRows, width));
  if (comparison.cases.added.length > 0) lines.push('', wrapToWidth(`New cases (${comparison.cases.added.length}): ${listIds(comparison.cases.added, maxRows)}`, width));
  if (comparison.cases.removed.length > 0) lines.push('', wrapToWidth(`Removed cases (${comparison.cases.removed.length}): ${listIds(comparison.cases.removed, maxRows)}`, width));
  return lines.join('\n');
}

function flipSection(title: string, changes: readonly CaseChange[], reasonsFrom: 'base' | 'head', maxRows: number, width: number): string[] {
  const lines = ['', `${title}:`];
  if (changes.length === 0) return [...lines, '  none'];
  lines.push(
    renderTerminalTable(
      ['case', 'base → head', 'reasons'],
      changes.slice(0, maxRows).map((change) => {
        const reasons = change[reasonsFrom].reasons;
        return [`${change.id}\n${change.location.file}:${change.location.line}`, `${formatCaseSide(change.base)} → ${formatCaseSide(change.head)}`, reasons.length === 0 ? '—' : reasons.join('; ')];
      }),
      { width },
    ),
  );
  if (changes.length > maxRows) lines.push(`…and ${changes.length - maxRows} more (--format markdown or --json)`);
  return lines;
}

/** The first `max` ids, then how many more. */
function listIds(ids: readonly string[], max: number): string {
  return `${ids.slice(0, max).join(', ')}${ids.length > max ? `, …and ${ids.length - max} more (--format markdown or --json)` : ''}`;
}

/** A contract line of the Markdown view as plain text: no code spans, no escaped pipes. */
function plain(line: string): string {
  return line.replace(/`/g, '').replace(/\\\|/g, '|');
}

function formatGateSide(side: GateComparison['base']): string {
  if (side === null) return '—';
  return `${formatStatus(side.status)} ${formatRate(side.actual)} ${side.comparison} ${formatRate(side.threshold)}`;
}

function formatStatus(status: 'passed' | 'failed' | 'not_applicable'): string {
  return status === 'passed' ? 'pass' : status === 'failed' ? 'FAIL' : 'n/a';
}

