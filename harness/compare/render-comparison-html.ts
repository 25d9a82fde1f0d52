import { formatCount, formatRate } from '../report/format-rate.ts';
import type { CaseChange, Comparison, GateComparison, MetricDelta } from './comparison.ts';
import { describeContractChanges } from './render-comparison-markdown.ts';

/** Options of `renderComparisonSection`. */
export interface RenderComparisonSectionOptions {
  /** The section's heading (default `Before → after`; a run's report.html says `Comparison with baseline`). */
  title?: string;
}

/** Options of `renderComparisonHtml`. */
export interface RenderComparisonHtmlOptions {
  /** Further self-contained sections appended after the comparison (a sweep chart, for example). */
  sections?: readonly string[];
}

/**
 * `comparison.html`: one self-contained page (inline CSS, no script, a Content-Security-Policy
 * that forbids every network request) holding `renderComparisonSection` and any further sections.
 */
export function renderComparisonHtml(comparison: Comparison, options: RenderComparisonHtmlOptions = {}): string {
  const title = `${comparison.base.label} → ${comparison.head.label} · ${comparison.head.suite} · clausegate`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${renderComparisonSection(comparison)}
${(options.sections ?? []).join('\n')}
</main>
</body>
</html>
`;
}

/**
 * The comparison as one HTML `<section>` with its own scoped styles, so it can stand in a page of
 * its own or be added to a run's report (`renderReportHtml`'s `comparison`): verdicts, what changed
 * in the contract, the gates on both sides, the metric deltas (coloured by the gate's direction
 * where a gate reads the metric) and the flip tables with each case's reasons and golden line.
 */
export function renderComparisonSection(comparison: Comparison, options: RenderComparisonSectionOptions = {}): string {
  const { base, head, flips } = comparison;
  const contract = describeContractChanges(comparison);
  const directions = new Map<string, { comparison: string; threshold: number }>();
  for (const gate of comparison.gates) directions.set(`${gate.metric}/${gate.population}`, (gate.head ?? gate.base)!);
  const shown = comparison.metrics.filter((metric) => metric.gated || metric.base?.numerator !== metric.head?.numerator || metric.base?.denominator !== metric.head?.denominator);

  return `<section class="cg-compare" id="comparison-section">
<style>${SECTION_STYLE}</style>
<h2>${escapeHtml(options.title ?? 'Before → after')}</h2>
<div class="sides">
  ${renderSide('base', base.label, base.runId, base.passed, comparison.gates.filter((gate) => gate.base?.status === 'failed').length, base.cases)}
  <div class="arrow" aria-hidden="true">→</div>
  ${renderSide('head', head.label, head.runId, head.passed, comparison.gates.filter((gate) => gate.head?.status === 'failed').length, head.cases)}
  <div class="counts">
    <div><b class="bad">${flips.passToFail.length}</b> pass → fail</div>
    <div><b class="good">${flips.failToPass.length}</b> fail → pass</div>
    <div><b>${comparison.statusChanges.length}</b> other status changes</div>
    <div class="muted">${comparison.cases.common} cases in common${comparison.cases.added.length > 0 ? ` · ${comparison.cases.added.length} new` : ''}${comparison.cases.removed.length > 0 ? ` · ${comparison.cases.removed.length} removed` : ''}</div>
  </div>
</div>
<h3>What changed in the contract</h3>
${contract.length === 0 ? '<p class="muted">Nothing: same gates file, policy, config and versions.</p>' : `<ul class="contract">${contract.map((line) => `<li>${markdownCodeToHtml(line)}</li>`).join('')}</ul>`}
<h3>Gates</h3>
<table class="gates">
<thead><tr><th>gate</th><th>metric (population)</th><th>base</th><th>head</th><th>head under the base gate</th></tr></thead>
<tbody>
${comparison.gates.map(renderGateRow).join('\n')}
</tbody>
</table>
<h3>Metrics</h3>
<table class="metrics">
<thead><tr><th>metric (population)</th><th class="num">base</th><th class="num">head</th><th class="num">change</th></tr></thead>
<tbody>
${shown.map((metric) => renderMetricRow(metric, directions.get(`${metric.name}/${metric.population}`))).join('\n')}
</tbody>
</table>
${renderFlipTable('Pass → fail', 'bad', flips.passToFail, 'head')}
${renderFlipTable('Fail → pass', 'good', flips.failToPass, 'base')}
${comparison.statusChanges.length > 0 ? renderFlipTable('Status changes without a flip', 'neutral', comparison.statusChanges, 'head') : ''}
</section>`;
}

function renderSide(role: string, label: string, runId: string, passed: boolean, failedGates: number, cases: number): string {
  return `<div class="side">
    <div class="role">${role}</div>
    <div><span class="verdict ${passed ? 'pass' : 'fail'}">${passed ? 'PASS' : 'FAIL'}</span> <code>${escapeHtml(label)}</code></div>
    <div class="muted">run <code>${escapeHtml(runId)}</code> · ${cases} cases${passed ? '' : ` · ${failedGates} gate${failedGates === 1 ? '' : 's'} failed`}</div>
  </div>`;
}

function renderGateRow(gate: GateComparison): string {
  const side = (value: GateComparison['base']) =>
    value === null ? '<td class="muted">—</td>' : `<td>${pill(value.status)} <span class="value">${formatRate(value.actual)}</span> <span class="muted">${escapeHtml(value.comparison)} ${formatRate(value.threshold)}</span></td>`;
  const changedThreshold = gate.base !== null && gate.head !== null && (gate.base.threshold !== gate.head.threshold || gate.base.comparison !== gate.head.comparison);
  return `<tr${changedThreshold ? ' class="changed"' : ''}><td><code>${escapeHtml(gate.id)}</code>${changedThreshold ? ' <span class="tag">threshold changed</span>' : ''}</td><td>${escapeHtml(gate.metric)} (${gate.population})</td>${side(gate.base)}${side(gate.head)}<td>${gate.headUnderBaseGate === null ? '<span class="muted">—</span>' : pill(gate.headUnderBaseGate)}</td></tr>`;
}

function renderMetricRow(metric: MetricDelta, direction: { comparison: string; threshold: number } | undefined): string {
  const side = (value: MetricDelta['base']) => (value === null ? '—' : `${formatRate(value.rate)} <span class="muted">(${formatCount(value.numerator)}/${value.denominator})</span>`);
  let tone = 'neutral';
  if (metric.delta !== null && Math.abs(metric.delta) > 1e-12 && direction !== undefined && metric.base?.rate != null && metric.head?.rate != null) {
    // Better is up for `>=`, down for `<=`, and nearer the threshold for `==`.
    const better =
      direction.comparison === '>=' ? metric.delta > 0 : direction.comparison === '<=' ? metric.delta < 0 : Math.abs(metric.head.rate - direction.threshold) < Math.abs(metric.base.rate - direction.threshold);
    tone = better ? 'good' : 'bad';
  }
  const delta = metric.delta === null ? '—' : Math.abs(metric.delta) < 1e-12 ? '0' : `${metric.delta > 0 ? '+' : '−'}${Math.abs(metric.delta).toFixed(3)}`;
  return `<tr><td>${metric.gated ? '<b>' : ''}${escapeHtml(metric.name)}${metric.gated ? '</b>' : ''} (${metric.population})</td><td class="num">${side(metric.base)}</td><td class="num">${side(metric.head)}</td><td class="num ${tone}">${delta}</td></tr>`;
}

function renderFlipTable(title: string, tone: string, changes: readonly CaseChange[], reasonsFrom: 'base' | 'head'): string {
  if (changes.length === 0) return `<h3>${escapeHtml(title)} (0)</h3><p class="muted">None.</p>`;
  const side = (value: CaseChange['base']) =>
    `${pill(value.outcome === 'passed' ? 'passed' : value.outcome === 'error' ? 'error' : 'failed')} ${escapeHtml(value.status)}${value.refusalReason !== undefined ? ` <span class="muted">(${escapeHtml(value.refusalReason)})</span>` : ''}`;
  return `<h3 class="${tone}">${escapeHtml(title)} (${changes.length})</h3>
<table class="flips">
<thead><tr><th>case</th><th>expected</th><th>base</th><th>head</th><th>reasons (${reasonsFrom})</th><th>golden line</th></tr></thead>
<tbody>
${changes
  .map(
    (change) =>
      `<tr><td><code>${escapeHtml(change.id)}</code><div class="muted">${escapeHtml(change.category)} · ${change.kind}</div></td><td>${change.expectation}</td><td>${side(change.base)}</td><td>${side(change.head)}</td><td>${
        change[reasonsFrom].reasons.length === 0 ? '<span class="muted">—</span>' : `<ul>${change[reasonsFrom].reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul>`
      }</td><td><code>${escapeHtml(change.location.file)}:${change.location.line}</code></td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
}

function pill(status: 'passed' | 'failed' | 'not_applicable' | 'error'): string {
  const kind = status === 'passed' ? 'pass' : status === 'failed' ? 'fail' : status === 'error' ? 'error' : 'na';
  const text = status === 'passed' ? 'pass' : status === 'failed' ? 'fail' : status === 'error' ? 'error' : 'n/a';
  return `<span class="pill ${kind}">${text}</span>`;
}

/** The Markdown lines of `describeContractChanges` use code spans; show them as `<code>`. */
function markdownCodeToHtml(line: string): string {
  return escapeHtml(line)
    .replace(/`([^`]*)`/g, (_match, inner: string) => `<code>${inner.replace(/\\\|/g, '|')}</code>`)
    .replace(/\\([\\`*_<>|])/g, '$1');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const PAGE_STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1f2328; background: #fff; }
main { padding: 8px 28px 40px; max-width: 1280px; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
`;

const SECTION_STYLE = `
.cg-compare, .cg-sweep { --pass: #1a7f37; --fail: #cf222e; --error: #9a6700; --na: #8c959f; --line: #d0d7de; --muted: #57606a; --bg: #f6f8fa; }
.cg-compare h2 { font-size: 18px; margin: 24px 0 10px; }
.cg-compare h3 { font-size: 15px; margin: 22px 0 8px; }
.cg-compare h3.bad { color: var(--fail); } .cg-compare h3.good { color: var(--pass); }
.cg-compare .muted { color: var(--muted); font-size: 12px; }
.cg-compare .sides { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; padding: 12px 16px; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
.cg-compare .side { min-width: 260px; }
.cg-compare .role { text-transform: uppercase; font-size: 11px; letter-spacing: .06em; color: var(--muted); }
.cg-compare .arrow { font-size: 26px; color: var(--muted); }
.cg-compare .counts { margin-left: auto; display: grid; gap: 2px; }
.cg-compare .counts b { display: inline-block; min-width: 28px; text-align: right; font-size: 16px; }
.cg-compare .bad { color: var(--fail); } .cg-compare .good { color: var(--pass); }
.cg-compare .verdict { display: inline-block; padding: 1px 8px; border-radius: 4px; color: #fff; font-weight: 600; font-size: 14px; vertical-align: baseline; }
.cg-compare .verdict.pass { background: var(--pass); } .cg-compare .verdict.fail { background: var(--fail); }
.cg-compare table { border-collapse: collapse; width: 100%; }
.cg-compare th, .cg-compare td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
.cg-compare th { background: var(--bg); font-weight: 600; font-size: 12px; }
.cg-compare td.num, .cg-compare th.num { text-align: right; font-variant-numeric: tabular-nums; }
.cg-compare td.good { color: var(--pass); font-weight: 600; } .cg-compare td.bad { color: var(--fail); font-weight: 600; }
.cg-compare tr.changed td { background: #fff8c5; }
.cg-compare .tag { font-size: 11px; background: #9a6700; color: #fff; border-radius: 8px; padding: 0 6px; }
.cg-compare ul.contract li { margin: 2px 0; }
.cg-compare table.flips ul { margin: 0; padding-left: 16px; font-size: 12px; }
.cg-compare .pill { display: inline-block; min-width: 40px; text-align: center; padding: 1px 6px; border-radius: 10px; color: #fff; font-size: 11px; font-weight: 600; text-transform: uppercase; }
.cg-compare .pill.pass { background: var(--pass); } .cg-compare .pill.fail { background: var(--fail); } .cg-compare .pill.error { background: var(--error); } .cg-compare .pill.na { background: var(--na); }
.cg-compare .value { font-variant-numeric: tabular-nums; }
`;
