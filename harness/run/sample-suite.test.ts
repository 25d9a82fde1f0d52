import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
import { buildRunReport } from '../report/build-run-report.ts';
import { CaseResult } from '../report/case-result.ts';
import { RunReport } from '../report/run-report.ts';
import { loadGates } from '../score/index.ts';
import { executeRun } from './execute-run.ts';
import { loadCheckedSuite } from './load-checked-suite.ts';
import { prepareCases } from './prepare-cases.ts';
import { resolveConfigPaths } from './resolve-config-paths.ts';
import { runSuite } from './run-suite.ts';

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
  return RunReport.parse(JSON.parse(readFileSync(path.join(directory, runId, 'report.json'), 'utf8')));
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
      file: 'golden/gates.json',
      version: 'qa-contract-1',
      sha256: createHash('sha256').update(readFileSync(path.join(goldenDir, 'gates.json'))).digest('hex'),
    });
    expect(report.versions.index).toBe(indexVersion);
    expect(report.configDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(report.gates.map((gate) => gate.id)).toContain('baseline_pass_rate');
    // Pool recall is measured from the candidates before rerank, which the trace keeps with their scores.
    expect(report.cases[0]!.trace!.candidates.length).toBeGreaterThan(0);

    const directory = path.join(reportDir, 'whole');
    const casesLines = readFileSync(path.join(directory, 'cases.jsonl'), 'utf8').trimEnd().split('\n');
    expect(casesLines.map((line) => CaseResult.parse(JSON.parse(line)).id)).toEqual(report.cases.map((result) => result.id));
    const summary = readFileSync(path.join(directory, 'summary.md'), 'utf8');
    expect(summary.indexOf('## Gates')).toBeLessThan(summary.indexOf('## Failing cases'));
    expect(summary).toContain('| status | gate |');
    const junit = readFileSync(path.join(directory, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(29 + report.gates.length);

    expect(run.stdout).toContain(report.passed ? 'PASS: all 11 gates passed' : 'FAIL: ');
    expect(run.stdout).toMatch(/pass_rate \(baseline\)\s+\d\.\d{3}\s+\d+\/18\s+\[\d\.\d{3}, \d\.\d{3}\]\s+>= 0\.950/);
    expect(run.stdout).toContain('Metrics (numerator/denominator, 95% Wilson interval):');
    // One line per case that did not pass, in CI logs.
    const notPassed = report.cases.filter((result) => result.outcome !== 'passed');
    expect(run.stderr.split('\n').filter((line) => /^(FAIL|ERROR) /.test(line))).toHaveLength(notPassed.length);
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
      const profile = mkdtempSync(path.join(work, 'chromium-'));
      const screenshot = path.join(work, 'report.png');
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
          '--window-size=1280,1600',
          `--screenshot=${screenshot}`,
          '--dump-dom',
          `file://${html}`,
        ],
        { encoding: 'utf8', timeout: 60_000, cwd: work },
      );
      expect(result.error).toBeUndefined();
      expect(existsSync(screenshot)).toBe(true);
      const png = readFileSync(screenshot);
      expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      // A blank page compresses to a few kilobytes; the rendered report is far larger.
      expect(statSync(screenshot).size).toBeGreaterThan(30_000);

      const dom = result.stdout;
      expect(dom).toContain('<table id="gates" class="gates">');
      expect(dom.match(/<tr class="gate (pass|fail|na)"/g)).toHaveLength(wholeRun.report.gates.length);
      expect(dom).toContain('<table id="categories">');
      expect(dom.match(/<tr class="case /g)).toHaveLength(29);
      // The filter script ran (it writes the count) and nothing was fetched from the network.
      expect(dom).toContain('29 of 29 cases');
      expect(readFileSync(html, 'utf8')).not.toMatch(/(src|href)=["']https?:/);
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

    const journal = readFileSync(journalFile, 'utf8').trimEnd().split('\n').map((line) => CaseResult.parse(JSON.parse(line)).id);
    expect(journal).toHaveLength(29);
    expect(new Set(journal).size).toBe(29);
    const report = readReport('killed');
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
    // The three failed cases were appended again: a later line replaces an earlier one.
    const journal = readFileSync(path.join(reportDir, 'provider-down', 'journal.jsonl'), 'utf8').trimEnd().split('\n');
    expect(journal).toHaveLength(29 + 3);
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
