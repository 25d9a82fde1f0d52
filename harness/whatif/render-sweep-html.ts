import { renderSweepSvg } from './render-sweep-svg.ts';
import type { SweepPoint, SweepResult } from './sweep-result.ts';

/** Options of `renderSweepSection`. */
export interface RenderSweepSectionOptions {
  /** The heading's words before the setting's path (default `Sweep of`; a run's report.html says `Threshold sweep of`). */
  title?: string;
}

/**
 * The sweep as one HTML `<section>` with scoped styles: the inline SVG chart (see
 * `renderSweepSvg`) and the table of values, the current one highlighted. Stands alone in
 * `sweep.html`, joins a comparison page (`renderComparisonHtml`'s `sections`) or a run's report
 * (`renderReportHtml`'s `sweeps`).
 */
export function renderSweepSection(sweep: SweepResult, options: RenderSweepSectionOptions = {}): string {
  const { parameter } = sweep;
  const rows = sweep.points.map((point) => renderRow(point, parameter.current)).join('\n');
  return `<section class="cg-sweep" id="sweep-${escapeHtml(parameter.path.replace(/[^A-Za-z0-9]+/g, '-'))}">
<style>${SECTION_STYLE}</style>
<h2>${escapeHtml(options.title ?? 'Sweep of')} <code>${escapeHtml(parameter.path)}</code></h2>
<p class="muted">Run <code>${escapeHtml(sweep.runId)}</code> · suite ${escapeHtml(sweep.suite)} · ${escapeHtml(sweep.population)} cases · recomputed from the stored traces, no model call${parameter.current === null ? '' : ` · current value <b>${parameter.current}</b>`}${parameter.requested === parameter.path ? '' : ` · <code>${escapeHtml(parameter.requested)}</code> is read from <code>${escapeHtml(parameter.path)}</code> for this embedder`}${sweep.mismatches > 0 ? ` · ${sweep.mismatches} case(s) kept as stored (replay self-check)` : ''}</p>
<figure>${renderSweepSvg(sweep)}</figure>
<table>
<thead><tr><th class="num">${escapeHtml(parameter.path)}</th><th class="num">false refusals</th><th class="num">false acceptances</th><th class="num">pass rate</th><th class="num">refused (by the gate)</th><th>gates</th><th class="num">pass → fail</th><th class="num">fail → pass</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** `sweep.html`: a self-contained page (no script, no network) holding the sweep section. */
export function renderSweepHtml(sweep: SweepResult): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(`Sweep of ${sweep.parameter.path} · ${sweep.runId} · clausegate`)}</title>
<style>body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1f2328; } main { padding: 8px 28px 40px; max-width: 1280px; } code { font: 12px ui-monospace, Menlo, Consolas, monospace; }</style>
</head>
<body>
<main>
${renderSweepSection(sweep)}
</main>
</body>
</html>
`;
}

function renderRow(point: SweepPoint, current: number | null): string {
  const isCurrent = current !== null && Math.abs(point.value - current) < 1e-9;
  if (!point.valid) return `<tr class="invalid"><td class="num">${point.value}</td><td colspan="7" class="muted">invalid: ${escapeHtml(point.error ?? '')}</td></tr>`;
  const rate = (value: SweepPoint['passRate']) => `${value.rate === null ? 'n/a' : value.rate.toFixed(3)} <span class="muted">(${value.numerator}/${value.denominator})</span>`;
  return `<tr${isCurrent ? ' class="current"' : ''}><td class="num">${point.value}${isCurrent ? ' <span class="tag">current</span>' : ''}</td><td class="num">${rate(point.falseRefusals)}</td><td class="num">${rate(point.falseAcceptances)}</td><td class="num">${rate(point.passRate)}</td><td class="num">${point.refused} (${point.refusedByGate})</td><td>${point.passed ? '<span class="pill pass">pass</span>' : `<span class="pill fail">fail</span> <span class="muted">${escapeHtml(point.failedGates.join(', '))}</span>`}</td><td class="num">${point.flips.passToFail}</td><td class="num">${point.flips.failToPass}</td></tr>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const SECTION_STYLE = `
.cg-sweep { --pass: #1a7f37; --fail: #cf222e; --line: #d0d7de; --muted: #57606a; --bg: #f6f8fa; --current: #0969da; }
.cg-sweep h2 { font-size: 18px; margin: 28px 0 6px; }
.cg-sweep .muted { color: var(--muted); font-size: 12px; }
.cg-sweep figure { margin: 8px 0 14px; overflow-x: auto; }
.cg-sweep table { border-collapse: collapse; width: 100%; }
.cg-sweep th, .cg-sweep td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); }
.cg-sweep th { background: var(--bg); font-size: 12px; }
.cg-sweep td.num, .cg-sweep th.num { text-align: right; font-variant-numeric: tabular-nums; }
.cg-sweep tr.current td { background: #ddf4ff; font-weight: 600; }
.cg-sweep .tag { font-size: 11px; background: var(--current); color: #fff; border-radius: 8px; padding: 0 6px; }
.cg-sweep .pill { display: inline-block; min-width: 40px; text-align: center; padding: 1px 6px; border-radius: 10px; color: #fff; font-size: 11px; font-weight: 600; text-transform: uppercase; }
.cg-sweep .pill.pass { background: var(--pass); } .cg-sweep .pill.fail { background: var(--fail); }
`;
