import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkSections } from '../chunk/index.ts';
import { isTableRow } from '../chunk/is-table-row.ts';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import type { ExtractedDocument, ExtractionOutcome } from '../types.ts';
import { buildMixedPdf, textPage } from './build-test-image-pdf.ts';
import { createTesseractOcr } from './create-tesseract-ocr.ts';
import { extractPdf } from './extract-pdf.ts';
import { measureReadability } from './measure-readability.ts';

const tesseract = spawnSync('sh', ['-c', 'command -v tesseract'], { encoding: 'utf8' }).stdout.trim();
const toolsReady = tesseract !== '' && spawnSync('pdftoppm', ['-v']).status === 0 && /\beng\b/.test(spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout);
const skipReason = toolsReady ? '' : ' (skipped: tesseract with English data and pdftoppm are not installed; apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils)';

const prose = textPage([
  [[72, 'Licence Terms']],
  [[72, 'The Licensee may display the Information to its own employees only.']],
  [[72, 'Each Device that receives Real Time Information is counted once.']],
]);
const feeTable = textPage([
  [[72, 'Fee Schedule for Real Time Data']],
  [[72, 'Professional subscriber'], [330, '$105.00'], [430, 'per month']],
  [[72, 'Non-professional subscriber'], [330, '$3.50'], [430, 'per month']],
  [[72, 'Delayed data'], [330, '$0.00'], [430, 'per month']],
  [],
  [[72, 'The Licensee shall report the number of subscribers every month.']],
]);

function documentOf(outcome: ExtractionOutcome): ExtractedDocument {
  if (outcome.status !== 'extracted') throw new Error(`not extracted: ${JSON.stringify(outcome)}`);
  return outcome.document;
}

describe.skipIf(!toolsReady)(`extractPdf with tesseract OCR${skipReason}`, () => {
  let work: string;
  let shims: string;
  const shimEnv = (name: string, failWhen: string) => {
    // A `tesseract` earlier on PATH that answers the probes with the real one and fails recognition
    // of the images whose file name matches `failWhen`, as a broken installation or a bad page would.
    const folder = path.join(shims, name);
    spawnSync('mkdir', ['-p', folder]);
    const script = `#!/bin/sh\ncase "$1" in --version|--list-langs) exec "${tesseract}" "$@";; esac\ncase "$1" in ${failWhen}) echo "Error: simulated failure reading $(basename "$1")" >&2; exit 1;; esac\nexec "${tesseract}" "$@"\n`;
    writeFileSync(path.join(folder, 'tesseract'), script);
    chmodSync(path.join(folder, 'tesseract'), 0o755);
    return { ...process.env, PATH: `${folder}:${process.env.PATH ?? ''}` };
  };

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-ocr-test-'));
    shims = path.join(work, 'shims');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('recognises the image-only page as rows and lines, marks it ocr, and keeps the text layer of the other page', async () => {
    const pdf = buildMixedPdf([{ page: prose, image: false }, { page: feeTable, image: true }]);
    const cacheDir = path.join(work, 'cache');
    const document = documentOf(await extractPdf(pdf, { ocr: createTesseractOcr({ env: process.env, cacheDir }) }));
    expect(document.pages.map((page) => page.ocr)).toEqual([undefined, true]);
    expect(document.pages[0]!.text).toBe(
      'Licence Terms\nThe Licensee may display the Information to its own employees only.\nEach Device that receives Real Time Information is counted once.',
    );
    const lines = document.pages[1]!.text.split('\n');
    expect(lines).toEqual([
      'Fee Schedule for Real Time Data',
      'Professional subscriber | $105.00 | per month',
      'Non-professional subscriber | $3.50 | per month',
      'Delayed data | $0.00 | per month',
      'The Licensee shall report the number of subscribers every month.',
    ]);
    expect(lines.filter(isTableRow)).toHaveLength(3);
    // The chunker keeps the recognised rows as a table, as it does with a text layer's.
    const chunks = chunkSections({ document, doc: 'scan.pdf', source: 'test', docHash: 'ab'.repeat(32), maxTokens: 320, minTokens: 0 });
    const table = chunks.find((chunk) => chunk.pageStart === 2 && chunk.text.includes('$3.50'));
    expect(table?.kind).toBe('table');
    expect(document.warnings).toEqual([]);
    expect(readdirSync(cacheDir).filter((file) => file.endsWith('.tsv'))).toHaveLength(1);
  });

  it('reads a page recognised before from the cache: a tesseract that fails every page is never asked', async () => {
    const pdf = buildMixedPdf([{ page: prose, image: false }, { page: feeTable, image: true }]);
    const cacheDir = path.join(work, 'cache');
    const fresh = documentOf(await extractPdf(pdf, { ocr: createTesseractOcr({ env: process.env, cacheDir }) }));
    const broken = createTesseractOcr({ env: shimEnv('always', '*'), cacheDir });
    const cached = documentOf(await extractPdf(pdf, { ocr: broken }));
    expect(cached).toEqual(fresh);
    const uncached = documentOf(await extractPdf(pdf, { ocr: createTesseractOcr({ env: shimEnv('always', '*'), cacheDir: path.join(work, 'empty-cache') }) }));
    expect(uncached.ocrFailedPages).toEqual([2]);
  });

  it('reports a page tesseract fails on (page, what tesseract said, what to do) and keeps the other pages', async () => {
    const pdf = buildMixedPdf([
      { page: feeTable, image: true },
      { page: prose, image: true },
    ]);
    const outcome = await extractPdf(pdf, { ocr: createTesseractOcr({ env: shimEnv('page-two', '*page-2.pgm') }) });
    const document = documentOf(outcome);
    expect(document.pages[0]).toMatchObject({ page: 1, ocr: true });
    expect(document.pages[0]!.text).toContain('Non-professional subscriber | $3.50 | per month');
    expect(document.pages[1]).toEqual({ page: 2, text: '' });
    expect(document.ocrFailedPages).toEqual([2]);
    expect(document.warnings).toHaveLength(1);
    expect(document.warnings[0]).toMatch(/^page 2 could not be recognised: tesseract exited with code 1: "Error: simulated failure reading page-2\.pgm"; check that `tesseract --list-langs` lists eng .*ingest again/);
  });

  it('skips a document tesseract fails on everywhere with the original reason and the failure', async () => {
    const pdf = buildMixedPdf([{ page: feeTable, image: true }]);
    const outcome = await extractPdf(pdf, { ocr: createTesseractOcr({ env: shimEnv('always', '*') }) });
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'no_text_layer', page: 1 });
    expect(outcome.status === 'skipped' && outcome.message).toMatch(/^OCR failed on every page it was needed for: page 1 could not be recognised: tesseract exited with code 1/);
  });

  it('without tesseract on PATH keeps the no_text_layer report, with the install hint', async () => {
    const empty = mkdtempSync(path.join(work, 'no-tools-'));
    const pdf = buildMixedPdf([{ page: feeTable, image: true }]);
    const ocr = createTesseractOcr({ env: { ...process.env, PATH: empty } });
    expect(await ocr.describe()).toMatch(/^unavailable: tesseract is not installed/);
    const outcome = await extractPdf(pdf, { ocr });
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'no_text_layer', page: 1 });
    expect(outcome.status === 'skipped' && outcome.message).toMatch(
      /^page 1 of 1 has no text layer \(0 words on 1 page\); OCR is unavailable: tesseract is not installed \(not on PATH\); install tesseract \(Debian\/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils\) and ingest again$/,
    );
  });

  describe.skipIf(!testCorpus.available)(testCorpus.title('on the two CME PDFs whose text layer decodes to noise'), () => {
    const outcomes = new Map<string, ExtractionOutcome>();
    const names = ['2026-market-data-fee-notice-august-14-2025.pdf', 'appendix-a-to-schedule-7-of-the-ila.pdf'];

    beforeAll(async () => {
      const ocr = createTesseractOcr({ env: process.env });
      await Promise.all(names.map(async (name) => outcomes.set(name, await extractPdf(readFileSync(testCorpus.path('cme', name)), { ocr }))));
    }, 600_000);

    it('recognises every page, and the recognised text reads as words', () => {
      for (const name of names) {
        const document = documentOf(outcomes.get(name)!);
        expect(document.pages.every((page) => page.ocr === true)).toBe(true);
        expect(document.warnings).toEqual([]);
        const readability = measureReadability(document.pages.map((page) => page.text).join('\n'));
        expect(readability.wordCount).toBeGreaterThan(300);
        expect(readability.score).toBeGreaterThan(0.9);
      }
      expect(documentOf(outcomes.get(names[1]!)!).pages).toHaveLength(11);
    });

    it('reads the clauses verbatim enough to quote', () => {
      const notice = documentOf(outcomes.get(names[0]!)!).pages[0]!.text;
      expect(notice).toContain('In accordance with your market data agreement, this notice is to inform you of upcoming');
      expect(notice).toMatch(/^A\. All annual derived data license Fees will increase by up to 3\.5%\.$/m);
      const appendix = documentOf(outcomes.get(names[1]!)!).pages.map((page) => page.text).join('\n');
      expect(appendix).toContain('Business Loan: a loan, or other extension of credit, that is primarily for business or');
    });
  });
});
