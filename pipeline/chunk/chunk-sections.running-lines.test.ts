import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildTestPdf, streamObject } from '../extract/build-test-pdf.ts';
import { extractPdf } from '../extract/index.ts';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import type { Chunk, ExtractedDocument } from '../types.ts';
import { chunkSections } from './chunk-sections.ts';

const DOC_HASH = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** A PDF of `pages`, each a list of lines drawn top down, and a footer of lines drawn at the bottom. */
function pdfOf(pages: { body: string[]; footer: string[] }[]): Uint8Array {
  const pageIds = pages.map((_, index) => 3 + index * 2);
  const fontId = 3 + pages.length * 2;
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`];
  const draw = (lines: string[], top: number) => `BT /F1 11 Tf 72 ${top} Td ${lines.map((line, index) => `${index === 0 ? '' : '0 -14 Td '}(${line}) Tj`).join(' ')} ET`;
  pages.forEach(({ body, footer }, index) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageIds[index]! + 1} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`);
    objects.push(streamObject(`${draw(body, 720)}\n${draw(footer, 60)}`));
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  return buildTestPdf(objects);
}

async function extracted(bytes: Uint8Array): Promise<ExtractedDocument> {
  const outcome = await extractPdf(bytes);
  if (outcome.status !== 'extracted') throw new Error(`test PDF not extracted: ${outcome.message}`);
  return outcome.document;
}

function chunk(document: ExtractedDocument, doc = 'filing.pdf'): Chunk[] {
  return chunkSections({ document, doc, source: 'test', docHash: DOC_HASH, maxTokens: 320, minTokens: 40 });
}

describe('chunkSections leaves running headers and footers out of the chunks', () => {
  it('drops a filing footer and printed page numbers from a real PDF, keeping pages, offsets and the split sentence', async () => {
    const footer = (printed: number) => [`- ${printed} -`, 'Source: ACME WIDGETS INC, 10-K, 1/2/2003'];
    const document = await extracted(
      pdfOf([
        { body: ['1. LICENCE', 'The Licensor grants the Licensee a licence to use the Software.', '2. FEES', 'The Licensee shall pay the Licensor a fee of'], footer: footer(7) },
        { body: ['US$40,000 for each year of the Term, in advance.', '3. TERM', 'This Agreement runs for three years from the Effective Date.'], footer: footer(8) },
        { body: ['4. NOTICES', 'Notices shall be given in writing to the addresses above.'], footer: footer(9) },
      ]),
    );
    // The extracted page still holds its footer: quotes and offsets are checked against this text.
    expect(document.pages[0]!.text).toContain('Source: ACME WIDGETS INC, 10-K, 1/2/2003');
    const chunks = chunk(document);
    expect(chunks.map((piece) => piece.text).join('\n')).not.toMatch(/Source:|1\/2\/2003|- \d -/);
    for (const piece of chunks) {
      expect(piece.text).toBe(document.pages[piece.pageStart - 1]!.text.slice(piece.span.start, piece.span.end));
    }
    // The sentence that crosses the page break now ends page 1 and opens page 2 with nothing between.
    const page1 = chunks.filter((piece) => piece.pageStart === 1).at(-1)!;
    const page2 = chunks.find((piece) => piece.pageStart === 2)!;
    expect(page1.text.endsWith('The Licensee shall pay the Licensor a fee of')).toBe(true);
    expect(page2.text.startsWith('US$40,000 for each year of the Term')).toBe(true);
    expect(chunks.map((piece) => piece.pageStart)).toEqual([1, 2, 3]);
  });

  it('keeps a line that repeats on only half the pages, and every line of a one-page document', async () => {
    const document = await extracted(
      pdfOf([
        { body: ['1. FEES', 'The fee is due on signature of this Agreement.'], footer: ['Draft for discussion'] },
        { body: ['2. TERM', 'The term is one year from the Effective Date.'], footer: ['Draft for discussion'] },
        { body: ['3. LAW', 'This Agreement is governed by the laws of England.'], footer: ['Initials of the parties'] },
        { body: ['4. NOTICES', 'Notices shall be given in writing.'], footer: ['Initials of the parties'] },
      ]),
    );
    expect(chunk(document).map((piece) => piece.text).join('\n')).toContain('Draft for discussion');
    const single = await extracted(pdfOf([{ body: ['1. FEES', 'The fee is due on signature.'], footer: ['Source: ACME WIDGETS INC, 10-K, 1/2/2003'] }]));
    expect(chunk(single).map((piece) => piece.text).join('\n')).toContain('Source: ACME WIDGETS INC');
  });
});

const FILING = 'cuad/XinhuaSportsEntertainmentLtd_20070221_F-1_EX-99.4_645553_EX-99.4_Content License Agreement.pdf';
const filingPath = testCorpus.path(...FILING.split('/'));

describe.skipIf(!existsSync(filingPath))(`chunkSections on a real SEC filing (${FILING}${existsSync(filingPath) ? '' : ': not in the shared corpus, skipped'})`, () => {
  it('leaves the filing footer out of every chunk; the fee sentence across pages 3 and 4 carries no footer date', async () => {
    const document = await extracted(new Uint8Array(await readFile(filingPath)));
    const chunks = chunk(document, FILING);
    // Every page of the filing ends with its footer, and no chunk holds it.
    expect(document.pages.every((page) => page.text.trimEnd().endsWith('Source: XINHUA SPORTS & ENTERTAINMENT LTD, F-1, 2/21/2007'))).toBe(true);
    expect(chunks.filter((piece) => piece.text.includes('2/21/2007'))).toEqual([]);
    const page3 = chunks.filter((piece) => piece.pageStart === 3).at(-1)!;
    const page4 = chunks.find((piece) => piece.pageStart === 4)!;
    expect(page3.text.replace(/\s+/g, ' ')).toMatch(/pay to CEIS US\$1\.1 million \(United States Dollars One Million and One$/);
    expect(page4.text).toMatch(/^Hundred Thousand\) for a term of twenty \(20\) years/);
    // Nothing else is lost: the chunks hold every word of the pages but the footers.
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const footerWords = document.pages.length * words('Source: XINHUA SPORTS & ENTERTAINMENT LTD, F-1, 2/21/2007');
    expect(chunks.reduce((total, piece) => total + words(piece.text), 0)).toBeGreaterThanOrEqual(
      document.pages.reduce((total, page) => total + words(page.text), 0) - footerWords - document.pages.length,
    );
  });
});
