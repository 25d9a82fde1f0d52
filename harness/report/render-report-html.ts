import type { CaseResult } from './case-result.ts';
import { describeCase } from './describe-case.ts';
import { formatCount, formatInterval, formatRate } from './format-rate.ts';
import type { RunReport } from './run-report.ts';

type GateRecord = RunReport['gates'][number];

/**
 * Sections a run's `report.html` carries beside its own, each a self-contained `<section>` (scoped
 * styles, no script) rendered by the module that owns the data.
 */
export interface ReportHtmlSections {
  /** "Comparison with baseline": `renderComparisonSection` of a comparison whose head is this run. */
  comparison?: string;
  /** "Threshold sweep": one `renderSweepSection` per setting swept over this run. */
  sweeps?: readonly string[];
}

/**
 * `report.html`: one self-contained page (inline CSS and JS, a Content-Security-Policy that
 * forbids every network request): the verdict, gate bars against their thresholds with the 95%
 * interval, then the comparison with a baseline and the threshold sweeps when `sections` has them,
 * the per-category breakdown, every metric, and a filterable case table whose rows open onto the
 * answer, the evidence used, the expected quotes, the candidates and the reasons. Every table is
 * rendered as HTML, so the page reads without JavaScript; the script only filters.
 */
export function renderReportHtml(report: RunReport, sections: ReportHtmlSections = {}): string {
  const failedGates = report.gates.filter((gate) => gate.status === 'failed');
  const verdict = report.gateScope === 'shard' ? 'SHARD' : failedGates.length === 0 ? 'PASS' : 'FAIL';
  const verdictText =
    report.gateScope === 'shard'
      ? `Shard ${report.options.shard?.index}/${report.options.shard?.count}: gates measured on this shard only, not enforced`
      : failedGates.length === 0
        ? `All ${report.gates.length} gates passed`
        : `${failedGates.length} of ${report.gates.length} gates failed`;
  const counts = {
    passed: report.cases.filter((result) => result.outcome === 'passed').length,
    failed: report.cases.filter((result) => result.outcome === 'failed').length,
    error: report.cases.filter((result) => result.outcome === 'error').length,
  };
  const sweeps = sections.sweeps ?? [];
  // The page's table of contents: its own sections and the ones added (each in a wrapper of its own id).
  const contents: { id: string; label: string }[] = [
    { id: 'gates-section', label: 'Gates' },
    ...(sections.comparison === undefined ? [] : [{ id: 'report-comparison', label: 'Comparison with baseline' }]),
    ...(sweeps.length === 0 ? [] : [{ id: 'report-sweeps', label: sweeps.length === 1 ? 'Threshold sweep' : `Threshold sweeps (${sweeps.length})` }]),
    { id: 'categories-section', label: 'Categories' },
    { id: 'metrics-section', label: 'Metrics' },
    { id: 'cases-section', label: 'Cases' },
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(`${verdict} · ${report.runId} · clausegate`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1><span class="verdict ${verdict.toLowerCase()}">${verdict}</span> ${escapeHtml(report.kind === 'merged' ? 'Merged run' : 'Run')} <code>${escapeHtml(report.runId)}</code></h1>
  <p class="lead">${escapeHtml(verdictText)} · ${report.cases.length} cases: ${counts.passed} passed, ${counts.failed} failed, ${counts.error} errors · suite <b>${escapeHtml(report.suite.name)}</b> (${escapeHtml(report.suite.description)})</p>
  <dl class="meta">
    ${meta('provider', `${report.options.provider}${report.options.replay ? ' (replay)' : ''}`)}
    ${meta('index', report.versions.index)}
    ${meta('policy', report.versions.policy)}
    ${meta('prompt', report.versions.prompt)}
    ${meta('embedder', report.versions.embedder)}
    ${meta('reranker', report.versions.reranker)}
    ${meta('generator', report.versions.generator)}
    ${meta('config', report.configDigest)}
    ${meta('gates', `${report.gatesFile.version} · ${report.gatesFile.file} · sha256 ${report.gatesFile.sha256}`)}
    ${meta('selection', `${report.options.perturb ? 'baseline + perturbations' : 'baseline only'}${report.options.filter.length > 0 ? ` · filter ${report.options.filter.join(', ')}` : ''}${report.options.shard ? ` · shard ${report.options.shard.index}/${report.options.shard.count}` : ''}${report.shards.length > 0 ? ` · merged from ${report.shards.map((shard) => shard.runId).join(', ')}` : ''}`)}
    ${meta('time', `${report.startedAt} → ${report.finishedAt} (${(report.durationMs / 1000).toFixed(1)} s)`)}
  </dl>
  <nav class="contents">${contents.map((entry) => `<a href="#${entry.id}">${escapeHtml(entry.label)}</a>`).join(' · ')}</nav>
</header>
<main>
<section id="gates-section">
  <h2>Gates</h2>
  <table id="gates" class="gates">
    <thead><tr><th>status</th><th>gate</th><th>metric (population)</th><th>value against threshold</th><th class="num">n/d</th><th>95% interval</th></tr></thead>
    <tbody>
${report.gates.map(renderGateRow).join('\n')}
    </tbody>
  </table>
  <p class="legend"><span class="key fill"></span> measured value <span class="key ci"></span> 95% Wilson interval <span class="key threshold"></span> threshold</p>
  ${failedGates.length > 0 ? `<ul class="messages">${failedGates.map((gate) => `<li><b>${escapeHtml(gate.id)}</b>: ${escapeHtml(gate.message)}</li>`).join('')}</ul>` : ''}
  ${report.warnings.length > 0 ? `<ul class="warnings">${report.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('')}</ul>` : ''}
</section>
${sections.comparison === undefined ? '' : `<div id="report-comparison">\n${sections.comparison}\n</div>`}
${sweeps.length === 0 ? '' : `<div id="report-sweeps">\n${sweeps.join('\n')}\n</div>`}
<section id="categories-section">
  <h2>Categories</h2>
  <table id="categories">
    <thead><tr><th>population</th><th>category</th><th class="num">cases</th><th class="num">passed</th><th class="num">failed</th><th class="num">errors</th><th>share passed</th></tr></thead>
    <tbody>
${report.categories
  .map(
    (row) =>
      `      <tr><td>${escapeHtml(row.population)}</td><td><button type="button" class="category" data-category="${escapeHtml(row.category)}" data-population="${row.population}">${escapeHtml(row.category)}</button></td><td class="num">${row.cases}</td><td class="num">${row.passed}</td><td class="num">${row.failed}</td><td class="num">${row.errors}</td><td>${stackedBar(row.passed, row.failed, row.errors)}</td></tr>`,
  )
  .join('\n')}
    </tbody>
  </table>
</section>
<section id="metrics-section">
  <h2>Metrics</h2>
  <table id="metrics">
    <thead><tr><th>population</th><th>metric</th><th class="num">n/d</th><th class="num">rate</th><th>95% interval</th><th>definition</th></tr></thead>
    <tbody>
${report.metrics.rates
  .map(
    (metric) =>
      `      <tr><td>${metric.population}</td><td>${metric.name}</td><td class="num">${formatCount(metric.numerator)}/${metric.denominator}</td><td class="num">${formatRate(metric.rate)}</td><td class="interval">${formatInterval(metric.interval)}</td><td class="muted">${escapeHtml(metric.definition)}</td></tr>`,
  )
  .join('\n')}
    </tbody>
  </table>
  <p class="muted">Latency p50 ${formatMs(report.metrics.usage.all.latencyMs.p50)}, p95 ${formatMs(report.metrics.usage.all.latencyMs.p95)}, max ${formatMs(report.metrics.usage.all.latencyMs.max)} · tokens ${report.metrics.usage.all.tokens.prompt} prompt + ${report.metrics.usage.all.tokens.completion} completion · estimated cost $${report.metrics.usage.all.costUsd.toFixed(4)}</p>
</section>
<section id="cases-section">
  <h2>Cases</h2>
  <div class="controls">
    <input id="case-filter" type="search" placeholder="Filter: id, category, question, answer, reason…" aria-label="filter cases">
    <select id="outcome-filter" aria-label="outcome">
      <option value="">every outcome</option>
      <option value="not-passed">not passed</option>
      <option value="passed">passed</option>
      <option value="failed">failed</option>
      <option value="error">error</option>
    </select>
    <select id="population-filter" aria-label="population">
      <option value="">baseline and perturb</option>
      <option value="baseline">baseline</option>
      <option value="perturb">perturb</option>
    </select>
    <span id="case-count" class="muted">${report.cases.length} of ${report.cases.length} cases</span>
  </div>
  <table id="cases">
    <thead><tr><th>outcome</th><th>case</th><th>category</th><th>kind</th><th>question, answer and details</th></tr></thead>
    <tbody>
${report.cases.map(renderCaseRow).join('\n')}
    </tbody>
  </table>
</section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function renderGateRow(gate: GateRecord): string {
  const status = gate.status === 'passed' ? 'pass' : gate.status === 'failed' ? 'fail' : 'na';
  const label = gate.status === 'passed' ? 'PASS' : gate.status === 'failed' ? 'FAIL' : 'N/A';
  const value = gate.actual === null ? 'n/a' : formatRate(gate.actual);
  const fill = gate.actual === null ? 0 : gate.actual * 100;
  const interval = gate.interval === undefined ? '' : `<span class="ci" style="left:${percent(gate.interval[0])};width:${percent(gate.interval[1] - gate.interval[0])}"></span>`;
  const symbol = gate.comparison === '>=' ? '≥' : gate.comparison === '<=' ? '≤' : '=';
  const aria = `${gate.metric} ${value} against threshold ${symbol} ${formatRate(gate.threshold)}`;
  return `      <tr class="gate ${status}" data-gate="${escapeHtml(gate.id)}"><td><span class="pill ${status}">${label}</span></td><td><code>${escapeHtml(gate.id)}</code>${gate.warning ? `<div class="warn" title="${escapeHtml(gate.warning)}">small sample</div>` : ''}</td><td>${gate.metric} <span class="muted">(${gate.population})</span></td><td><div class="bar" role="img" aria-label="${escapeHtml(aria)}"><span class="fill ${status}" style="width:${fill.toFixed(2)}%"></span>${interval}<span class="threshold" style="left:${percent(gate.threshold)}"></span></div><span class="value">${value} <span class="muted">${symbol} ${formatRate(gate.threshold)}</span></span></td><td class="num">${formatCount(gate.numerator)}/${gate.denominator}</td><td class="interval">${formatInterval(gate.interval)}</td></tr>`;
}

/** Marks the figures, dates and parties answer precision found outside the expected evidence. */
function markUnexpectedSpans(answerHtml: string, spans: readonly { kind: string; text: string }[]): string {
  let marked = answerHtml;
  for (const span of spans) {
    const escaped = escapeHtml(span.text);
    // Not inside a longer figure: `$5` is not marked in `$5.70`.
    const pattern = new RegExp(`${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d]|[.,]\\d)`, 'g');
    marked = marked.replace(pattern, (text) => `<mark class="unexpected" title="${span.kind} not in the expected evidence">${text}</mark>`);
  }
  return marked;
}

function renderCaseRow(result: CaseResult): string {
  const description = describeCase(result);
  const population = result.kind === 'baseline' ? 'baseline' : 'perturb';
  const kind = result.kind === 'baseline' ? 'baseline' : `${result.perturbationKind ?? 'perturbation'} of ${result.baseId ?? '?'}`;
  const trace = result.trace;
  const search = [result.id, result.category, kind, result.question, description.got, ...description.reasons, result.outcome].join(' ').toLowerCase();
  const status = result.outcome === 'passed' ? 'pass' : result.outcome === 'failed' ? 'fail' : 'error';
  const answer =
    trace?.status === 'answered'
      ? `<p class="answer">${markUnexpectedSpans(escapeHtml(trace.answer ?? ''), result.score.unexpectedSpans ?? [])}</p>`
      : `<p class="answer muted">${escapeHtml(description.got)}</p>`;
  const details = [
    `<dl class="case-meta">`,
    meta('expected', description.expected),
    meta('got', description.got),
    trace ? meta('gate', `${trace.gate.decision}${trace.gate.reason ? ` (${trace.gate.reason})` : ''} · tier ${trace.gate.tier} · ${trace.gate.detail}`) : '',
    trace ? meta('retrieval', `${trace.retrieval.rerankMode} · floor ${trace.retrieval.floor} · top similarity ${trace.retrieval.topSimilarity.toFixed(3)}${trace.flags.fallbackUsed ? ' · fallback used' : ''}`) : '',
    meta('latency', `${Math.round(result.score.latencyMs)} ms`),
    meta('written at', `${result.location.file}:${result.location.line}`),
    `</dl>`,
    description.reasons.length > 0 ? `<h4>Reasons</h4><ul class="reasons">${description.reasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul>` : '',
    result.expected.evidence.length > 0
      ? `<h4>Expected evidence</h4><ul class="quotes">${result.expected.evidence.map((item) => `<li><span class="where">${escapeHtml(item.doc)} p.${item.page} [${item.start}–${item.end}]</span> ${escapeHtml(item.quote)}</li>`).join('')}</ul>`
      : '',
    trace && trace.evidence.length > 0
      ? `<h4>Evidence used</h4><table class="inner"><thead><tr><th>anchor</th><th>document</th><th>page</th><th>span</th><th>section</th><th class="num">rerank</th><th class="num">similarity</th><th class="num">fused</th><th>expected?</th></tr></thead><tbody>${trace.evidence
          .map(
            (item) =>
              `<tr${overlapsExpected(result, item) ? ' class="hit"' : ''}><td>${escapeHtml(item.anchor)}</td><td>${escapeHtml(item.doc)}</td><td>${item.page}</td><td>${item.span.start}–${item.span.end}</td><td>${escapeHtml(item.sectionHeading)}</td><td class="num">${item.rerankScore ?? '—'}</td><td class="num">${item.similarity.toFixed(3)}</td><td class="num">${item.fusedScore.toFixed(4)}</td><td>${overlapsExpected(result, item) ? 'yes' : ''}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '',
    trace && trace.citations.length > 0
      ? `<h4>Citations</h4><ul class="quotes">${trace.citations.map((citation) => `<li><span class="where">[${escapeHtml(citation.anchor)}] ${escapeHtml(citation.doc)} p.${citation.page} · ${escapeHtml(citation.sectionHeading)}</span> ${escapeHtml(citation.quote)}</li>`).join('')}</ul>`
      : '',
    trace && trace.candidates.length > 0
      ? `<details class="candidates"><summary>${trace.candidates.length} candidates before rerank</summary><table class="inner"><thead><tr><th class="num">rank</th><th>document</th><th>page</th><th>span</th><th class="num">similarity</th><th class="num">keyword</th><th class="num">fused</th><th class="num">rerank</th><th>kept</th></tr></thead><tbody>${shownCandidates(result, trace.candidates)
          .map(
            (item) =>
              `<tr${overlapsExpected(result, item) ? ' class="hit"' : ''}><td class="num">${item.rank}</td><td>${escapeHtml(item.doc)}</td><td>${item.page}</td><td>${item.span.start}–${item.span.end}</td><td class="num">${item.similarity.toFixed(3)}</td><td class="num">${item.keywordScore.toFixed(3)}</td><td class="num">${item.fusedScore.toFixed(4)}</td><td class="num">${item.rerankScore ?? '—'}</td><td>${item.kept ? 'yes' : ''}</td></tr>`,
          )
          .join('')}</tbody></table>${trace.candidates.length > shownCandidates(result, trace.candidates).length ? `<p class="more">${trace.candidates.length - shownCandidates(result, trace.candidates).length} more (not kept, not expected, ranked below ${SHOWN_CANDIDATES}) in traces.jsonl.gz</p>` : ''}</details>`
      : '',
  ].join('');
  return `      <tr class="case ${status}" data-outcome="${result.outcome}" data-population="${population}" data-category="${escapeHtml(result.category)}" data-search="${escapeHtml(search)}"><td><span class="pill ${status}">${result.outcome}</span></td><td><code>${escapeHtml(result.id)}</code></td><td>${escapeHtml(result.category)}</td><td>${escapeHtml(kind)}</td><td><p class="question">${escapeHtml(result.question)}</p>${answer}<details><summary>details</summary>${details}</details></td></tr>`;
}

/** Candidates listed per case: the first ones by rank, every kept one and every one on an expected span (the rest are in the traces). */
const SHOWN_CANDIDATES = 10;

function shownCandidates<T extends { rank: number; kept: boolean; doc: string; page: number; span: { start: number; end: number } }>(result: CaseResult, candidates: readonly T[]): T[] {
  return candidates.filter((item) => item.rank <= SHOWN_CANDIDATES || item.kept || overlapsExpected(result, item));
}

function overlapsExpected(result: CaseResult, item: { doc: string; page: number; span: { start: number; end: number } }): boolean {
  return result.expected.evidence.some((expected) => expected.doc === item.doc && expected.page === item.page && expected.start < item.span.end && item.span.start < expected.end);
}

function stackedBar(passed: number, failed: number, errors: number): string {
  const total = Math.max(1, passed + failed + errors);
  const segment = (count: number, kind: string) => (count === 0 ? '' : `<span class="${kind}" style="width:${((count / total) * 100).toFixed(2)}%"></span>`);
  return `<div class="stack" role="img" aria-label="${passed} passed, ${failed} failed, ${errors} errors">${segment(passed, 'pass')}${segment(failed, 'fail')}${segment(errors, 'error')}</div>`;
}

function meta(term: string, value: string): string {
  return `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`;
}

function percent(share: number): string {
  return `${(Math.min(1, Math.max(0, share)) * 100).toFixed(2)}%`;
}

function formatMs(value: number | null): string {
  return value === null ? 'n/a' : `${Math.round(value)} ms`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --error: #9a6700; --na: #8c959f; --line: #d0d7de; --muted: #57606a; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1f2328; background: #fff; }
header { padding: 20px 28px 8px; border-bottom: 1px solid var(--line); background: var(--bg); }
main { padding: 0 28px 40px; }
h1 { font-size: 20px; margin: 0 0 6px; }
h2 { font-size: 16px; margin: 28px 0 10px; }
h4 { font-size: 13px; margin: 12px 0 4px; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.lead { margin: 0 0 10px; }
.muted { color: var(--muted); }
.verdict { display: inline-block; padding: 2px 10px; border-radius: 4px; color: #fff; font-size: 16px; vertical-align: 2px; }
.verdict.pass { background: var(--pass); } .verdict.fail { background: var(--fail); } .verdict.shard { background: var(--na); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 10px; font-size: 12px; }
dl.meta dt, dl.case-meta dt { color: var(--muted); }
dl.meta dd, dl.case-meta dd { margin: 0; word-break: break-all; }
dl.case-meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; font-size: 12px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--bg); font-weight: 600; font-size: 12px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.interval { white-space: nowrap; font-variant-numeric: tabular-nums; }
.pill { display: inline-block; min-width: 44px; text-align: center; padding: 1px 6px; border-radius: 10px; color: #fff; font-size: 11px; font-weight: 600; text-transform: uppercase; }
.pill.pass { background: var(--pass); } .pill.fail { background: var(--fail); } .pill.error { background: var(--error); } .pill.na { background: var(--na); }
.bar { position: relative; display: inline-block; width: 240px; height: 14px; background: #eaeef2; border-radius: 3px; vertical-align: middle; margin-right: 8px; }
.bar .fill { position: absolute; left: 0; top: 0; bottom: 0; border-radius: 3px; opacity: .85; }
.bar .fill.pass { background: var(--pass); } .bar .fill.fail { background: var(--fail); } .bar .fill.na { background: var(--na); }
.bar .ci { position: absolute; top: 6px; height: 2px; background: #1f2328; opacity: .55; }
.bar .threshold { position: absolute; top: -3px; bottom: -3px; width: 2px; margin-left: -1px; background: #1f2328; }
.value { font-variant-numeric: tabular-nums; }
.legend { font-size: 12px; color: var(--muted); }
.key { display: inline-block; width: 14px; height: 8px; margin: 0 4px 0 10px; vertical-align: 0; }
.key.fill { background: var(--pass); } .key.ci { height: 2px; background: #1f2328; vertical-align: 3px; } .key.threshold { width: 2px; height: 12px; background: #1f2328; vertical-align: -2px; }
.warn { font-size: 11px; color: var(--error); }
ul.messages li { color: var(--fail); } ul.warnings li { color: var(--error); font-size: 12px; }
.stack { display: flex; width: 160px; height: 10px; background: #eaeef2; border-radius: 3px; overflow: hidden; }
.stack span { display: block; height: 100%; }
.stack .pass { background: var(--pass); } .stack .fail { background: var(--fail); } .stack .error { background: var(--error); }
button.category { font: inherit; color: #0969da; background: none; border: 0; padding: 0; cursor: pointer; text-decoration: underline; }
.controls { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; flex-wrap: wrap; }
.controls input { flex: 1 1 320px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 4px; font: inherit; }
.controls select { padding: 4px; font: inherit; }
tr.case.fail > td:first-child { box-shadow: inset 3px 0 var(--fail); } tr.case.error > td:first-child { box-shadow: inset 3px 0 var(--error); }
p.question { margin: 0; font-weight: 600; } p.answer { margin: 2px 0; white-space: pre-wrap; }
details summary { cursor: pointer; color: #0969da; font-size: 12px; }
mark.unexpected { background: #ffebe9; color: #82071e; border-bottom: 1px dotted #cf222e; }
table.inner { font-size: 12px; margin: 4px 0; } table.inner tr.hit td { background: #dafbe1; }
ul.quotes, ul.reasons { margin: 2px 0; padding-left: 18px; font-size: 12px; }
.where { color: var(--muted); font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 11px; }
nav.contents { font-size: 12px; margin: 0 0 10px; } nav.contents a { color: #0969da; }
`;

const SCRIPT = `
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('#cases tbody tr.case'));
  var text = document.getElementById('case-filter');
  var outcome = document.getElementById('outcome-filter');
  var population = document.getElementById('population-filter');
  var count = document.getElementById('case-count');
  function apply() {
    var query = text.value.trim().toLowerCase();
    var wanted = outcome.value;
    var wantedPopulation = population.value;
    var shown = 0;
    rows.forEach(function (row) {
      var visible = (!query || row.getAttribute('data-search').indexOf(query) !== -1)
        && (!wanted || (wanted === 'not-passed' ? row.getAttribute('data-outcome') !== 'passed' : row.getAttribute('data-outcome') === wanted))
        && (!wantedPopulation || row.getAttribute('data-population') === wantedPopulation);
      row.hidden = !visible;
      if (visible) shown += 1;
    });
    count.textContent = shown + ' of ' + rows.length + ' cases';
  }
  text.addEventListener('input', apply);
  outcome.addEventListener('change', apply);
  population.addEventListener('change', apply);
  Array.prototype.forEach.call(document.querySelectorAll('button.category'), function (button) {
    button.addEventListener('click', function () {
      text.value = button.getAttribute('data-category').toLowerCase();
      population.value = button.getAttribute('data-population');
      apply();
      document.getElementById('cases-section').scrollIntoView();
    });
  });
  apply();
})();
`;
