import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildRunReport, RunReport, type CaseResult } from '../report/index.ts';
import { renderSummaryMarkdown } from '../report/render-summary-markdown.ts';
import { loadGates, scoreCase } from '../score/index.ts';
import { createAnswer, createAnswerableCase, createRefusal, createRefusalCase, FEE_SPAN, REFUSAL } from '../score/testing/score-fixtures.ts';
import type { ActionsAdapter, ActionsAnnotation } from './actions-adapter.ts';
import { createActionsAdapter, isGitHubActions } from './create-actions-adapter.ts';
import { MAX_ERROR_ANNOTATIONS, publishToActions } from './publish-to-actions.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Records every call; `appendSummary` keeps the text. */
class RecordingActions implements ActionsAdapter {
  readonly summaries: string[] = [];
  readonly annotations: { kind: 'error' | 'warning' | 'notice'; message: string; annotation: ActionsAnnotation | undefined }[] = [];
  readonly outputs = new Map<string, string>();
  async appendSummary(markdown: string) {
    this.summaries.push(markdown);
  }
  error(message: string, annotation?: ActionsAnnotation) {
    this.annotations.push({ kind: 'error', message, annotation });
  }
  warning(message: string, annotation?: ActionsAnnotation) {
    this.annotations.push({ kind: 'warning', message, annotation });
  }
  notice(message: string, annotation?: ActionsAnnotation) {
    this.annotations.push({ kind: 'notice', message, annotation });
  }
  setOutput(name: string, value: string) {
    this.outputs.set(name, value);
  }
}

/** A case result as a run records it, scored by the real scorer; line `line` of the crafted golden file. */
function caseResult(id: string, line: number, kind: 'answer' | 'refuse', observed: 'answered' | 'refused'): CaseResult {
  const expected = kind === 'answer' ? createAnswerableCase({ id }) : createRefusalCase({ id });
  const score = scoreCase(expected, observed === 'answered' ? createAnswer() : createRefusal());
  return {
    schemaVersion: 1,
    id,
    kind: 'baseline',
    category: score.category ?? 'fees_lookup',
    question: `question of ${id}?`,
    location: { file: 'golden/crafted/baseline.jsonl', line },
    expected: { expectation: expected.expectation, answerTerms: expected.answerTerms, evidence: [{ ...FEE_SPAN, quote: 'Device $134.50', score: 1 }], refusal: REFUSAL },
    outcome: score.passed ? 'passed' : 'failed',
    score,
    trace: null,
    thrown: null,
    timing: { startedAt: '2026-11-22T00:00:00.000Z', finishedAt: '2026-11-22T00:00:01.000Z', durationMs: 1000 },
  };
}

async function craftReport(cases: CaseResult[], gateScope: 'run' | 'shard' = 'run'): Promise<RunReport> {
  const gates = await loadGates(path.join(root, 'golden/gates.json'));
  return RunReport.parse(
    buildRunReport({
      runId: 'crafted-run',
      kind: 'run',
      suite: { name: 'crafted', source: 'cme', description: 'crafted', refusal: REFUSAL },
      startedAt: '2026-11-22T00:00:00.000Z',
      finishedAt: '2026-11-22T00:00:05.000Z',
      options: { perturb: false, filter: [], shard: gateScope === 'shard' ? { index: 1, count: 2 } : null, provider: 'offline', replay: false, concurrency: 1 },
      versions: { policy: 'p', index: 'v1', embedder: 'e', reranker: 'r', generator: 'g', expansionRules: 'x1', prompt: 'v1' },
      configDigest: 'sha256:0',
      gates: { ...gates, file: 'golden/gates.json' },
      gateScope,
      cases,
    }),
  );
}

const mixed = () => [caseResult('fees-pass', 1, 'answer', 'answered'), caseResult('fees-refused', 2, 'answer', 'refused'), caseResult('refuse-answered', 3, 'refuse', 'answered'), caseResult('refuse-ok', 4, 'refuse', 'refused')];

describe('publishToActions', () => {
  it('puts the summary in the job summary, annotates failed gates then failing cases at their golden line, and sets the outputs', async () => {
    const report = await craftReport(mixed());
    const actions = new RecordingActions();
    const published = await publishToActions(report, 'reports/crafted-run', actions);

    expect(actions.summaries).toEqual([renderSummaryMarkdown(report)]);
    const errors = actions.annotations.filter((item) => item.kind === 'error');
    const failedGates = report.gates.filter((gate) => gate.status === 'failed');
    expect(failedGates.length).toBeGreaterThan(0);
    expect(errors.slice(0, failedGates.length).map((item) => item.annotation)).toEqual(failedGates.map((gate) => ({ title: `gate ${gate.id} failed`, file: 'golden/gates.json' })));
    const caseErrors = errors.slice(failedGates.length);
    expect(caseErrors.map((item) => item.annotation)).toEqual([
      { title: 'fees-refused failed (fees_lookup)', file: 'golden/crafted/baseline.jsonl', startLine: 2 },
      { title: 'refuse-answered failed (refusal_out_of_scope)', file: 'golden/crafted/baseline.jsonl', startLine: 3 },
    ]);
    expect(caseErrors[0]!.message).toMatch(/^refused_answerable: refused an answerable question/);
    expect(caseErrors[0]!.message).toContain('Question: question of fees-refused?');

    expect(Object.fromEntries(actions.outputs)).toMatchObject({
      pass: 'false',
      'report-path': path.join('reports/crafted-run', 'report.json'),
      'report-dir': 'reports/crafted-run',
      'run-id': 'crafted-run',
      'gate-scope': 'run',
      cases: '4',
      'failed-cases': '2',
      'failed-gates': failedGates.map((gate) => gate.id).join(','),
      'gate-baseline_pass_rate': '0.5',
      'gate-baseline_pass_rate-status': 'failed',
      'gate-baseline_hallucination_rate-status': 'passed',
    });
    for (const gate of report.gates) expect(actions.outputs.has(`gate-${gate.id}`)).toBe(true);
    expect(published.outputs).toEqual(Object.fromEntries(actions.outputs));
  });

  it(`annotates at most ${MAX_ERROR_ANNOTATIONS} errors and says how many more there are`, async () => {
    const cases = Array.from({ length: 14 }, (_, position) => caseResult(`fees-${position}`, position + 1, 'answer', 'refused'));
    const actions = new RecordingActions();
    const published = await publishToActions(await craftReport(cases), 'reports/crafted-run', actions);
    expect(published.annotations.error).toBe(MAX_ERROR_ANNOTATIONS);
    const notice = actions.annotations.find((item) => item.kind === 'notice')!;
    expect(notice.message).toMatch(/^\d+ more failures are not annotated/);
  });

  it('does not annotate the gates of a shard, which merge enforces', async () => {
    const actions = new RecordingActions();
    await publishToActions(await craftReport(mixed(), 'shard'), 'reports/crafted-run', actions);
    expect(actions.annotations.filter((item) => item.kind === 'error').every((item) => item.annotation?.file === 'golden/crafted/baseline.jsonl')).toBe(true);
    expect(actions.annotations.some((item) => item.kind === 'notice' && item.message.startsWith('shard 1/2'))).toBe(true);
    expect(actions.outputs.get('gate-scope')).toBe('shard');
  });
});

describe('createActionsAdapter in a simulated GitHub Actions environment', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'clausegate-actions-'));
  const saved = { GITHUB_ACTIONS: process.env.GITHUB_ACTIONS, GITHUB_STEP_SUMMARY: process.env.GITHUB_STEP_SUMMARY, GITHUB_OUTPUT: process.env.GITHUB_OUTPUT };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes the job summary and the step outputs through @actions/core into the files the runner reads', async () => {
    const summaryFile = path.join(work, 'step-summary.md');
    const outputFile = path.join(work, 'github-output');
    writeFileSync(summaryFile, '');
    writeFileSync(outputFile, '');
    // @actions/core reads process.env: set it as a runner would, for this test only.
    process.env.GITHUB_ACTIONS = 'true';
    process.env.GITHUB_STEP_SUMMARY = summaryFile;
    process.env.GITHUB_OUTPUT = outputFile;
    const real = createActionsAdapter(process.env);
    // Annotations are workflow commands on standard output: recorded here instead, so that a test
    // run inside GitHub Actions does not annotate the pull request with this crafted report.
    const recorder = new RecordingActions();
    const actions: ActionsAdapter = { appendSummary: (markdown) => real.appendSummary(markdown), setOutput: (name, value) => real.setOutput(name, value), error: recorder.error.bind(recorder), warning: recorder.warning.bind(recorder), notice: recorder.notice.bind(recorder) };

    const report = await craftReport(mixed());
    await publishToActions(report, 'reports/crafted-run', actions);

    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toBe(`${renderSummaryMarkdown(report)}\n`);
    expect(summary).toMatch(/^# Run `crafted-run`: \*\*FAIL\*\*/);
    // GITHUB_OUTPUT holds `name<<delimiter`, the value, the delimiter, for every output.
    const outputs = new Map<string, string>();
    const text = readFileSync(outputFile, 'utf8');
    for (const match of text.matchAll(/^([\w-]+)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm)) outputs.set(match[1]!, match[3]!);
    expect(outputs.get('pass')).toBe('false');
    expect(outputs.get('report-path')).toBe(path.join('reports/crafted-run', 'report.json'));
    expect(outputs.get('gate-baseline_pass_rate')).toBe('0.5');
    expect(outputs.get('gate-errors-status')).toBe('passed');
    expect(outputs.size).toBe(8 + 2 * report.gates.length);
  });

  it('publishes only in GitHub Actions, and never from inside a test run', () => {
    expect(isGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(isGitHubActions({ GITHUB_ACTIONS: 'true', VITEST: 'true' })).toBe(false);
    expect(isGitHubActions({})).toBe(false);
    expect(() => createActionsAdapter({})).toThrow(/GITHUB_ACTIONS=true/);
  });
});
