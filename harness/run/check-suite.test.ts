import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexManifest } from '../../pipeline/store/index.ts';
import type { Chunk } from '../../pipeline/types.ts';
import { loadSuite } from '../golden/index.ts';
import { scoreCase } from '../score/index.ts';
import { checkSuite } from './check-suite.ts';
import { prepareCases } from './prepare-cases.ts';
import { rebuildPageTexts } from './rebuild-page-texts.ts';

const REFUSAL = 'Not in the documents.';
const PAGE = 'Section 4. Audit. The Exchange may audit the Licensee once in any calendar year.';
const quote = 'The Exchange may audit the Licensee once in any calendar year.';

const chunk: Chunk = {
  chunkId: 'original-0',
  doc: 'original.pdf',
  source: 'test',
  docHash: 'a'.repeat(64),
  ordinal: 0,
  pageStart: 1,
  pageEnd: 1,
  sectionHeading: 'Section 4. Audit.',
  span: { start: 0, end: PAGE.length },
  text: PAGE,
  tokenCount: 20,
  isDefinitions: false,
  kind: 'prose',
};

const manifest: IndexManifest = {
  schemaVersion: 1,
  source: 'test',
  indexVersion: 'v1',
  createdAt: '2026-11-22T00:00:00.000Z',
  embedder: { name: 'offline', model: 'm', dimensions: 8, version: '1' },
  chunkerVersion: 'c1',
  policyVersion: 'p1',
  keywordIndex: { kind: 'bm25', version: '1' },
  documents: [
    { doc: 'original.pdf', sha256: 'a'.repeat(64), format: 'pdf', pages: 1, chunks: 1, status: 'indexed' },
    { doc: 'copy-of-original.pdf', sha256: 'a'.repeat(64), pages: 0, chunks: 0, status: 'duplicate', duplicateOf: 'original.pdf' },
    { doc: 'scan.pdf', sha256: 'b'.repeat(64), format: 'pdf', pages: 3, chunks: 0, status: 'skipped', reason: 'no_text_layer', message: 'no text on any page' },
  ],
  counts: { documents: 1, pages: 1, chunks: 1, definitions: 0, skipped: 1, duplicates: 1 },
};

describe('checkSuite', () => {
  let goldenDir: string;
  beforeAll(() => {
    goldenDir = mkdtempSync(path.join(tmpdir(), 'clausegate-check-suite-'));
    mkdirSync(path.join(goldenDir, 'test'));
    writeFileSync(
      path.join(goldenDir, 'test', 'suite.json'),
      JSON.stringify({ schemaVersion: 1, name: 'test', source: 'test', corpusRoot: 'corpus', refusal: REFUSAL, description: 'duplicates' }, null, 2),
    );
    const answerable = (id: string, doc: string) => JSON.stringify({ id, category: 'audit', question: `How often? (${id})`, should_refuse: false, evidence: [{ doc, page: 1, quote }], answer_terms: ['once'] });
    writeFileSync(path.join(goldenDir, 'test', 'baseline.jsonl'), [answerable('on-copy', 'copy-of-original.pdf'), answerable('on-scan', 'scan.pdf')].join('\n'));
  });
  afterAll(() => rmSync(goldenDir, { recursive: true, force: true }));

  it('locates a quote on a byte-identical duplicate in the text of the document it repeats, and a span on either file counts', async () => {
    const suite = await loadSuite(goldenDir, 'test');
    const check = checkSuite({ suite, manifest, pageTexts: rebuildPageTexts([chunk]), configuredRefusal: REFUSAL });
    expect(check.aliases).toEqual({ 'copy-of-original.pdf': ['original.pdf'] });
    const located = check.evidence.get('on-copy')!;
    expect(located).toEqual([{ doc: 'copy-of-original.pdf', page: 1, quote, start: PAGE.indexOf('The Exchange'), end: PAGE.indexOf('year') + 'year'.length, score: 1 }]);

    // The pipeline only ever retrieves the original's chunks; the expected span is on the copy.
    const [onCopy] = prepareCases(suite, check, { perturb: false });
    const score = scoreCase(onCopy!.expected, {
      status: 'answered',
      answer: 'Once in any calendar year [C0].',
      generatorCalls: 1,
      usedEvidence: [{ doc: 'original.pdf', page: 1, start: 0, end: PAGE.length }],
      candidatePool: [{ doc: 'original.pdf', page: 1, start: 0, end: PAGE.length }],
      hallucinations: [],
      fallbackUsed: false,
      rerankFallback: false,
      attributionCoverage: 1,
      latencyMs: 1,
      tokens: { prompt: 1, completion: 1 },
      costUsd: 0,
    });
    expect(score.evidenceRecall).toEqual({ overlapped: 1, expected: 1, rate: 1 });
    expect(score.passed).toBe(true);
  });

  it('reports a quote on a skipped document as an unknown document, saying why it was skipped', async () => {
    const suite = await loadSuite(goldenDir, 'test');
    const check = checkSuite({ suite, manifest, pageTexts: rebuildPageTexts([chunk]), configuredRefusal: REFUSAL });
    expect(check.problems).toEqual([
      {
        file: path.join(goldenDir, 'test', 'baseline.jsonl'),
        line: 2,
        field: 'evidence.0.doc',
        category: 'unknown_document',
        message: 'document "scan.pdf" was skipped by the ingest (no_text_layer: no text on any page); its text is not indexed',
      },
    ]);
    expect(check.quotes).toEqual({ total: 2, located: 1 });
  });

  it('reports a suite refusal that differs from the configured one on its suite.json line', async () => {
    const suite = await loadSuite(goldenDir, 'test');
    const settingsText = JSON.stringify(suite.settings, null, 2);
    const check = checkSuite({ suite, manifest, pageTexts: rebuildPageTexts([chunk]), configuredRefusal: 'Something else.', settingsText });
    const problem = check.problems.find((item) => item.category === 'suite_settings');
    expect(problem).toMatchObject({ file: path.join(goldenDir, 'test', 'suite.json'), line: settingsText.split('\n').findIndex((line) => line.includes('"refusal"')) + 1, field: 'refusal' });
    expect(problem?.message).toContain('every should-refuse case would fail');
  });
});
