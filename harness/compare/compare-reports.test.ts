import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeMetrics, evaluateGates, scoreCase } from '../score/index.ts';
import type { CaseScore, Gates, ObservedResult } from '../score/index.ts';
import { createAnswer, createAnswerableCase, createRefusal, createRefusalCase } from '../score/testing/score-fixtures.ts';
import { BaselineReport } from './baseline-report.ts';
import { compareReports } from './compare-reports.ts';
import { Comparison } from './comparison.ts';
import { loadComparableReport } from './load-comparable-report.ts';
import { renderComparisonHtml } from './render-comparison-html.ts';
import { renderComparisonMarkdown } from './render-comparison-markdown.ts';

const GATES: Gates = {
  schemaVersion: 1,
  version: 'qa-contract-1',
  gates: [
    { id: 'baseline_pass_rate', metric: 'pass_rate', population: 'baseline', comparison: '>=', threshold: 0.75 },
    { id: 'baseline_refusal_accuracy', metric: 'refusal_accuracy', population: 'baseline', comparison: '==', threshold: 1 },
    { id: 'baseline_incorrect_refusal_rate', metric: 'incorrect_refusal_rate', population: 'baseline', comparison: '<=', threshold: 0.34 },
  ],
};

type Observed = 'answer' | 'refuse' | 'answer-wrong';

/** A baseline built with the real scorer, metrics and gates from what each case observed. */
function craftReport(runId: string, observed: Record<string, Observed>, options: { gates?: Gates; policy?: string; config?: Record<string, unknown> | null; configDigest?: string } = {}): BaselineReport {
  const gates = options.gates ?? GATES;
  const expectations: Record<string, 'answer' | 'refuse'> = { 'fee-a': 'answer', 'fee-b': 'answer', 'fee-c': 'answer', 'refuse-a': 'refuse', 'refuse-b': 'refuse' };
  const scores: CaseScore[] = Object.entries(observed).map(([id, what]) => {
    const expected = expectations[id] === 'refuse' ? createRefusalCase({ id }) : createAnswerableCase({ id });
    const result: ObservedResult =
      what === 'refuse' ? createRefusal({ refusalReason: 'confidence_too_low' }) : what === 'answer' ? createAnswer() : createAnswer({ answer: 'The fee is $99.00 [C1].' });
    return scoreCase(expected, result);
  });
  const metrics = computeMetrics(scores);
  const gateResults = evaluateGates(gates, metrics);
  return BaselineReport.parse({
    schemaVersion: 1,
    kind: 'baseline',
    runId,
    suite: { name: 'crafted', source: 'cme' },
    options: { perturb: false, filter: [], provider: 'offline', replay: false },
    versions: { policy: options.policy ?? 'r2-2026.11.1', index: 'v1', embedder: 'offline-hashed-ngram/x@h1 (1024)', reranker: 'offline/x', generator: 'offline-extractive/extractive-v1', expansionRules: 'x1', prompt: 'v1' },
    configDigest: options.configDigest ?? 'sha256:same',
    config: options.config === undefined ? { gate: { relevanceThreshold: 2 } } : options.config,
    gatesFile: { file: 'golden/gates.json', version: gates.version, sha256: gates.version === 'qa-contract-1' ? 'aaaa' : 'bbbb' },
    gateScope: 'run',
    passed: gateResults.every((gate) => gate.passed),
    gates: gateResults,
    metrics: { cases: metrics.cases, rates: metrics.rates },
    cases: scores.map((score, position) => ({
      id: score.id,
      kind: score.kind,
      category: score.category ?? 'fees',
      location: { file: 'golden/crafted/baseline.jsonl', line: position + 1 },
      expectation: score.expectation,
      outcome: score.passed ? 'passed' : 'failed',
      status: score.status,
      ...(score.refusalReason !== undefined ? { refusalReason: score.refusalReason } : {}),
      failures: score.failures,
      answer: score.status === 'answered' ? 'an answer' : null,
    })),
  });
}

describe('compareReports', () => {
  const base = craftReport('base-run', { 'fee-a': 'answer', 'fee-b': 'answer', 'fee-c': 'refuse', 'refuse-a': 'refuse', 'refuse-b': 'answer' });
  const head = craftReport('head-run', { 'fee-a': 'answer', 'fee-b': 'refuse', 'fee-c': 'answer', 'refuse-a': 'refuse', 'refuse-b': 'refuse' });

  it('lists pass → fail and fail → pass flips with the reasons of each', () => {
    const comparison = Comparison.parse(compareReports({ report: base, label: 'base' }, { report: head, label: 'head' }));
    expect(comparison.flips.passToFail.map((flip) => flip.id)).toEqual(['fee-b']);
    expect(comparison.flips.passToFail[0]).toMatchObject({
      expectation: 'answer',
      base: { outcome: 'passed', status: 'answered', reasons: [] },
      head: { outcome: 'failed', status: 'refused', refusalReason: 'confidence_too_low' },
      location: { file: 'golden/crafted/baseline.jsonl', line: 2 },
    });
    expect(comparison.flips.passToFail[0]!.head.reasons[0]).toMatch(/^refused_answerable: /);
    expect(comparison.flips.failToPass.map((flip) => flip.id)).toEqual(['fee-c', 'refuse-b']);
    expect(comparison.flips.failToPass[1]!.base.reasons.some((reason) => reason.startsWith('answered_should_refuse: '))).toBe(true);
    expect(comparison.statusChanges).toEqual([]);
    expect(comparison.cases).toEqual({ common: 5, added: [], removed: [] });
  });

  it('gives every rate with its counts and the change, and each side under its own gates', () => {
    const comparison = compareReports({ report: base, label: 'base' }, { report: head, label: 'head' });
    const pass = comparison.metrics.find((metric) => metric.name === 'pass_rate' && metric.population === 'baseline')!;
    expect(pass).toMatchObject({ base: { numerator: 3, denominator: 5 }, head: { numerator: 4, denominator: 5 }, gated: true });
    expect(pass.delta).toBeCloseTo(0.2, 12);
    const falseAcceptance = comparison.metrics.find((metric) => metric.name === 'false_acceptance_rate' && metric.population === 'baseline')!;
    expect(falseAcceptance).toMatchObject({ base: { numerator: 1, denominator: 2 }, head: { numerator: 0, denominator: 2 }, gated: false });
    const gate = comparison.gates.find((item) => item.id === 'baseline_pass_rate')!;
    expect(gate.base).toMatchObject({ status: 'failed', threshold: 0.75 });
    expect(gate.head).toMatchObject({ status: 'passed', threshold: 0.75 });
    expect(comparison.gateChanges).toEqual([]);
    expect(comparison.config).toEqual({ digestChanged: false, changes: [] });
  });

  it('says which gate, threshold, policy and config setting changed', () => {
    const looser: Gates = {
      ...GATES,
      version: 'qa-contract-2',
      gates: [
        { ...GATES.gates[0]!, threshold: 0.6 },
        { ...GATES.gates[1]!, comparison: '>=', threshold: 0.5 },
        { id: 'baseline_false_acceptance_rate', metric: 'false_acceptance_rate', population: 'baseline', comparison: '<=', threshold: 0 },
      ],
    };
    const changed = craftReport('head-run', { 'fee-a': 'answer', 'fee-b': 'refuse', 'fee-c': 'answer', 'refuse-a': 'refuse', 'refuse-b': 'refuse' }, {
      gates: looser,
      policy: 'r3-2026.12.1',
      config: { gate: { relevanceThreshold: 3 } },
      configDigest: 'sha256:other',
    });
    const comparison = compareReports({ report: base, label: 'main' }, { report: changed, label: 'pr' });
    expect(comparison.gateChanges).toEqual([
      { id: 'baseline_pass_rate', change: 'changed', fields: [{ field: 'threshold', before: 0.75, after: 0.6 }] },
      { id: 'baseline_refusal_accuracy', change: 'changed', fields: [{ field: 'comparison', before: '==', after: '>=' }, { field: 'threshold', before: 1, after: 0.5 }] },
      { id: 'baseline_incorrect_refusal_rate', change: 'removed', fields: expect.any(Array) },
      { id: 'baseline_false_acceptance_rate', change: 'added', fields: expect.any(Array) },
    ]);
    expect(comparison.policyChanged).toEqual({ before: 'r2-2026.11.1', after: 'r3-2026.12.1' });
    expect(comparison.config.changes).toEqual([{ path: 'gate.relevanceThreshold', before: 2, after: 3 }]);
    // The base's gate applied to the head's metrics tells a result change from a threshold change.
    expect(comparison.gates.find((gate) => gate.id === 'baseline_incorrect_refusal_rate')).toMatchObject({ head: null, headUnderBaseGate: 'passed' });

    const markdown = renderComparisonMarkdown(comparison);
    expect(markdown).toContain('gate `baseline_pass_rate`: threshold 0.75 → 0.6');
    expect(markdown).toContain('gate `baseline_refusal_accuracy`: comparison `"=="` → `">="`, threshold 1 → 0.5');
    expect(markdown).toContain('gate `baseline_false_acceptance_rate` added: false_acceptance_rate (baseline) <= 0');
    expect(markdown).toContain('gate `baseline_incorrect_refusal_rate` removed');
    expect(markdown).toContain('policy version `r2-2026.11.1` → `r3-2026.12.1`');
    expect(markdown).toContain('config `gate.relevanceThreshold`: 2 → 3');
    expect(markdown).toContain('gates file qa-contract-1 (sha256 aaaa) → qa-contract-2 (sha256 bbbb)');
  });

  it('says so when a side records only its config digest', () => {
    const unknown = craftReport('head-run', { 'fee-a': 'answer' }, { config: null, configDigest: 'sha256:other' });
    const comparison = compareReports({ report: base, label: 'base' }, { report: unknown, label: 'head' });
    expect(comparison.config).toEqual({ digestChanged: true, changes: null });
    expect(comparison.cases).toEqual({ common: 1, added: [], removed: ['fee-b', 'fee-c', 'refuse-a', 'refuse-b'] });
    expect(renderComparisonMarkdown(comparison)).toContain('config changed (digests differ');
  });

  it('renders the flip table in Markdown and a self-contained HTML page', () => {
    const comparison = compareReports({ report: base, label: 'reports/baseline/crafted.json' }, { report: head, label: 'reports/head' });
    const markdown = renderComparisonMarkdown(comparison);
    expect(markdown).toContain('## Compare `reports/baseline/crafted.json` → `reports/head` (suite crafted)');
    expect(markdown).toContain('**1** pass → fail · **2** fail → pass');
    expect(markdown).toMatch(/\| `fee-b` \| answer \| pass, answered \| fail, refused \(confidence_too_low\) \| refused_answerable: .* \| `golden\/crafted\/baseline.jsonl:2` \|/);
    expect(markdown).toContain('### Fail → pass (2)');
    const html = renderComparisonHtml(comparison);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(html).toContain('<h3 class="bad">Pass → fail (1)</h3>');
  });
});

describe('loadComparableReport', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'clausegate-compare-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: work, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });

  it('reads a baseline file, and the committed baseline of a suite at a git ref', async () => {
    const baselineDir = path.join(work, 'reports', 'baseline');
    mkdirSync(baselineDir, { recursive: true });
    const committed = craftReport('committed', { 'fee-a': 'answer', 'fee-b': 'answer' });
    writeFileSync(path.join(baselineDir, 'crafted.json'), `${JSON.stringify(committed, null, 2)}\n`);
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'baseline');
    // The working copy moves on; the ref still has the committed one.
    writeFileSync(path.join(baselineDir, 'crafted.json'), `${JSON.stringify(craftReport('working', { 'fee-a': 'refuse' }), null, 2)}\n`);

    const options = { cwd: work, baselineDir, suite: 'crafted' };
    const fromFile = await loadComparableReport('reports/baseline/crafted.json', options);
    expect(fromFile).toMatchObject({ origin: 'file', report: { runId: 'working' } });
    const fromRef = await loadComparableReport('main', options);
    expect(fromRef).toMatchObject({ origin: 'git main', report: { runId: 'committed' } });
    const fromObject = await loadComparableReport('HEAD:reports/baseline/crafted.json', { ...options, suite: undefined });
    expect(fromObject.report.runId).toBe('committed');
    await expect(loadComparableReport('no-such-ref', options)).rejects.toMatchObject({ code: 'input_invalid' });
    await expect(loadComparableReport('main', { ...options, suite: undefined })).rejects.toMatchObject({ hint: expect.stringContaining('--suite') });
  });
});
