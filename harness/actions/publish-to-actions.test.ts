import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderSummaryMarkdown } from '../report/render-summary-markdown.ts';
import { caseResult, craftReport } from './actions-fixtures.ts';
import type { ActionsAdapter, ActionsAnnotation } from './actions-adapter.ts';
import { createActionsAdapter, isGitHubActions } from './create-actions-adapter.ts';
import { MAX_CASE_ANNOTATIONS, publishToActions } from './publish-to-actions.ts';


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
    // Only failed gates are errors; failing cases are warnings.
    expect(errors.map((item) => item.annotation)).toEqual(failedGates.map((gate) => ({ title: `gate ${gate.id} failed`, file: 'golden/gates.json' })));
    const caseErrors = actions.annotations.filter((item) => item.kind === 'warning' && item.annotation?.file === 'golden/crafted/baseline.jsonl');
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

  it(`annotates at most ${MAX_CASE_ANNOTATIONS} failing cases and says how many more there are`, async () => {
    const cases = Array.from({ length: 14 }, (_, position) => caseResult(`fees-${position}`, position + 1, 'answer', 'refused'));
    const actions = new RecordingActions();
    const report = await craftReport(cases);
    const published = await publishToActions(report, 'reports/crafted-run', actions);
    expect(actions.annotations.filter((item) => item.kind === 'warning' && item.annotation?.file === 'golden/crafted/baseline.jsonl')).toHaveLength(MAX_CASE_ANNOTATIONS);
    expect(published.annotations.error).toBe(report.gates.filter((gate) => gate.status === 'failed').length);
    const notice = actions.annotations.find((item) => item.kind === 'notice')!;
    expect(notice.message).toBe('4 more failing cases are not annotated (GitHub shows 10 per step): see the job summary and reports/crafted-run/report.json');
  });

  it('a run whose gates all pass shows no error annotation, whatever its failing cases', async () => {
    const cases = [...Array.from({ length: 60 }, (_, position) => caseResult(`fees-${position}`, position + 1, 'answer', 'answered')), caseResult('fees-refused', 61, 'answer', 'refused')];
    const actions = new RecordingActions();
    const report = await craftReport(cases);
    expect(report.gates.filter((gate) => gate.status === 'failed').map((gate) => gate.id)).toEqual([]);
    await publishToActions(report, 'reports/crafted-run', actions);
    expect(actions.annotations.filter((item) => item.kind === 'error')).toEqual([]);
    expect(actions.annotations.filter((item) => item.kind === 'warning').map((item) => item.annotation?.title)).toContain('fees-refused failed (fees_lookup)');
  });

  it('does not annotate the gates of a shard, which merge enforces', async () => {
    const actions = new RecordingActions();
    await publishToActions(await craftReport(mixed(), 'shard'), 'reports/crafted-run', actions);
    expect(actions.annotations.filter((item) => item.kind === 'error')).toEqual([]);
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
    const real = await createActionsAdapter(process.env);
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

  it('publishes only in GitHub Actions, and never from inside a test run', async () => {
    expect(isGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(isGitHubActions({ GITHUB_ACTIONS: 'true', VITEST: 'true' })).toBe(false);
    expect(isGitHubActions({})).toBe(false);
    await expect(createActionsAdapter({})).rejects.toThrow(/GITHUB_ACTIONS=true/);
  });
});
