import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ingestSource } from '../../pipeline/ingest/index.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { createEmbedder } from '../../pipeline/providers/create-embedder.ts';
import type { Embedder } from '../../pipeline/providers/embedder.ts';
import { runCli, type CommandIo } from '../cli.ts';
import { Comparison } from '../compare/index.ts';
import { writeReportHtml } from '../report-sections/index.ts';
import { buildRunReport } from '../report/build-run-report.ts';
import { CaseResult } from '../report/case-result.ts';
import { RunReport } from '../report/run-report.ts';
import { decodePng, type DecodedPng } from '../report/testing/decode-png.ts';
import { loadGates } from '../score/index.ts';
import { SweepResult } from '../whatif/index.ts';
import { executeRun } from './execute-run.ts';
import { loadCheckedSuite } from './load-checked-suite.ts';
import { prepareCases } from './prepare-cases.ts';
import { resolveConfigPaths } from './resolve-config-paths.ts';
import { runSuite } from './run-suite.ts';
import { readReportFile } from '../report/testing/read-report-file.ts';
import { gunzipSync } from 'node:zlib';

// The sample suite end to end: a real offline index of data/raw/sample in a temporary folder, the
// real pipeline, the real CLI (in process through runCli, and as a child process for kill -9).
const root = path.resolve(import.meta.dirname, '../..');
const goldenDir = path.join(root, 'golden');
const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => existsSync(file));
const CHROMIUM_MISSING = "chromium not found; install Debian's chromium package to run this test";

let work: string;
let configFile: string;
let reportDir: string;
let indexVersion: string;
/** The uninterrupted whole run every other run is compared with. */
let wholeRun: { code: number; report: RunReport };

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in process with a CommandIo that captures what it prints. */
async function harness(args: readonly string[], options: { config?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CommandIo = {
    env: { CI: 'true', ...options.env },
    cwd: root,
    interactive: false,
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
  };
  const code = await runCli([...args, '--config', options.config ?? configFile], io);
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

function writeConfig(name: string, paths: Record<string, string>): string {
  const file = path.join(work, name);
  writeFileSync(file, JSON.stringify({ paths: { cacheDir: path.join(work, 'cache'), logDir: path.join(work, 'logs'), ...paths } }, null, 2));
  return file;
}

function readReport(runId: string, directory = reportDir): RunReport {
  return readReportFile(path.join(directory, runId));
}

/** Opens `file` in headless Chromium (no network, a fresh profile): the DOM after its script ran, and a screenshot of the window. */
function renderInChromium(file: string, size: { width: number; height: number }): { dom: string; screenshot: string } {
  const profile = mkdtempSync(path.join(work, 'chromium-'));
  const screenshot = path.join(profile, 'screenshot.png');
  const result = spawnSync(
    chromium!,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--window-size=${size.width},${size.height}`,
      `--screenshot=${screenshot}`,
      '--dump-dom',
      `file://${file}`,
    ],
    { encoding: 'utf8', timeout: 60_000, cwd: work },
  );
  expect(result.error).toBeUndefined();
  expect(existsSync(screenshot)).toBe(true);
  return { dom: result.stdout, screenshot };
}

/** Pixels within 8 per channel of `#rrggbb`. */
function countPixels(png: DecodedPng, color: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16)) as [number, number, number];
  let count = 0;
  for (let index = 0; index < png.pixels.length; index += 4) {
    if (Math.abs(png.pixels[index]! - red) <= 8 && Math.abs(png.pixels[index + 1]! - green) <= 8 && Math.abs(png.pixels[index + 2]! - blue) <= 8) count += 1;
  }
  return count;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A case result without what depends on the clock: timing, latencies. */
function withoutTimings(result: CaseResult): unknown {
  const { timing: _timing, ...rest } = result;
  return {
    ...rest,
    score: { ...rest.score, latencyMs: 0 },
    trace: rest.trace === null ? null : { ...rest.trace, latencyMs: {}, generation: rest.trace.generation === null ? null : { ...rest.trace.generation, latencyMs: 0 } },
  };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'clausegate-sample-suite-'));
  reportDir = path.join(work, 'reports');
  const indexDir = path.join(work, 'index');
  configFile = writeConfig('config.json', { indexDir, reportDir, goldenDir });
  const config = ClausegateConfig.parse({ paths: { indexDir } });
  const summary = await ingestSource({
    source: 'sample',
    root: path.join(root, 'data/raw/sample'),
    config,
    embedder: createEmbedder(config, environment),
    now: () => new Date('2026-11-22T00:00:00Z'),
  });
  indexVersion = summary.indexVersion;
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the sample suite, offline, through the real index and pipeline', () => {
  it('passes harness check: every id unique, every base present, every quote located on its page', async () => {
    const run = await harness(['check', '--suite', 'sample']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toHaveLength(1);
    expect(run.stdout).toContain('golden/sample: OK · 18 baseline cases (fees 5, definitions 2, obligations 4, policy 2, should-refuse 5)');
    expect(run.stdout).toContain('11 perturbations (typo 2, casing_punct 2, filler_prefix 2, abbreviation 2, distractor_flip 3)');
    expect(run.stdout).toContain(`21/21 quotes located in index ${indexVersion}`);
  });

  it('harness run --perturb scores every case, checks the gates, writes every report and exits by the gates', async () => {
    const run = await harness(['run', '--suite', 'sample', '--perturb', '--run-id', 'whole']);
    const report = readReport('whole');
    wholeRun = { code: run.code, report };
    expect(run.code).toBe(report.passed ? 0 : 1);

    expect(report.cases).toHaveLength(29);
    expect(report.metrics.cases).toEqual({ baseline: 18, perturb: 11 });
    expect(report.cases.every((result) => result.trace !== null && result.thrown === null)).toBe(true);
    expect(report.cases.filter((result) => result.expected.expectation === 'answer').every((result) => result.expected.evidence.length > 0)).toBe(true);
    expect(report.gatesFile).toEqual({
      // The sample suite's own ratchet (answer precision put it below the contract, golden/gates.json).
      file: 'golden/sample/gates.json',
      version: (JSON.parse(readFileSync(path.join(goldenDir, 'sample', 'gates.json'), 'utf8')) as { version: string }).version,
      sha256: createHash('sha256').update(readFileSync(path.join(goldenDir, 'sample', 'gates.json'))).digest('hex'),
    });
    expect(report.versions.index).toBe(indexVersion);
    expect(report.configDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(report.gates.map((gate) => gate.id)).toContain('baseline_pass_rate');
    // Pool recall is measured from the candidates before rerank, which the trace keeps with their scores.
    expect(report.cases[0]!.trace!.candidates.length).toBeGreaterThan(0);

    const directory = path.join(reportDir, 'whole');
    // One copy of each case: report.json (traces apart, compressed); the journal went with the finished run.
    expect(existsSync(path.join(directory, 'journal.jsonl'))).toBe(false);
    expect(existsSync(path.join(directory, 'cases.jsonl'))).toBe(false);
    const stored = JSON.parse(readFileSync(path.join(directory, 'report.json'), 'utf8')) as { cases: { id: string; trace: unknown }[] };
    expect(stored.cases.map((item) => item.trace)).toEqual(report.cases.map(() => 'traces.jsonl.gz'));
    const traceLines = gunzipSync(readFileSync(path.join(directory, 'traces.jsonl.gz'))).toString('utf8').trimEnd().split('\n');
    expect(traceLines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(report.cases.map((result) => result.id));
    expect(CaseResult.parse({ ...stored.cases[0], trace: (JSON.parse(traceLines[0]!) as { trace: unknown }).trace }).trace).toEqual(report.cases[0]!.trace);
    const summary = readFileSync(path.join(directory, 'summary.md'), 'utf8');
    expect(summary.indexOf('## Gates')).toBeLessThan(summary.indexOf('## Failing cases'));
    expect(summary).toContain('| status | gate |');
    const junit = readFileSync(path.join(directory, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(29 + report.gates.length);

    // The compact summary for a person: gates, counts, failing cases, where the report is; 100 columns.
    expect(run.stdout).toContain(report.passed ? 'PASS: all 13 gates passed' : 'FAIL: ');
    expect(run.stdout).toMatch(/^pass {2}baseline_pass_rate\s+\d\.\d{3}\s+\d+\/18\s+\[\d\.\d{3}, \d\.\d{3}\]\s+>= \d\.\d{3}$/m);
    expect(run.stdout).toMatch(/baseline_answer_precision\s+\d\.\d{3}\s+\d+\/\d+/);
    const rate = (name: string, population: string) => report.metrics.rates.find((item) => item.name === name && item.population === population)!;
    expect(run.stdout).toContain(`baseline ${rate('pass_rate', 'baseline').numerator}/18 passed · perturb ${rate('pass_rate', 'perturb').numerator}/11 passed`);
    expect(run.stdout).toContain(`answer precision ${rate('answer_precision', 'all').numerator}/${rate('answer_precision', 'all').denominator}`);
    const notPassed = report.cases.filter((result) => result.outcome !== 'passed');
    expect(run.stdout).toContain(`Cases that did not pass (${notPassed.length}):`);
    for (const result of notPassed.slice(0, 10)) expect(run.stdout).toMatch(new RegExp(`^  (FAIL|ERROR) ${result.id}(: | \\(\\+)`, 'm'));
    if (notPassed.length > 10) expect(run.stdout).toContain(`  …and ${notPassed.length - 10} more (harness run --verbose, or the report)`);
    expect(run.stdout).toMatch(/^Report: .*whole\/report\.html$/m);
    // The details are behind --verbose (the run at threshold 3 below shows them).
    expect(run.stdout).not.toContain('Metrics (numerator/denominator, 95% Wilson interval):');
    expect(run.stderr.split('\n').filter((line) => /^(FAIL|ERROR) /.test(line))).toEqual([]);
    for (const line of [...run.stdout.split('\n'), ...run.stderr.split('\n')]) expect([...line].length, line).toBeLessThanOrEqual(100);
  });

  it('records a case whose answer throws as an error and scores the others (runSuite with an injected answer)', async () => {
    const config = resolveConfigPaths(ClausegateConfig.parse({ paths: { indexDir: path.join(work, 'index'), goldenDir } }), root);
    const checked = await loadCheckedSuite({ goldenDir, name: 'sample', config, cwd: root });
    const cases = prepareCases(checked.suite, checked.check, { perturb: true });
    const pipeline = await openAnswerPipeline(config, environment, 'sample');
    const broken = 'obligation-audit-frequency';
    let inFlight = 0;
    let mostInFlight = 0;
    const finished: string[] = [];
    try {
      const results = await runSuite({
        cases,
        concurrency: 2,
        now: () => new Date(),
        answer: async (question) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          try {
            await new Promise((resolve) => setTimeout(resolve, 1));
            if (question === cases.find((item) => item.id === broken)!.question) throw new TypeError('the reranker exploded');
            return await answerQuestion(pipeline, question);
          } finally {
            inFlight -= 1;
          }
        },
        onCaseFinished: (result) => {
          finished.push(result.id);
        },
      });
      expect(results.map((result) => result.id)).toEqual(cases.map((item) => item.id));
      expect(finished.sort()).toEqual(cases.map((item) => item.id).sort());
      expect(mostInFlight).toBe(2);

      const thrown = results.find((result) => result.id === broken)!;
      expect(thrown.outcome).toBe('error');
      expect(thrown.trace).toBeNull();
      expect(thrown.thrown).toEqual({ name: 'TypeError', message: 'the reranker exploded' });
      expect(thrown.score.failures).toEqual([{ reason: 'pipeline_failed', detail: 'the pipeline failed (case_threw: TypeError: the reranker exploded)' }]);
      const others = results.filter((result) => result.id !== broken);
      expect(others.map((result) => result.outcome)).toEqual(wholeRun.report.cases.filter((result) => result.id !== broken).map((result) => result.outcome));

      const report = buildRunReport({
        ...wholeRun.report,
        shards: [],
        gates: await loadGates(path.join(goldenDir, 'gates.json')),
        cases: results,
      });
      const errors = report.gates.find((gate) => gate.id === 'errors')!;
      expect({ status: errors.status, numerator: errors.numerator, denominator: errors.denominator }).toEqual({ status: 'failed', numerator: 1, denominator: 29 });
      expect(report.categories.find((row) => row.population === 'baseline' && row.category === 'obligations')?.errors).toBe(1);
    } finally {
      await pipeline.close();
    }
  });

  it.skipIf(chromium === undefined)(
    chromium === undefined ? `report.html renders in headless Chromium (skipped: ${CHROMIUM_MISSING})` : 'report.html renders in headless Chromium with its gate table, breakdown and case table',
    () => {
      const html = path.join(reportDir, 'whole', 'report.html');
      const { dom, screenshot } = renderInChromium(html, { width: 1280, height: 1600 });
      const png = readFileSync(screenshot);
      expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      // A blank page compresses to a few kilobytes; the rendered report is far larger.
      expect(statSync(screenshot).size).toBeGreaterThan(30_000);

      expect(dom).toContain('<table id="gates" class="gates">');
      expect(dom.match(/<tr class="gate (pass|fail|na)"/g)).toHaveLength(wholeRun.report.gates.length);
      expect(dom).toContain('<table id="categories">');
      expect(dom.match(/<tr class="case /g)).toHaveLength(29);
      // The filter script ran (it writes the count) and nothing was fetched from the network.
      expect(dom).toContain('29 of 29 cases');
      expect(readFileSync(html, 'utf8')).not.toMatch(/(src|href)=["']https?:/);
    },
  );

  it('adds the comparison with a baseline (harness run --compare, harness compare) and the threshold sweep (harness sweep) to the run’s report.html', async () => {
    // The same suite at gate.relevanceThreshold 3 (and two supporting chunks), compared with the whole run at 2 (one):
    // answered cases without a 3 flip to refused. The 3 alone now refuses only answers that already
    // fail answer precision (no pass → fail flip); the second chunk refuses passing ones too.
    const thresholdConfig = path.join(work, 'config-threshold-3.json');
    writeFileSync(thresholdConfig, JSON.stringify({ ...JSON.parse(readFileSync(configFile, 'utf8')), gate: { relevanceThreshold: 3, minChunksRequired: 2 } }, null, 2));
    const directory = path.join(reportDir, 'threshold-3');
    const html = path.join(directory, 'report.html');
    const run = await harness(['run', '--suite', 'sample', '--perturb', '--run-id', 'threshold-3', '--compare', path.join(reportDir, 'whole'), '--verbose'], { config: thresholdConfig });
    expect([0, 1], run.stderr).toContain(run.code);
    // --verbose: one line per case that did not pass as it finished (CI logs), every metric with
    // its definition, and every case with all its reasons; still within 100 columns.
    const notPassed = readReport('threshold-3').cases.filter((result) => result.outcome !== 'passed');
    expect(run.stderr.split('\n').filter((line) => /^(FAIL|ERROR) /.test(line))).toHaveLength(notPassed.length);
    expect(run.stdout).toContain('Metrics (numerator/denominator, 95% Wilson interval):');
    expect(run.stdout).toMatch(/^baseline {4}answer_precision\s+\d+\/\d+\s+\d\.\d{3}\s+\[/m);
    expect(run.stdout).toContain(`Cases that did not pass (${notPassed.length}):`);
    const listed = run.stdout.slice(run.stdout.indexOf('Cases that did not pass'));
    for (const result of notPassed) expect(listed).toMatch(new RegExp(`^(FAIL|ERROR) ${result.id} \\(${result.category}\\) `, 'm'));
    for (const line of [...run.stdout.split('\n'), ...run.stderr.split('\n')]) expect([...line].length, line).toBeLessThanOrEqual(100);

    const comparison = Comparison.parse(JSON.parse(readFileSync(path.join(directory, 'comparison.json'), 'utf8')));
    expect([comparison.base.runId, comparison.head.runId]).toEqual(['whole', 'threshold-3']);
    // Each run folder keeps its settings (config.json): the changed one is named.
    expect(comparison.config).toEqual({ digestChanged: true, changes: [{ path: 'gate.minChunksRequired', before: 1, after: 2 }, { path: 'gate.relevanceThreshold', before: 2, after: 3 }] });
    const flips = comparison.flips.passToFail;
    expect(flips.length).toBeGreaterThan(0);
    expect(flips.every((flip) => flip.base.status === 'answered' && flip.head.status === 'refused' && flip.head.reasons.length > 0)).toBe(true);
    expect(run.stdout).toContain(`Compared with ${path.join(reportDir, 'whole')}: ${flips.length} pass → fail, ${comparison.flips.failToPass.length} fail → pass`);
    expect(readFileSync(path.join(directory, 'comparison.md'), 'utf8')).toContain(`| \`${flips[0]!.id}\` |`);

    const withComparison = readFileSync(html, 'utf8');
    expect(withComparison).toContain('<a href="#report-comparison">Comparison with baseline</a>');
    expect(withComparison).toContain('<div id="report-comparison">\n<section class="cg-compare" id="comparison-section">');
    expect(withComparison).toContain('<h2>Comparison with baseline</h2>');
    expect(withComparison).toContain(`<h3 class="bad">Pass → fail (${flips.length})</h3>`);
    // One flip-table row per flip: the case, its golden line and the reasons it fails at 3.
    for (const flip of flips) {
      const row = withComparison.split('\n').find((line) => line.startsWith(`<tr><td><code>${flip.id}</code>`));
      expect(row, flip.id).toBeDefined();
      expect(row).toContain(`<code>${escapeHtml(flip.location.file)}:${flip.location.line}</code>`);
      for (const reason of flip.head.reasons) expect(row).toContain(`<li>${escapeHtml(reason)}</li>`);
    }
    // The metric deltas carry their counts; the gates table shows each side.
    const passRate = comparison.metrics.find((metric) => metric.name === 'pass_rate' && metric.population === 'baseline')!;
    expect(withComparison).toContain(`(${passRate.base!.numerator}/${passRate.base!.denominator})`);
    expect(withComparison).toContain(`(${passRate.head!.numerator}/${passRate.head!.denominator})`);
    expect(withComparison).not.toContain('id="report-sweeps"');

    const sweep = await harness(['sweep', '--report', directory, '--param', 'gate.relevanceThreshold=0:3:1'], { config: thresholdConfig });
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(sweep.stderr).toContain('(1 sweep section(s), comparison with baseline)');
    const swept = SweepResult.parse(JSON.parse(readFileSync(path.join(directory, 'sweep-gate-relevanceThreshold', 'sweep.json'), 'utf8')));
    expect(swept.parameter).toMatchObject({ path: 'gate.relevanceThreshold', current: 3 });
    const withSweep = readFileSync(html, 'utf8');
    // Both sections: the sweep joined the comparison, it did not replace it.
    expect(withSweep).toContain('<h2>Comparison with baseline</h2>');
    expect(withSweep).toContain('<a href="#report-sweeps">Threshold sweep</a>');
    expect(withSweep).toContain('<div id="report-sweeps">\n<section class="cg-sweep" id="sweep-gate-relevanceThreshold">');
    expect(withSweep).toContain('<h2>Threshold sweep of <code>gate.relevanceThreshold</code></h2>');
    const svg = withSweep.slice(withSweep.indexOf('<svg'), withSweep.indexOf('</svg>'));
    expect(svg.match(/<polyline /g)).toHaveLength(4);
    // The current threshold: a dashed vertical line with its label, and a ringed point on the trade-off.
    expect(svg).toMatch(/<line x1="([\d.]+)" y1="38" x2="\1" y2="294" stroke="#0969da" stroke-width="1.5" stroke-dasharray="4 3"\/>/);
    expect(svg).toContain('class="current">current 3</text>');
    expect(svg.match(/r="6" fill="none" stroke="#0969da"/g)).toHaveLength(1);
    expect(withSweep).toContain('<tr class="current"><td class="num">3 <span class="tag">current</span></td>');
    expect(withSweep).not.toMatch(/(src|href)=["']https?:/);

    // The folder's sections only: another run's sweep and an unreadable file are left out, with the reason.
    mkdirSync(path.join(directory, 'sweep-of-another-run'));
    writeFileSync(path.join(directory, 'sweep-of-another-run', 'sweep.json'), JSON.stringify({ ...swept, runId: 'whole' }));
    mkdirSync(path.join(directory, 'sweep-broken'));
    writeFileSync(path.join(directory, 'sweep-broken', 'sweep.json'), '{');
    const rewritten = await writeReportHtml(directory);
    expect(rewritten.comparison).toBe(path.join(directory, 'comparison.json'));
    expect(rewritten.sweeps).toEqual([path.join(directory, 'sweep-gate-relevanceThreshold', 'sweep.json')]);
    expect(rewritten.warnings).toEqual([
      expect.stringMatching(/^sweep-broken\/sweep\.json not shown: not valid JSON: /),
      'sweep-of-another-run/sweep.json not shown: it sweeps run whole, not this run threshold-3',
    ]);
    expect(readFileSync(html, 'utf8')).toBe(withSweep);
    rmSync(path.join(directory, 'sweep-of-another-run'), { recursive: true });
    rmSync(path.join(directory, 'sweep-broken'), { recursive: true });

    // harness compare writes into the head's report.html unless told not to, and only into a run's.
    const untouched = await harness(['compare', path.join(reportDir, 'whole'), directory, '--no-report-html']);
    expect(untouched.code, untouched.stderr).toBe(0);
    expect(readFileSync(html, 'utf8')).toBe(withSweep);
    const baselineFile = path.join(work, 'baseline-whole.json');
    expect((await harness(['baseline', '--suite', 'sample', '--from', path.join(reportDir, 'whole'), '--out', baselineFile])).code).toBe(0);
    const notARun = await harness(['compare', directory, baselineFile, '--report-html']);
    expect(notARun.code).toBe(2);
    expect(notARun.stderr).toContain(`--report-html adds the comparison to the head run's report.html, but ${JSON.stringify(baselineFile)} is not a run folder`);
    const reversed = await harness(['compare', baselineFile, directory], { config: thresholdConfig });
    expect(reversed.code, reversed.stderr).toBe(0);
    expect(reversed.stderr).toContain(`threshold-3/report.html (section "Comparison with baseline", 1 sweep(s))`);
    expect(Comparison.parse(JSON.parse(readFileSync(path.join(directory, 'comparison.json'), 'utf8'))).base.label).toBe(baselineFile);
    expect(readFileSync(html, 'utf8')).toContain(`<code>${escapeHtml(baselineFile)}</code>`);
  });

  it.skipIf(chromium === undefined)(
    chromium === undefined
      ? `report.html with a comparison and a sweep renders in headless Chromium (skipped: ${CHROMIUM_MISSING})`
      : 'report.html with the comparison section (flip table) and the sweep chart renders in headless Chromium',
    () => {
      const html = path.join(reportDir, 'threshold-3', 'report.html');
      const comparison = Comparison.parse(JSON.parse(readFileSync(path.join(reportDir, 'threshold-3', 'comparison.json'), 'utf8')));
      const { dom, screenshot } = renderInChromium(html, { width: 1280, height: 7000 });
      const png = decodePng(readFileSync(screenshot));
      expect([png.width, png.height]).toEqual([1280, 7000]);
      // Not blank: a good share of the page is drawn, in many colours, …
      const pixels = png.width * png.height;
      expect(countPixels(png, '#ffffff') / pixels).toBeLessThan(0.9);
      const colors = new Set<number>();
      for (let index = 0; index < png.pixels.length; index += 4) colors.add((png.pixels[index]! << 16) | (png.pixels[index + 1]! << 8) | png.pixels[index + 2]!);
      expect(colors.size).toBeGreaterThan(200);
      // … including what only the added sections draw: the false-acceptance curve of the chart
      // (orange), the highlighted row of the current threshold (light blue) and the pass → fail pills (red).
      expect(countPixels(png, '#bc4c00')).toBeGreaterThan(100);
      expect(countPixels(png, '#ddf4ff')).toBeGreaterThan(5_000);
      expect(countPixels(png, '#cf222e')).toBeGreaterThan(1_000);

      // The DOM Chromium laid out: the flip table's rows, the chart with its current-threshold marker, the case table filtered by the script.
      for (const flip of comparison.flips.passToFail) expect(dom).toContain(`<tr><td><code>${flip.id}</code><div class="muted">`);
      expect(dom.match(/<polyline /g)).toHaveLength(4);
      expect(dom).toContain('class="current">current 3</text>');
      expect(dom).toContain('<tr class="current"><td class="num">3 <span class="tag">current</span></td>');
      expect(dom.match(/<tr class="case /g)).toHaveLength(29);
      expect(dom).toContain('29 of 29 cases');
    },
  );

  it('continues a run killed with kill -9 halfway to the same report as an uninterrupted run', async () => {
    const journalFile = path.join(reportDir, 'killed', 'journal.jsonl');
    const countLines = () => (existsSync(journalFile) ? readFileSync(journalFile, 'utf8').split('\n').length - 1 : 0);
    const child = spawn(process.execPath, ['harness/bin.mjs', 'run', '--suite', 'sample', '--perturb', '--run-id', 'killed', '--config', configFile], {
      cwd: root,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let childErrors = '';
    child.stderr.on('data', (data: Buffer) => (childErrors += data.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const watcher = setInterval(() => {
      if (countLines() >= 3) child.kill('SIGKILL');
    }, 2);
    const killed = await exited;
    clearInterval(watcher);
    expect(killed.signal, `the run ended before it could be killed: ${childErrors}`).toBe('SIGKILL');
    const recordedBeforeResume = countLines();
    expect(recordedBeforeResume).toBeGreaterThanOrEqual(3);
    expect(recordedBeforeResume).toBeLessThan(29);
    expect(existsSync(path.join(reportDir, 'killed', 'report.json'))).toBe(false);

    // No --run-id: --resume picks the latest unfinished run of the suite.
    const resumed = spawnSync(process.execPath, ['harness/bin.mjs', 'run', '--suite', 'sample', '--resume', '--config', configFile], {
      cwd: root,
      env: { ...process.env, CI: 'true' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(resumed.stderr).toMatch(/run killed: 29 cases of suite sample, \d+ already done \(resumed\)/);
    expect(resumed.status).toBe(wholeRun.code);

    // The finished run's report holds every case once; its journal is gone with the run finished.
    expect(existsSync(journalFile)).toBe(false);
    const report = readReport('killed');
    expect(new Set(report.cases.map((item) => item.id)).size).toBe(29);
    expect(report.cases.map(withoutTimings)).toEqual(wholeRun.report.cases.map(withoutTimings));
    expect(report.gates).toEqual(wholeRun.report.gates.map((gate) => ({ ...gate })));
    expect(report.passed).toBe(wholeRun.report.passed);
  });

  it('stops after 3 infrastructure failures in a row, stays resumable, and reruns those cases on --resume', async () => {
    const config = resolveConfigPaths(ClausegateConfig.parse({ paths: { indexDir: path.join(work, 'index'), reportDir, goldenDir } }), root);
    let providerDown = false;
    /** An embedder whose provider goes down when the test says so. */
    class SwitchableEmbedder implements Embedder {
      constructor(private readonly inner: Embedder) {}
      get info() {
        return this.inner.info;
      }
      embedDocuments(texts: readonly string[]) {
        return this.inner.embedDocuments(texts);
      }
      async embedQuery(text: string) {
        if (providerDown) throw new ClausegateError('provider_unreachable', 'connect ECONNREFUSED 127.0.0.1:9');
        return this.inner.embedQuery(text);
      }
    }
    const common = { suite: 'sample', config, cwd: root, gatesFile: path.join(goldenDir, 'gates.json'), concurrency: 1, now: () => new Date() };
    const stopped = await executeRun({
      ...common,
      selection: { perturb: true },
      runId: 'provider-down',
      resume: false,
      openPipeline: async (source) => {
        const pipeline = await openAnswerPipeline(config, environment, source);
        pipeline.embedder = new SwitchableEmbedder(pipeline.embedder);
        return pipeline;
      },
      events: {
        onCaseFinished: (_result, done) => {
          if (done === 4) providerDown = true;
        },
      },
    });
    expect(stopped.status).toBe('aborted');
    if (stopped.status !== 'aborted') return;
    expect({ done: stopped.done, total: stopped.total }).toEqual({ done: 4, total: 29 });
    expect(stopped.reason).toContain('3 cases in a row failed with infrastructure errors (last: provider_unreachable');
    expect(existsSync(path.join(reportDir, 'provider-down', 'report.json'))).toBe(false);

    const resumed = await executeRun({ ...common, selection: {}, runId: 'provider-down', resume: true, openPipeline: (source) => openAnswerPipeline(config, environment, source) });
    expect(resumed.status).toBe('finished');
    if (resumed.status !== 'finished') return;
    expect(resumed.infrastructureErrors).toEqual([]);
    expect(resumed.report.cases.map(withoutTimings)).toEqual(wholeRun.report.cases.map(withoutTimings));
    // The report holds every case once; the journal (the three failed cases appended again) went with the run finished.
    expect(existsSync(path.join(reportDir, 'provider-down', 'journal.jsonl'))).toBe(false);
  });

  it('releases the lock a run killed after its report left, when the finished run is resumed', async () => {
    const config = resolveConfigPaths(ClausegateConfig.parse({ paths: { indexDir: path.join(work, 'index'), reportDir, goldenDir } }), root);
    const common = { suite: 'sample', config, cwd: root, gatesFile: path.join(goldenDir, 'gates.json'), concurrency: 1, now: () => new Date(), openPipeline: (source: string) => openAnswerPipeline(config, environment, source) };
    const finished = await executeRun({ ...common, selection: {}, runId: 'killed-after-report', resume: false });
    expect(finished.status).toBe('finished');
    // The lock of a process that died between writing the report and releasing the lock.
    const lockFile = path.join(reportDir, 'killed-after-report', 'run.lock');
    const dead = { schemaVersion: 1, runId: 'killed-after-report', pid: 2 ** 22 + 1, hostname: hostname(), startedAt: new Date().toISOString(), heartbeatAt: new Date().toISOString(), token: 'dead' };
    writeFileSync(lockFile, `${JSON.stringify(dead)}\n`);
    const resumed = await executeRun({ ...common, selection: {}, runId: 'killed-after-report', resume: true });
    expect(resumed.status).toBe('finished');
    if (resumed.status !== 'finished') return;
    expect(resumed.alreadyFinished).toBe(true);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('runs shards (--shard i/n) and merges them into the whole run’s report with the gates checked once', async () => {
    const first = await harness(['run', '--suite', 'sample', '--perturb', '--shard', '1/2', '--run-id', 'shard-1']);
    const second = await harness(['run', '--suite', 'sample', '--perturb', '--shard', '2/2', '--run-id', 'shard-2']);
    // A shard's gates are measured on part of the suite only: not enforced.
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stdout).toContain('SHARD 1/2');
    const shardCases = [...readReport('shard-1').cases, ...readReport('shard-2').cases];
    expect(shardCases).toHaveLength(29);
    for (const result of shardCases.filter((item) => item.baseId !== undefined)) {
      const inFirst = readReport('shard-1').cases.some((item) => item.id === result.id);
      expect(readReport(inFirst ? 'shard-1' : 'shard-2').cases.some((item) => item.id === result.baseId)).toBe(true);
    }

    const incomplete = await harness(['merge', path.join(reportDir, 'shard-1'), '--run-id', 'merged-partial']);
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toContain('shard 2/2 missing');

    const whole = await harness(['merge', path.join(reportDir, 'whole'), path.join(reportDir, 'shard-2'), '--run-id', 'merged-whole']);
    expect(whole.code).toBe(2);
    expect(whole.stderr).toContain('is a whole run, not a shard');
    // A shard run with another config cannot be merged: its answers are not comparable.
    const otherConfig = path.join(reportDir, 'shard-2-other-config');
    mkdirSync(otherConfig, { recursive: true });
    writeFileSync(path.join(otherConfig, 'report.json'), JSON.stringify({ ...readReport('shard-2'), configDigest: `sha256:${'0'.repeat(64)}` }));
    const mixed = await harness(['merge', path.join(reportDir, 'shard-1'), otherConfig, '--run-id', 'merged-mixed']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('config digest differs');

    const merged = await harness(['merge', path.join(reportDir, 'shard-1'), path.join(reportDir, 'shard-2'), '--run-id', 'merged']);
    expect(merged.code).toBe(wholeRun.code);
    const report = readReport('merged');
    expect(report.kind).toBe('merged');
    expect(report.shards.map((shard) => shard.runId)).toEqual(['shard-1', 'shard-2']);
    expect(report.cases.map(withoutTimings)).toEqual(wholeRun.report.cases.map(withoutTimings));
    expect(report.gates).toEqual(wholeRun.report.gates);
  });
});

describe('harness exit codes', () => {
  let gatesDir: string;
  beforeAll(() => {
    gatesDir = path.join(work, 'gates');
    mkdirSync(gatesDir, { recursive: true });
    const gates = (gate: object) => JSON.stringify({ schemaVersion: 1, version: 'test', gates: [{ id: 'only', population: 'all', ...gate }] });
    writeFileSync(path.join(gatesDir, 'no-errors.json'), gates({ metric: 'error_rate', comparison: '==', threshold: 0 }));
    writeFileSync(path.join(gatesDir, 'impossible.json'), gates({ metric: 'error_rate', comparison: '>=', threshold: 1 }));
  });

  it('exits 0 when every gate passes and 1 when one fails', async () => {
    const passing = await harness(['run', '--suite', 'sample', '--filter', 'definition-device', '--gates', path.join(gatesDir, 'no-errors.json')]);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toContain('PASS: all 1 gates passed');
    expect(passing.stdout).toContain('1 cases (1 baseline, 0 perturb)');
    const failing = await harness(['run', '--suite', 'sample', '--filter', 'definition-device', '--gates', path.join(gatesDir, 'impossible.json')]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('FAIL: 1 of 1 gates failed (only)');
  });

  it('exits 2 with file:line and the field at fault for a malformed golden line', async () => {
    const badGolden = path.join(work, 'golden-malformed');
    cpSync(goldenDir, badGolden, { recursive: true });
    const baselineFile = path.join(badGolden, 'sample', 'baseline.jsonl');
    const lines = readFileSync(baselineFile, 'utf8').split('\n');
    lines[2] = lines[2]!.replace('"should_refuse":false', '"should_refuse":"no"');
    writeFileSync(baselineFile, lines.join('\n'));
    const config = writeConfig('config-malformed.json', { indexDir: path.join(work, 'index'), reportDir, goldenDir: badGolden });

    const run = await harness(['run', '--suite', 'sample', '--perturb'], { config });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${baselineFile}:3: should_refuse: `);
    // The perturbation of the case on that line has lost its base too.
    expect(run.stderr).toContain('2 problems (malformed line 1, missing base 1)');
    expect(run.stdout).toBe('');
  });

  it('harness check reports each kind of problem as file:line: field: message and exits 2', async () => {
    const badGolden = path.join(work, 'golden-problems');
    mkdirSync(path.join(badGolden, 'sample'), { recursive: true });
    cpSync(path.join(goldenDir, 'sample', 'suite.json'), path.join(badGolden, 'sample', 'suite.json'));
    const answerable = (id: string, doc: string, page: number, quote: string) =>
      JSON.stringify({ id, category: 'obligations', question: `Question ${id}?`, should_refuse: false, evidence: [{ doc, page, quote }], answer_terms: ['days'] });
    const agreement = 'harbourview-license-agreement.pdf';
    writeFileSync(
      path.join(badGolden, 'sample', 'baseline.jsonl'),
      [
        answerable('ok', agreement, 2, 'Either party may terminate this Agreement on 90 days written notice.'),
        answerable('ok', agreement, 2, 'Either party may terminate this Agreement on 90 days written notice.'),
        answerable('unknown-document', 'harbourview-licence-agreement.pdf', 1, 'HCX may audit the Licensee'),
        answerable('page-out-of-range', agreement, 3, 'HCX may audit the Licensee'),
        answerable('quote-not-found', agreement, 1, 'Either party may terminate this Agreement on 90 days written notice.'),
      ].join('\n'),
    );
    writeFileSync(
      path.join(badGolden, 'sample', 'perturb.jsonl'),
      `${JSON.stringify({ id: 'orphan.typo', base_id: 'no-such-case', kind: 'typo', expect: 'refuse', question: 'Qestion?' })}\n`,
    );
    const config = writeConfig('config-problems.json', { indexDir: path.join(work, 'index'), reportDir, goldenDir: badGolden });

    const run = await harness(['check', '--suite', 'sample'], { config });
    expect(run.code).toBe(2);
    const file = (name: string) => path.join(badGolden, 'sample', name);
    const lines = run.stdout.split('\n');
    expect(lines).toEqual([
      `${file('baseline.jsonl')}:2: id: duplicate id "ok" (first used at ${file('baseline.jsonl')}:1)`,
      expect.stringMatching(new RegExp(`^${escape(file('baseline.jsonl'))}:3: evidence\\.0\\.doc: document "harbourview-licence-agreement\\.pdf" is not in the index of source "sample"`)),
      `${file('baseline.jsonl')}:4: evidence.0.page: page 3 is out of range: "${agreement}" has 2 pages in the index`,
      expect.stringMatching(new RegExp(`^${escape(file('baseline.jsonl'))}:5: evidence\\.0\\.quote: quote not found on page 1 of "${escape(agreement)}" .*; it is on page 2$`)),
      `${file('perturb.jsonl')}:1: base_id: base case "no-such-case" is not in the baseline file`,
      `${badGolden}/sample: 5 problems (duplicate id 1, missing base 1, unknown document 1, page out of range 1, quote not found 1); fix them, then run harness check --suite sample again`,
    ]);
  });

  it('exits 3 when the index is missing', async () => {
    const config = writeConfig('config-no-index.json', { indexDir: path.join(work, 'no-index'), reportDir, goldenDir });
    const run = await harness(['run', '--suite', 'sample'], { config });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/ingest/);
  });

  it('exits 2 and names OPENAI_API_KEY when --provider openai has no key', async () => {
    const run = await harness(['run', '--suite', 'sample', '--provider', 'openai']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('harness run --provider openai needs OPENAI_API_KEY, which is not set');
  });

  it('exits 2 for a --resume with nothing to resume and for a --run-id that exists', async () => {
    const nothing = await harness(['run', '--suite', 'sample', '--resume', '--shard', '3/5']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('no unfinished run of suite "sample"');
    const taken = await harness(['run', '--suite', 'sample', '--run-id', 'whole']);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('run whole already exists');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
