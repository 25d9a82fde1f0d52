import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateTestCorpus } from './locate-test-corpus.ts';

describe('locateTestCorpus', () => {
  let work: string;
  let repository: string;
  let corpus: string;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-test-corpus-'));
    repository = path.join(work, 'main');
    mkdirSync(repository);
    corpus = path.join(work, 'elsewhere', 'corpus');
    mkdirSync(path.join(corpus, 'cme'), { recursive: true });
    mkdirSync(path.join(corpus, 'fixtures'));
    mkdirSync(path.join(corpus, 'reference'));
    writeFileSync(path.join(corpus, 'fixtures', 'sample-agreement.docx'), 'PK');
    writeFileSync(path.join(corpus, 'reference', 'original-eval-questions.json'), '[]');
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('looks in ../shared/corpus beside the checkout by default and says why it skips when that is missing', () => {
    const located = locateTestCorpus({}, repository);
    expect(located.root).toBe(path.join(work, 'shared', 'corpus'));
    expect(located.available).toBe(false);
    expect(located.missing).toEqual(['cme', 'fixtures/sample-agreement.docx', 'reference/original-eval-questions.json']);
    expect(located.skipReason).toBe(`the shared corpus is not at ${path.join(work, 'shared', 'corpus')}; set CLAUSEGATE_CORPUS_ROOT to the folder holding cme/, fixtures/ and reference/`);
    expect(located.title('extractPdf on the CME corpus')).toBe(`extractPdf on the CME corpus (skipped: ${located.skipReason})`);
  });

  it('honours CLAUSEGATE_CORPUS_ROOT, relative to the repository root', () => {
    const located = locateTestCorpus({ CLAUSEGATE_CORPUS_ROOT: '../elsewhere/corpus' }, repository);
    expect(located).toMatchObject({ root: corpus, available: true, missing: [], skipReason: '' });
    expect(located.path('cme', 'a.pdf')).toBe(path.join(corpus, 'cme', 'a.pdf'));
    expect(located.title('extractPdf on the CME corpus')).toBe('extractPdf on the CME corpus');
    expect(locateTestCorpus({ CLAUSEGATE_CORPUS_ROOT: corpus }, '/').root).toBe(corpus);
  });

  it('names each entry missing from a partial corpus', () => {
    const partial = path.join(work, 'partial');
    mkdirSync(path.join(partial, 'cme'), { recursive: true });
    const located = locateTestCorpus({ CLAUSEGATE_CORPUS_ROOT: partial }, repository);
    expect(located.available).toBe(false);
    expect(located.missing).toEqual(['fixtures/sample-agreement.docx', 'reference/original-eval-questions.json']);
    expect(located.skipReason).toBe(
      `the shared corpus at ${partial} (CLAUSEGATE_CORPUS_ROOT) lacks fixtures/sample-agreement.docx, reference/original-eval-questions.json; set CLAUSEGATE_CORPUS_ROOT to the folder holding cme/, fixtures/ and reference/`,
    );
  });

  it('fails instead of skipping when CI requires the corpus (CI set and CLAUSEGATE_REQUIRE_CORPUS=1)', () => {
    const absent = { CLAUSEGATE_CORPUS_ROOT: path.join(work, 'nonexistent') };
    expect(() => locateTestCorpus({ ...absent, CI: 'true', CLAUSEGATE_REQUIRE_CORPUS: '1' }, repository)).toThrow(
      /^CLAUSEGATE_REQUIRE_CORPUS=1 in CI, but the shared corpus is not at .*nonexistent \(CLAUSEGATE_CORPUS_ROOT\); set CLAUSEGATE_CORPUS_ROOT to the folder holding cme\/, fixtures\/ and reference\/\. The corpus tests must run here, not skip\.$/,
    );
    // Either one alone still skips: a developer without the corpus, or a CI without the requirement.
    expect(locateTestCorpus({ ...absent, CLAUSEGATE_REQUIRE_CORPUS: '1' }, repository).available).toBe(false);
    expect(locateTestCorpus({ ...absent, CI: 'true' }, repository).available).toBe(false);
    expect(locateTestCorpus({ ...absent, CI: 'false', CLAUSEGATE_REQUIRE_CORPUS: '1' }, repository).available).toBe(false);
    // A corpus that is there satisfies the requirement.
    expect(locateTestCorpus({ CLAUSEGATE_CORPUS_ROOT: corpus, CI: 'true', CLAUSEGATE_REQUIRE_CORPUS: '1' }, repository).available).toBe(true);
  });
});
