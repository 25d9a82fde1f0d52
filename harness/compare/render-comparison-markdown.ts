import { formatCount, formatRate } from '../report/format-rate.ts';
import type { CaseChange, Comparison, GateComparison, MetricDelta } from './comparison.ts';

/** Options of `renderComparisonMarkdown`. */
export interface RenderComparisonMarkdownOptions {
  /** Heading level of the title (default 2, so it sits under a job summary's own title). */
  level?: number;
  /** Rows per flip table before the rest is only counted (default 50). */
  maxRows?: number;
}

/**
 * The comparison as Markdown for a pull-request comment or a job summary: the verdicts, what
 * changed in the contract (gates file by gate id, policy, config settings, versions), the gates on
 * both sides, the metric deltas with counts (gated and changed ones first, the rest folded), and
 * the flip tables with the reasons of each case.
 */
export function renderComparisonMarkdown(comparison: Comparison, options: RenderComparisonMarkdownOptions = {}): string {
  const level = options.level ?? 2;
  const maxRows = options.maxRows ?? 50;
  const heading = (depth: number, text: string) => `${'#'.repeat(level + depth)} ${text}`;
  const { base, head, flips } = comparison;
  const failedGates = (side: 'base' | 'head') => comparison.gates.filter((gate) => gate[side]?.status === 'failed').length;
  const verdict = (passed: boolean, failed: number) => (passed ? 'PASS' : `**FAIL** (${failed} gate${failed === 1 ? '' : 's'})`);

  const lines = [
    heading(0, `Compare ${code(base.label)} → ${code(head.label)} (suite ${escapeMarkdown(head.suite)})`),
    '',
    `Gates: ${verdict(base.passed, failedGates('base'))} → ${verdict(head.passed, failedGates('head'))} · ` +
      `**${flips.passToFail.length}** pass → fail · **${flips.failToPass.length}** fail → pass · ${comparison.statusChanges.length} other status changes · ` +
      `${comparison.cases.common} cases in common${comparison.cases.added.length > 0 ? `, ${comparison.cases.added.length} new` : ''}${comparison.cases.removed.length > 0 ? `, ${comparison.cases.removed.length} removed` : ''}`,
    '',
    `Base run ${code(base.runId)} · head run ${code(head.runId)}`,
  ];

  const contract = describeContractChanges(comparison);
  lines.push('', heading(1, 'What changed in the contract'), '');
  lines.push(...(contract.length === 0 ? ['Nothing: same gates file, policy, config and versions.'] : contract.map((line) => `- ${line}`)));

  lines.push('', heading(1, 'Gates'), '', '| gate | base | head | head under the base gate |', '| --- | --- | --- | --- |');
  for (const gate of comparison.gates) {
    lines.push(`| \`${gate.id}\` | ${formatGateSide(gate.base)} | ${formatGateSide(gate.head)} | ${gate.headUnderBaseGate === null ? '—' : formatStatus(gate.headUnderBaseGate)} |`);
  }

  const shown = comparison.metrics.filter((metric) => metric.gated || countsChanged(metric));
  const folded = comparison.metrics.filter((metric) => !shown.includes(metric));
  lines.push('', heading(1, 'Metrics'), '', ...metricTable(shown));
  if (folded.length > 0) lines.push('', `<details><summary>${folded.length} more metrics, unchanged and not gated</summary>`, '', ...metricTable(folded), '', '</details>');

  lines.push(...flipSection(heading(1, `Pass → fail (${flips.passToFail.length})`), flips.passToFail, 'head', maxRows));
  lines.push(...flipSection(heading(1, `Fail → pass (${flips.failToPass.length})`), flips.failToPass, 'base', maxRows));
  if (comparison.statusChanges.length > 0) lines.push(...flipSection(heading(1, `Status changes without a flip (${comparison.statusChanges.length})`), comparison.statusChanges, 'head', maxRows));
  if (comparison.cases.added.length > 0) lines.push('', `New cases: ${comparison.cases.added.map((id) => `\`${id}\``).join(', ')}`);
  if (comparison.cases.removed.length > 0) lines.push('', `Removed cases: ${comparison.cases.removed.map((id) => `\`${id}\``).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** One line per difference in the gates file, policy, config and versions. */
export function describeContractChanges(comparison: Comparison): string[] {
  const lines: string[] = [];
  if (comparison.gatesFileChanged !== null) lines.push(`gates file ${comparison.gatesFileChanged.before} → ${comparison.gatesFileChanged.after}`);
  for (const change of comparison.gateChanges) {
    if (change.change === 'changed') {
      lines.push(`gate ${code(change.id)}: ${change.fields.map((field) => `${field.field} ${formatValue(field.before)} → ${formatValue(field.after)}`).join(', ')}`);
    } else {
      const fields = Object.fromEntries(change.fields.map((field) => [field.field, change.change === 'added' ? field.after : field.before]));
      lines.push(`gate ${code(change.id)} ${change.change}: ${fields.metric} (${fields.population}) ${fields.comparison} ${formatValue(fields.threshold)}`);
    }
  }
  if (comparison.policyChanged !== null) lines.push(`policy version ${code(comparison.policyChanged.before)} → ${code(comparison.policyChanged.after)}`);
  if (comparison.config.digestChanged) {
    if (comparison.config.changes === null) lines.push('config changed (digests differ; the settings are named when both sides are baselines or runs made with the current --config)');
    else if (comparison.config.changes.length === 0) lines.push('config digest changed; no answer-shaping setting differs');
    else for (const change of comparison.config.changes) lines.push(`config ${code(change.path)}: ${formatValue(change.before)} → ${formatValue(change.after)}`);
  }
  for (const change of comparison.versionChanges) {
    // Every ingest makes a new index version, even from the same documents: say so, not alarm.
    if (change.name === 'index') lines.push(`index rebuilt (${code(change.before)} → ${code(change.after)}; a new ingest makes a new version even from the same documents)`);
    else lines.push(`${change.name} ${code(change.before)} → ${code(change.after)}`);
  }
  return lines;
}

function metricTable(metrics: readonly MetricDelta[]): string[] {
  return [
    '| metric (population) | base | head | change |',
    '| --- | ---: | ---: | ---: |',
    ...metrics.map(
      (metric) => `| ${metric.gated ? '**' : ''}${metric.name}${metric.gated ? '**' : ''} (${metric.population}) | ${formatMetricSide(metric.base)} | ${formatMetricSide(metric.head)} | ${formatDelta(metric.delta)} |`,
    ),
  ];
}

function flipSection(title: string, changes: readonly CaseChange[], reasonsFrom: 'base' | 'head', maxRows: number): string[] {
  const lines = ['', title, ''];
  if (changes.length === 0) return [...lines, 'None.'];
  lines.push('| case | expected | base | head | reasons | golden line |', '| --- | --- | --- | --- | --- | --- |');
  for (const change of changes.slice(0, maxRows)) {
    const reasons = change[reasonsFrom].reasons;
    lines.push(
      `| ${code(change.id)} | ${change.expectation} | ${formatCaseSide(change.base)} | ${formatCaseSide(change.head)} | ${reasons.length === 0 ? '—' : escapeMarkdown(truncate(reasons.join('; '), 300))} | ${code(`${change.location.file}:${change.location.line}`)} |`,
    );
  }
  if (changes.length > maxRows) lines.push('', `…and ${changes.length - maxRows} more (see \`--json\`).`);
  return lines;
}

function formatGateSide(side: GateComparison['base']): string {
  if (side === null) return '—';
  return `${formatStatus(side.status)} ${formatRate(side.actual)} ${side.comparison} ${formatRate(side.threshold)}`;
}

function formatStatus(status: 'passed' | 'failed' | 'not_applicable'): string {
  return status === 'passed' ? 'pass' : status === 'failed' ? '**FAIL**' : 'n/a';
}

export function formatMetricSide(side: MetricDelta['base']): string {
  return side === null ? '—' : `${formatRate(side.rate)} (${formatCount(side.numerator)}/${side.denominator})`;
}

export function formatDelta(delta: number | null): string {
  if (delta === null) return '—';
  if (Math.abs(delta) < 1e-12) return '0';
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta).toFixed(3)}`;
}

export function formatCaseSide(side: CaseChange['base']): string {
  return `${side.outcome === 'passed' ? 'pass' : side.outcome === 'failed' ? 'fail' : 'error'}, ${side.status}${side.refusalReason !== undefined ? ` (${side.refusalReason})` : ''}`;
}

export function countsChanged(metric: MetricDelta): boolean {
  return metric.base?.numerator !== metric.head?.numerator || metric.base?.denominator !== metric.head?.denominator;
}

function formatValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return code(JSON.stringify(value) ?? 'undefined');
}

/** A code span; a backtick inside would end it, and a bare pipe would split a table cell. */
function code(text: string): string {
  return `\`${text.replace(/\r?\n/g, ' ').replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

// Underscores stay: GitHub never reads intraword underscores as emphasis, and ids are full of them.
function escapeMarkdown(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*<>|])/g, '\\$1');
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
