import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClausegateError } from '../../pipeline/errors.ts';
import { formatGoldenProblem } from './format-golden-problem.ts';
import { loadSuite } from './load-suite.ts';

const settings = {
  schemaVersion: 1,
  name: 'cme',
  source: 'cme',
  corpusRoot: '../shared/corpus/cme',
  refusal: 'This is not addressed in the provided CME documents.',
  description: 'Questions over the CME licensing documents.',
};

const fee = {
  id: 'fees-001',
  question: 'What is the real-time display device fee?',
  should_refuse: false,
  evidence: [{ doc: 'january-2026-market-data-fee-list.pdf', page: 1, quote: 'Real Time11 Device $134.50' }],
  answer_terms: ['$134.50'],
  category: 'fees_lookup',
};
const steak = { id: 'refuse-001', question: 'How do I cook a perfect steak?', should_refuse: true, category: 'refusal_out_of_scope' };
const typo = { id: 'fees-001-typo', base_id: 'fees-001', question: 'What is the real-time dispaly device fee?', kind: 'typo', expect: 'same', evidence: fee.evidence, answer_terms: fee.answer_terms };

let goldenDir: string;

beforeEach(async () => {
  goldenDir = await mkdtemp(path.join(tmpdir(), 'clausegate-golden-'));
});

afterEach(async () => {
  await rm(goldenDir, { recursive: true, force: true });
});

async function writeSuite(files: Record<string, string>, suite = 'cme'): Promise<void> {
  await mkdir(path.join(goldenDir, suite), { recursive: true });
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(goldenDir, suite, name), content);
}

function jsonl(...values: unknown[]): string {
  return `${values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n')}\n`;
}

describe('loadSuite', () => {
  it('loads settings, cases with their locations, and no problems for a sound suite', async () => {
    await writeSuite({ 'suite.json': JSON.stringify(settings), 'baseline.jsonl': jsonl(fee, steak), 'perturb.jsonl': jsonl(typo) });
    const suite = await loadSuite(goldenDir, 'cme');
    expect(suite.settings).toEqual(settings);
    expect(suite.problems).toEqual([]);
    expect(suite.baseline.map((entry) => [entry.value.id, entry.location.line])).toEqual([
      ['fees-001', 1],
      ['refuse-001', 2],
    ]);
    expect(suite.perturbations[0]?.location).toEqual({ file: path.join(goldenDir, 'cme', 'perturb.jsonl'), line: 1 });
  });

  it('treats a missing perturb.jsonl as an empty perturbation set', async () => {
    await writeSuite({ 'suite.json': JSON.stringify(settings), 'baseline.jsonl': jsonl(fee) });
    const suite = await loadSuite(goldenDir, 'cme');
    expect(suite.perturbations).toEqual([]);
    expect(suite.problems).toEqual([]);
  });

  it('collects bad JSON, schema faults, duplicate ids and missing bases as file:line problems, in file order', async () => {
    await writeSuite({
      'suite.json': JSON.stringify(settings),
      'baseline.jsonl': jsonl(fee, '{"id": "broken",', { ...steak, id: 'fees-001' }, { ...fee, id: 'fees-002', evidence: [{ doc: 'a.pdf', page: 0, quote: 'q' }] }),
      'perturb.jsonl': jsonl({ ...typo, base_id: 'fees-999' }, typo),
    });
    const suite = await loadSuite(goldenDir, 'cme');
    const baselineFile = path.join(goldenDir, 'cme', 'baseline.jsonl');
    const perturbFile = path.join(goldenDir, 'cme', 'perturb.jsonl');
    expect(suite.problems.map(formatGoldenProblem)).toEqual([
      expect.stringMatching(new RegExp(`^${escape(baselineFile)}:2: not valid JSON`)),
      `${baselineFile}:3: id: duplicate id "fees-001" (first used at ${baselineFile}:1)`,
      `${baselineFile}:4: evidence.0.page: Too small: expected number to be >0`,
      `${perturbFile}:1: base_id: base case "fees-999" is not in the baseline file`,
      `${perturbFile}:2: id: duplicate id "fees-001-typo" (first used at ${perturbFile}:1)`,
    ]);
    expect(suite.baseline.map((entry) => entry.value.id)).toEqual(['fees-001', 'fees-001']);
    expect(suite.perturbations).toHaveLength(2);
  });

  it('reports a settings name that differs from the folder', async () => {
    await writeSuite({ 'suite.json': JSON.stringify({ ...settings, name: 'other' }), 'baseline.jsonl': jsonl(fee) });
    const suite = await loadSuite(goldenDir, 'cme');
    expect(suite.problems).toEqual([{ file: path.join(goldenDir, 'cme', 'suite.json'), line: 1, field: 'name', message: 'name "other" differs from the folder name "cme"' }]);
  });

  it('throws golden_invalid when the suite cannot be read', async () => {
    await expect(loadSuite(goldenDir, 'missing')).rejects.toSatisfy((error) => isClausegateError(error, 'golden_invalid'));
    await writeSuite({ 'suite.json': JSON.stringify(settings) });
    await expect(loadSuite(goldenDir, 'cme')).rejects.toThrow(/has no .*baseline\.jsonl/);
    await writeSuite({ 'suite.json': JSON.stringify({ ...settings, corpusRoot: 3 }), 'baseline.jsonl': jsonl(fee) });
    await expect(loadSuite(goldenDir, 'cme')).rejects.toThrow(/corpusRoot: Invalid input: expected string, received number/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
