import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { extractDocument } from './extract-document.ts';

describe('extractDocument', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'clausegate-extract-'));
  });
  afterAll(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it.skipIf(!testCorpus.available)(testCorpus.title('reads a PDF, a DOCX and a text file by their extension'), async () => {
    const pdf = await extractDocument(testCorpus.path('cme', 'appendix-b-to-schedule-7-of-the-ila.pdf'));
    expect(pdf.status === 'extracted' && [pdf.document.format, pdf.document.pages.length]).toEqual(['pdf', 1]);
    const docx = await extractDocument(testCorpus.path('fixtures', 'sample-agreement.docx'));
    expect(docx.status === 'extracted' && docx.document.format).toBe('docx');
    const text = path.join(directory, 'NOTES.TXT');
    writeFileSync(text, 'Fees are assessed per exchange.\n');
    expect(await extractDocument(text)).toMatchObject({ status: 'extracted', document: { format: 'txt' } });
  });

  it('names an unsupported extension and the supported ones', async () => {
    const sheet = path.join(directory, 'fees.xlsx');
    writeFileSync(sheet, 'PK');
    expect(await extractDocument(sheet)).toEqual({
      status: 'skipped',
      reason: 'unsupported',
      message: '.xlsx files cannot be extracted (supported: .pdf, .docx, .txt); convert the file to PDF, DOCX or UTF-8 text, or remove it from the source',
    });
    expect(await extractDocument(path.join(directory, 'README'))).toMatchObject({
      reason: 'unsupported',
      message: expect.stringMatching(/^a file without an extension cannot be extracted/u),
    });
  });

  it('reports a file it cannot read as corrupt, with the operating system’s error', async () => {
    expect(await extractDocument(path.join(directory, 'missing.pdf'))).toMatchObject({
      status: 'skipped',
      reason: 'corrupt',
      message: expect.stringContaining('ENOENT'),
    });
    const folder = path.join(directory, 'folder.pdf');
    mkdirSync(folder);
    expect(await extractDocument(folder)).toMatchObject({ status: 'skipped', reason: 'corrupt', message: expect.stringContaining('EISDIR') });
  });
});
