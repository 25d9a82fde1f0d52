import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import type { ExtractedDocument, ExtractionOutcome } from '../types.ts';
import { buildTestDocx } from './build-test-docx.ts';
import { extractDocx } from './extract-docx.ts';

const sampleAgreement = testCorpus.path('fixtures', 'sample-agreement.docx');

const paragraph = (text: string): string => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const cell = (...paragraphs: string[]): string => `<w:tc>${paragraphs.map(paragraph).join('')}</w:tc>`;

function documentOf(outcome: ExtractionOutcome): ExtractedDocument {
  if (outcome.status !== 'extracted') throw new Error(`not extracted: ${outcome.message}`);
  return outcome.document;
}

describe.skipIf(!testCorpus.available)(testCorpus.title('extractDocx on the sample agreement'), () => {
  let document: ExtractedDocument;
  beforeAll(async () => {
    document = documentOf(await extractDocx(readFileSync(sampleAgreement)));
  });

  it('gives one page with one line per paragraph, heading and table row', () => {
    expect(document.format).toBe('docx');
    expect(document.pages).toHaveLength(1);
    expect(document.pages[0]?.text.split('\n')).toEqual([
      'CME Group Market Data License Agreement',
      'This Agreement sets forth the terms and conditions under which CME Group provides market data.',
      'ARTICLE I - DEFINITIONS',
      "'Distributor' means any entity that receives and redistributes CME Market Data.",
      "'Subscriber' means a natural person who receives Market Data.",
      'ARTICLE II - FEE SCHEDULE',
      'The following fees shall apply:',
      'Data Type | Monthly Fee | Annual Fee',
      'Real-time Quotes | $500 | $5,000',
      'Delayed Data | $100 | $1,000',
      'Historical Data | $250 | $2,500',
      'ARTICLE III - TERMINATION',
      'Either party may terminate this Agreement with 90 days written notice.',
    ]);
    expect(document.warnings).toEqual([]);
  });

  it('lists the headings (the Title style included) at their offsets in the page text', () => {
    const text = document.pages[0]?.text ?? '';
    expect(document.headings.map(({ text: heading, level }) => [heading, level])).toEqual([
      ['CME Group Market Data License Agreement', 1],
      ['ARTICLE I - DEFINITIONS', 1],
      ['ARTICLE II - FEE SCHEDULE', 1],
      ['ARTICLE III - TERMINATION', 1],
    ]);
    for (const heading of document.headings) {
      expect(heading.page).toBe(1);
      expect(text.slice(heading.offset, heading.offset + heading.text.length)).toBe(heading.text);
      expect(heading.offset === 0 || text[heading.offset - 1] === '\n').toBe(true);
    }
  });
});

describe('extractDocx on built documents', () => {
  it('decodes entities, splits lines at breaks, joins a cell’s paragraphs and keeps empty cells', async () => {
    const body =
      paragraph('Fees &amp; charges &lt;2026&gt;') +
      '<w:p><w:r><w:t>first</w:t><w:br/><w:t>second</w:t></w:r></w:p>' +
      `<w:tbl><w:tr>${cell('Description')}${cell('Annually')}${cell('Monthly')}</w:tr>` +
      `<w:tr>${cell('Real Time', 'Device')}${cell('')}${cell('$134.50')}</w:tr>` +
      `<w:tr>${cell('')}${cell('')}${cell('')}</w:tr></w:tbl>`;
    const document = documentOf(await extractDocx(buildTestDocx(body)));
    expect(document.pages).toEqual([
      { page: 1, text: 'Fees & charges <2026>\nfirst\nsecond\nDescription | Annually | Monthly\nReal Time Device | | $134.50' },
    ]);
    expect(document.headings).toEqual([]);
  });

  it('reports a document without text as having no text layer', async () => {
    expect(await extractDocx(buildTestDocx('<w:p/>'))).toMatchObject({ status: 'skipped', reason: 'no_text_layer' });
  });

  it('reports an empty file', async () => {
    expect(await extractDocx(new Uint8Array())).toMatchObject({ status: 'skipped', reason: 'empty' });
  });

  it('reports a truncated archive and a file that is no archive as corrupt', async () => {
    // A built archive (stored entries) always; the Word-made sample agreement (deflated entries) where the corpus is.
    const archives = [buildTestDocx(paragraph('Either party may terminate this Agreement with 90 days written notice.')), ...(testCorpus.available ? [readFileSync(sampleAgreement)] : [])];
    for (const damaged of [...archives.map((bytes) => bytes.subarray(0, bytes.length / 2)), new TextEncoder().encode('not a zip archive')]) {
      const outcome = await extractDocx(damaged);
      expect(outcome).toMatchObject({ status: 'skipped', reason: 'corrupt' });
      expect(outcome.status === 'skipped' && outcome.message).toMatch(/^the file is not a readable \.docx \(.+\); open it in Word and save it again as \.docx$/u);
    }
  });

  it('tells a password-protected document from a legacy .doc (both are OLE compound files)', async () => {
    const header = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    const legacy = new Uint8Array([...header, ...new Uint8Array(504)]);
    const encrypted = new Uint8Array([...header, ...new Uint8Array(504), ...Buffer.from('EncryptedPackage', 'utf16le')]);
    expect(await extractDocx(legacy)).toMatchObject({ status: 'skipped', reason: 'corrupt', message: expect.stringContaining('legacy Word .doc') });
    expect(await extractDocx(encrypted)).toMatchObject({ status: 'skipped', reason: 'encrypted' });
  });
});
