import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import type { ExtractedDocument, ExtractionOutcome } from '../types.ts';
import { buildTestPdf, streamObject } from './build-test-pdf.ts';
import { extractPdf } from './extract-pdf.ts';
import { measureReadability } from './measure-readability.ts';

const corpus = testCorpus.path('cme');
const read = (name: string): Uint8Array => readFileSync(path.join(corpus, name));

const FEE_LIST_2026 = 'january-2026-market-data-fee-list.pdf';
const GARBLED_APPENDIX = 'appendix-a-to-schedule-7-of-the-ila.pdf';
const READABLE_APPENDIX = 'appendix-a-to-schedule-7-of-the-ila-oct-2023.pdf';
const FEE_NOTICE = '2026-market-data-fee-notice-august-14-2025.pdf';

// Every CME PDF is extracted once, in order, and the tests read the results.
const outcomes = new Map<string, ExtractionOutcome>();

function documentOf(name: string): ExtractedDocument {
  const outcome = outcomes.get(name);
  if (outcome?.status !== 'extracted') throw new Error(`${name} was not extracted: ${JSON.stringify(outcome)}`);
  return outcome.document;
}

function pageText(name: string, page: number): string {
  const found = documentOf(name).pages.find((candidate) => candidate.page === page);
  if (found === undefined) throw new Error(`${name} has no page ${page}`);
  return found.text;
}

describe.skipIf(!testCorpus.available)(testCorpus.title('extractPdf on the CME corpus'), () => {
  beforeAll(async () => {
    for (const name of readdirSync(corpus).filter((file) => file.endsWith('.pdf')).sort()) {
      outcomes.set(name, await extractPdf(read(name)));
    }
  }, 120_000);

  it('extracts every CME PDF but the two whose text layer decodes to noise', () => {
    // 35 files, 34 documents: benchmark-data-fee-list.pdf is a byte-identical copy of the January 2026 list.
    expect(outcomes.size).toBe(35);
    const skipped = [...outcomes].filter(([, outcome]) => outcome.status === 'skipped').map(([name]) => name);
    expect(skipped.sort()).toEqual([FEE_NOTICE, GARBLED_APPENDIX]);
  });

  it('numbers pages from 1 and finds as many as pdfinfo', () => {
    // Page counts checked by hand with pdfinfo.
    const expected: Record<string, number> = {
      [FEE_LIST_2026]: 8,
      'ILA-Subscriber-Addendum.pdf': 10,
      [READABLE_APPENDIX]: 16,
      'schedule-5-to-the-ila-january-2026.pdf': 13,
      'appendix-b-to-schedule-7-of-the-ila.pdf': 1,
    };
    for (const [name, count] of Object.entries(expected)) {
      expect(documentOf(name).pages.map((page) => page.page), name).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    }
  });

  it('keeps a fee-table row on one line, cells in order, without footnote markers', () => {
    const lines = pageText(FEE_LIST_2026, 1).split('\n');
    expect(lines).toContain('Description | Unit of Count | Annually | Monthly');
    expect(lines).toContain('Real Time | Device | $134.50');
    expect(lines).toContain('Non-Professional Depth of Market | Device | $12.10');
    // `Real Time11`, `Non-Display10` and `Principal 5` carry superscript footnote markers in the PDF.
    expect(lines).toContain('Non-Display');
    expect(lines).toContain('Category A1 – Trading As a Principal');
    expect(pageText(FEE_LIST_2026, 1)).not.toMatch(/Real Time ?\d|Display ?\d/u);
  });

  it('keeps a row whose label is set half a line lower with its cells', () => {
    expect(pageText('benchmark-data-fee-list.pdf', 2).split('\n')).toContain('Non-Financial Institution (total | Licensee Group | $4,000');
  });

  it('adds no cell separators inside prose sentences', () => {
    // The only separators in these two documents follow a clause number set apart from its text
    // by a tab (`(a) | Subscriber Group shall…`, `5 | Internal Controls`), or split a footer.
    const clauseThenText = /^(?:\(?[0-9a-z]{1,3}\)|[0-9]{1,2}(?:\.[0-9]{1,2})*\.?) \| [^|]+$/u;
    const addendumLines = documentOf('ILA-Subscriber-Addendum.pdf').pages.flatMap((page) => page.text.split('\n'));
    expect(addendumLines.filter((line) => line.includes(' | ') && !clauseThenText.test(line))).toEqual([]);
    expect(addendumLines).toContain('(a) | Subscriber Group shall not redistribute CME Licensed Information outside of Subscriber Group.');
    expect(addendumLines).toContain('5 | Internal Controls');
    const policyLines = documentOf('information-policies-v5-04.pdf').pages.flatMap((page) => page.text.split('\n'));
    expect(policyLines.filter((line) => line.includes(' | ') && !clauseThenText.test(line))).toEqual(
      Array.from({ length: 6 }, (_, index) => `Version 5.04 | Page ${index + 1} of 6`),
    );
    // Justified lines stretch word spaces to almost 1.5 font sizes: still spaces.
    expect(pageText('appendix-a2-to-schedule-7.pdf', 2)).toContain('payment of the relevant Fees, CME grants Licensee Group, a limited non-exclusive');
    // A clause number that touches its text gets a space.
    expect(pageText('information-license-agreement-schedule-4-2021.pdf', 3)).toContain('2.7 As of the Schedule 4 Effective Date');
  });

  it('reports the appendix whose Type 3 fonts have no Unicode map as unreadable text', () => {
    const outcome = outcomes.get(GARBLED_APPENDIX);
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'unreadable_text', page: 1 });
    expect(outcome?.status === 'skipped' && outcome.message).toMatch(/^the text layer decodes to noise, not words: \d+% of the \d+ tokens on pages 1–2 look like words .*; OCR the PDF or provide a text version$/u);
  });

  it('reads the October 2023 version of the same appendix as words', () => {
    const document = documentOf(READABLE_APPENDIX);
    const text = document.pages.map((page) => page.text).join('\n');
    expect(text).toContain('CME Term SOFR');
    expect(measureReadability(text).score).toBeGreaterThan(0.95);
  });

  it('reports the fee notice, whose text is drawn in the same kind of fonts, as unreadable too', () => {
    // The corpus README calls this file "almost no text layer": pdftotext finds under 100
    // whitespace-separated words in it. It does have a text layer, though: about 6,200 glyphs in two
    // Type 3 fonts without a Unicode map, exactly like the garbled appendix, so it is skipped for
    // the same reason.
    expect(outcomes.get(FEE_NOTICE)).toMatchObject({ status: 'skipped', reason: 'unreadable_text', page: 1 });
  });

  it('warns about a blank page of an extracted document', () => {
    const document = documentOf('schedule-7-appendix-cvol.pdf');
    expect(document.warnings).toEqual(['page 3 is blank (no text); if it holds a scanned image, OCR the PDF']);
    expect(document.pages[2]).toEqual({ page: 3, text: '' });
  });

  it('gives the same text when a document is extracted again', async () => {
    const again = await extractPdf(read(FEE_LIST_2026));
    expect(again).toEqual(outcomes.get(FEE_LIST_2026));
  });
});

describe('extractPdf on damaged and unusual files', () => {
  it('reports an empty file', async () => {
    expect(await extractPdf(new Uint8Array())).toMatchObject({ status: 'skipped', reason: 'empty' });
  });

  it.skipIf(!testCorpus.available)(testCorpus.title('reports a truncated PDF as corrupt even though pdfjs could still read its pages'), async () => {
    // Cut to 95%, this file still opens in pdfjs with all 8 pages of text: only the missing
    // end-of-file marker tells that the copy is incomplete.
    const bytes = read(FEE_LIST_2026);
    const outcome = await extractPdf(bytes.subarray(0, Math.floor(bytes.length * 0.95)));
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'corrupt' });
    expect(outcome.status === 'skipped' && outcome.message).toMatch(/^the PDF is truncated .*; download or copy the file again$/u);
  });

  it('reports a file that is not a PDF as corrupt', async () => {
    const outcome = await extractPdf(new TextEncoder().encode('Real Time | Device | $134.50\n'.repeat(10)));
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'corrupt' });
  });

  it('reports a PDF with a PDF header and trailer but no valid structure as corrupt', async () => {
    const outcome = await extractPdf(new TextEncoder().encode('%PDF-1.7\nnot really a PDF\nstartxref\n9999\n%%EOF\n'));
    expect(outcome).toMatchObject({ status: 'skipped', reason: 'corrupt' });
    expect(outcome.status === 'skipped' && outcome.message).toMatch(/^the PDF cannot be opened \(.+\); repair it or export it to PDF again$/u);
  });

  it('reports a PDF that needs a password as encrypted', async () => {
    // A Standard security handler (RC4, revision 2) whose owner and user entries match no empty
    // password: pdfjs must ask for one.
    const key = (seed: number) => Array.from({ length: 32 }, (_, index) => ((index * seed + 7) & 0xff).toString(16).padStart(2, '0')).join('');
    const pdf = buildTestPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
        `<< /Filter /Standard /V 1 /R 2 /O <${key(13)}> /U <${key(29)}> /P -4 >>`,
      ],
      '/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] ',
    );
    expect(await extractPdf(pdf)).toEqual({
      status: 'skipped',
      reason: 'encrypted',
      message: 'the PDF is password-protected; provide a copy without a password',
    });
  });

  it('reports a PDF whose pages only draw shapes as having no text layer', async () => {
    const pdf = buildTestPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>',
      streamObject('0 0 1 rg 72 72 200 100 re f'),
    ]);
    expect(await extractPdf(pdf)).toEqual({
      status: 'skipped',
      reason: 'no_text_layer',
      message: 'pages 1–2 of 2 have no text layer (0 words on 2 pages); OCR the PDF or provide a text version',
      page: 1,
    });
  });

  it('extracts a minimal PDF with a standard font and leaves the caller’s bytes intact', async () => {
    const pdf = buildTestPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      streamObject('BT /F1 12 Tf 72 700 Td (The Licensee shall report every Device that receives Real Time Information.) Tj ET'),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]);
    const length = pdf.length;
    expect(await extractPdf(pdf)).toEqual({
      status: 'extracted',
      document: {
        format: 'pdf',
        pages: [{ page: 1, text: 'The Licensee shall report every Device that receives Real Time Information.' }],
        headings: [],
        warnings: [],
      },
    });
    expect(pdf.length).toBe(length);
  });
});
