import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isClausegateError } from '../errors.ts';
import { extractDocument } from '../extract/index.ts';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import type { Chunk, ExtractedDocument } from '../types.ts';
import { buildDefinitionsIndex } from './build-definitions-index.ts';
import { chunkSections } from './chunk-sections.ts';
import type { ChunkSectionsInput } from './chunk-sections.ts';
import { countTokens } from './count-tokens.ts';

const DOC_HASH = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

function pdf(...pages: string[]): ExtractedDocument {
  return { format: 'pdf', pages: pages.map((text, index) => ({ page: index + 1, text })), headings: [], warnings: [] };
}

function chunk(document: ExtractedDocument, options: Partial<ChunkSectionsInput> = {}): Chunk[] {
  return chunkSections({ document, doc: 'test.pdf', source: 'test', docHash: DOC_HASH, maxTokens: 320, minTokens: 0, ...options });
}

/** The chunker's contract, checked on every chunk of a document. */
function expectChunkInvariants(document: ExtractedDocument, chunks: Chunk[], maxTokens?: number): void {
  chunks.forEach((piece, ordinal) => {
    const page = document.pages.find((candidate) => candidate.page === piece.pageStart);
    expect(page, piece.chunkId).toBeDefined();
    expect(piece.pageEnd).toBe(piece.pageStart);
    expect(piece.ordinal).toBe(ordinal);
    expect(piece.text).toBe(page!.text.slice(piece.span.start, piece.span.end));
    expect(piece.text.length).toBeGreaterThan(0);
    expect(piece.text).toBe(piece.text.trim());
    expect(piece.chunkId).toBe(`${piece.docHash.slice(0, 16)}-p${piece.pageStart}-${piece.span.start}`);
    expect(piece.tokenCount).toBe(countTokens(piece.text));
    // A single table row is never divided, so it alone may exceed the bound.
    const isSingleRow = piece.kind === 'table' && !piece.text.includes('\n');
    if (maxTokens !== undefined && !isSingleRow) expect(piece.tokenCount, piece.chunkId).toBeLessThanOrEqual(maxTokens);
  });
  expect(new Set(chunks.map((piece) => piece.chunkId)).size).toBe(chunks.length);
  for (const page of document.pages) {
    const covered = new Array<number>(page.text.length).fill(0);
    for (const piece of chunks.filter((candidate) => candidate.pageStart === page.page)) {
      for (let offset = piece.span.start; offset < piece.span.end; offset += 1) covered[offset] = (covered[offset] ?? 0) + 1;
    }
    const uncovered = [...page.text].findIndex((character, offset) => /\S/.test(character) && covered[offset] !== 1);
    expect(uncovered, `page ${page.page}: character ${uncovered} covered ${covered[uncovered]} times`).toBe(-1);
  }
}

describe('chunkSections on synthetic documents', () => {
  it('starts a chunk at every kind of heading and names the section', () => {
    const document = pdf(
      [
        'MASTER LICENSE TERMS',
        'These terms govern the use of market data.',
        '1. Definitions',
        'Device: any display unit that can access Information.',
        '1.1 The default Unit of Count is Device.',
        'Section 5 Fees',
        'Fees are billed monthly in arrears.',
        'SCHEDULE 2',
        'Internal use of Information.',
        'Article IV',
        'Termination on ninety days notice.',
        'Reporting Obligations',
        'Licensee reports every Device each month.',
        '(a) Late Reports',
        'A late report carries a processing fee.',
      ].join('\n'),
    );
    const chunks = chunk(document);
    expectChunkInvariants(document, chunks);
    expect(chunks.map((piece) => [piece.text.split('\n')[0], piece.sectionHeading])).toEqual([
      ['MASTER LICENSE TERMS', 'MASTER LICENSE TERMS'],
      ['1. Definitions', '1. Definitions'],
      // A clause whose first line is body text starts a section but keeps its parent's name.
      ['1.1 The default Unit of Count is Device.', '1. Definitions'],
      ['Section 5 Fees', 'Section 5 Fees'],
      ['SCHEDULE 2', 'SCHEDULE 2'],
      ['Article IV', 'Article IV'],
      ['Reporting Obligations', 'Reporting Obligations'],
      ['(a) Late Reports', '(a) Late Reports'],
    ]);
  });

  it('does not take a wrapped sentence line or a table row-group label for a heading', () => {
    const document = pdf(
      [
        'Fee List',
        'Description | Unit of Count | Monthly',
        'Display Device',
        'Real Time | Device | $134.50',
        'Delayed | Device | $0',
        'The fees above apply to each Device reported under the terms of the',
        'Information License Agreement',
        'and its schedules.',
      ].join('\n'),
    );
    const chunks = chunk(document);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.sectionHeading).toBe('Fee List');
  });

  it('keeps table rows whole and splits an oversized table block between rows', () => {
    const rows = Array.from({ length: 40 }, (_, index) => `Category ${index + 1} – Trading Services | Licensee Group | $${(index + 1) * 1_000}`);
    const document = pdf(['Fee Schedule', 'Description | Unit of Count | Annually', ...rows].join('\n'));
    const chunks = chunk(document, { maxTokens: 80 });
    expectChunkInvariants(document, chunks, 80);
    expect(chunks.length).toBeGreaterThan(3);
    const lines = new Set(document.pages[0]!.text.split('\n'));
    for (const piece of chunks) {
      for (const line of piece.text.split('\n')) expect(lines.has(line), line).toBe(true);
      expect(piece.kind).toBe('table');
      expect(piece.sectionHeading).toBe('Fee Schedule');
    }
  });

  it('keeps the label of a group of rows with its rows when a table is split', () => {
    const group = (level: number) => [
      `Level ${level} Internal Use – (Device & Non-Display)`,
      ...['Euro', 'Sterling', 'JBOND'].map((name) => `RFR ${name} Real Time | Licensee Group | $${level * 1_000 + name.length}`),
    ];
    const document = pdf(['Fee Schedule', 'Description | Unit of Count | Monthly', ...group(1), ...group(2), ...group(3), ...group(4)].join('\n'));
    const chunks = chunk(document, { maxTokens: 70 });
    expectChunkInvariants(document, chunks, 70);
    expect(chunks.length).toBeGreaterThan(1);
    for (const piece of chunks) {
      expect(piece.text, piece.chunkId).not.toMatch(/Internal Use – \(Device & Non-Display\)$/);
      for (let level = 1; level <= 4; level += 1) {
        if (piece.text.includes(`$${level * 1_000 + 4}`)) expect(piece.text).toContain(`Level ${level} Internal Use`);
      }
    }
  });

  it('splits an oversized section at paragraphs, then sentences, and packs the pieces up to maxTokens', () => {
    const sentence = (index: number) => `Clause sentence number ${index} requires the Licensee to report every Device it enables.`;
    const paragraph = Array.from({ length: 12 }, (_, index) => sentence(index)).join(' ');
    const document = pdf(['2. Reporting', paragraph, '', paragraph].join('\n'));
    const chunks = chunk(document, { maxTokens: 60 });
    expectChunkInvariants(document, chunks, 60);
    for (const piece of chunks) expect(piece.text).toMatch(/(?:Reporting|enables\.)$/);
    expect(chunks.every((piece) => piece.sectionHeading === '2. Reporting')).toBe(true);
  });

  it('never crosses a page and carries the heading over to the next page', () => {
    const document = pdf('3. Audits\nCME may audit the Licensee once a year.', 'The Licensee bears the cost of an audit that finds underpayment.');
    const chunks = chunk(document);
    expectChunkInvariants(document, chunks);
    expect(chunks.map((piece) => [piece.pageStart, piece.sectionHeading])).toEqual([
      [1, '3. Audits'],
      [2, '3. Audits'],
    ]);
  });

  it('heads chunks with the topic under the running header, carried over pages, and the nearest sub-heading', () => {
    const document = pdf(
      [
        'ACME Benchmark Fee List',
        'Widget Index',
        'Description | Unit of Count | Annually',
        'Distribution | Licensee Group | $100',
        '',
        'Data License',
        'Real Time | Licensee Group | $200',
        'Benchmark Fee List 2026',
      ].join('\n'),
      [
        'ACME Benchmark Fee List',
        'Description | Unit of Count | Annually',
        'Category 1 | Licensee Group | $0',
        '',
        'Category 2 – Use in Derivatives',
        'Financial Institution | Licensee Group | $8,000',
        'Benchmark Fee List 2026',
      ].join('\n'),
      ['ACME Benchmark Fee List', 'Gadget Rate', 'Description | Unit of Count | Annually', '', 'Data License', 'Real Time | Licensee Group | $300', 'Benchmark Fee List 2026'].join('\n'),
    );
    const chunks = chunk(document);
    expectChunkInvariants(document, chunks);
    expect(chunks.map((piece) => [piece.pageStart, piece.text.split('\n')[0], piece.sectionHeading])).toEqual([
      [1, 'ACME Benchmark Fee List', 'Widget Index'],
      [1, 'Data License', 'Widget Index › Data License'],
      // Page 2 has no topic of its own: Widget Index carries over, its sub-headings do not.
      [2, 'ACME Benchmark Fee List', 'Widget Index'],
      [2, 'Category 2 – Use in Derivatives', 'Widget Index › Category 2 – Use in Derivatives'],
      [3, 'ACME Benchmark Fee List', 'Gadget Rate'],
      [3, 'Data License', 'Gadget Rate › Data License'],
    ]);
  });

  it('starts a topic at a product laid out like the others (a name over a dated line), on any page', () => {
    const product = (name: string, amount: number) => [name, 'Effective January 1, 2026', 'Description | Unit of Count', '', 'Data License', `Real Time | Licensee Group | $${amount}`];
    const document = pdf(
      ['Fee List', ...product('Widget Index', 100), 'Notes', 'Fees are billed annually.', ...product('Gadget Rate', 200)].join('\n'),
      ['Other Services', 'Wallboard | Wallboard | $50'].join('\n'),
    );
    const chunks = chunk(document);
    expectChunkInvariants(document, chunks);
    expect(chunks.map((piece) => [piece.text.split('\n')[0], piece.sectionHeading])).toEqual([
      ['Fee List', 'Widget Index'],
      ['Data License', 'Widget Index › Data License'],
      ['Notes', 'Widget Index › Notes'],
      ['Gadget Rate', 'Gadget Rate'],
      ['Data License', 'Gadget Rate › Data License'],
      ['Other Services', 'Gadget Rate › Other Services'],
    ]);
  });

  it('merges a section under minTokens into the next one on its page, never across pages', () => {
    const body = 'The Licensee shall report every Device that can access Real Time Information, each month, through the portal.';
    const document = pdf(`4. Fees\n4.1 Fees are annual.\n4.2 ${body}`, `5. Reporting\n${body}`);
    const merged = chunk(document, { minTokens: 40 });
    expectChunkInvariants(document, merged);
    expect(merged.map((piece) => [piece.pageStart, piece.text.split('\n')[0]])).toEqual([
      [1, '4. Fees'],
      [2, '5. Reporting'],
    ]);
    expect(merged[0]?.sectionHeading).toBe('4. Fees');
    expect(chunk(document, { minTokens: 0 })).toHaveLength(4);
  });

  it('merges a tiny last section of a page into the chunk before it', () => {
    const body = 'The Licensee shall report every Device that can access Real Time Information, each month, through the portal.';
    const document = pdf(`6. Notices\n${body}\n7. Reserved`);
    const chunks = chunk(document, { minTokens: 20 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.text.endsWith('7. Reserved')).toBe(true);
  });

  it('gives ids that survive a re-run and edits to other pages', () => {
    const document = pdf('1. Scope\nThese terms apply to all Information.', '2. Fees\nFees are annual.');
    const first = chunk(document);
    expect(chunk(document)).toEqual(first);
    expect(first[0]?.chunkId).toBe('0123456789abcdef-p1-0');
    const edited = pdf('1. Scope\nThese terms apply to all Information.', '2. Fees\nFees are billed annually in advance.');
    expect(chunk(edited)[0]?.chunkId).toBe(first[0]?.chunkId);
  });

  it('marks definitions and prose', () => {
    const document = pdf(
      [
        'Definitions',
        'Device: any display unit that can access Information.',
        'Subscriber: any party that receives Information from a Licensee.',
        '2. Grant',
        'CME grants the Licensee a non-exclusive license to use the Information internally.',
      ].join('\n'),
    );
    const chunks = chunk(document);
    expect(chunks.map((piece) => [piece.kind, piece.isDefinitions])).toEqual([
      ['definitions', true],
      ['prose', false],
    ]);
  });

  it('uses the headings a DOCX marks instead of guessing', () => {
    const text = 'Market Data License\n\nThis Agreement sets forth the terms.\n\nFEES AND TAXES\n\nFees are monthly.\n\nGeneral Terms\n\nNotices are written.';
    const document: ExtractedDocument = {
      format: 'docx',
      pages: [{ page: 1, text }],
      headings: [{ page: 1, offset: text.indexOf('General Terms'), level: 1, text: 'General Terms' }],
      warnings: [],
    };
    const chunks = chunk(document);
    expectChunkInvariants(document, chunks);
    expect(chunks.map((piece) => piece.sectionHeading)).toEqual(['', 'General Terms']);
  });

  it('skips blank pages and whitespace', () => {
    const document = pdf('  \n\n ', '\n  1. Scope  \n\n  Text of the scope.  \n');
    const chunks = chunk(document);
    expectChunkInvariants(document, chunks);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.text).toBe('1. Scope  \n\n  Text of the scope.');
  });

  it('refuses settings it cannot honour', () => {
    const document = pdf('1. Scope');
    for (const options of [{ maxTokens: 0 }, { minTokens: 400 }, { docHash: 'not-a-hash' }]) {
      let caught: unknown;
      try {
        chunk(document, options);
      } catch (error) {
        caught = error;
      }
      expect(isClausegateError(caught, 'input_invalid'), JSON.stringify(options)).toBe(true);
    }
  });
});

describe.skipIf(!testCorpus.available)(testCorpus.title('chunkSections on the real corpus'), () => {
  const corpus = testCorpus.root;
  const MAX_TOKENS = 320;
  const documents: { doc: string; document: ExtractedDocument; chunks: Chunk[] }[] = [];
  const skipped: string[] = [];

  beforeAll(async () => {
    const files = [
      ...(await readdir(path.join(corpus, 'cme'))).filter((name) => name.endsWith('.pdf')).sort().map((name) => `cme/${name}`),
      'fixtures/sample-agreement.docx',
    ];
    for (const doc of files) {
      const filePath = path.join(corpus, doc);
      const outcome = await extractDocument(filePath);
      if (outcome.status === 'skipped') {
        skipped.push(doc);
        continue;
      }
      const docHash = createHash('sha256').update(await readFile(filePath)).digest('hex');
      const chunks = chunkSections({ document: outcome.document, doc, source: 'cme', docHash, maxTokens: MAX_TOKENS, minTokens: 40 });
      documents.push({ doc, document: outcome.document, chunks });
    }
  });

  it('chunks every readable document', () => {
    expect(skipped.length).toBeLessThanOrEqual(2);
    expect(documents.length).toBeGreaterThanOrEqual(33);
  });

  it('holds the invariants on every chunk of every document', () => {
    for (const { document, chunks } of documents) expectChunkInvariants(document, chunks, MAX_TOKENS);
  });

  it('gives the same chunks and ids on a second run', () => {
    const { document, chunks } = documents.find((entry) => entry.doc === 'cme/ILA-Subscriber-Addendum.pdf')!;
    const [first] = chunks;
    expect(chunkSections({ document, doc: first!.doc, source: 'cme', docHash: first!.docHash, maxTokens: MAX_TOKENS, minTokens: 40 })).toEqual(chunks);
  });

  it('keeps the $134.50 real-time device fee row inside one table chunk', () => {
    const { document, chunks } = documents.find((entry) => entry.doc === 'cme/january-2026-market-data-fee-list.pdf')!;
    const pageText = document.pages.find((page) => page.page === 1)!.text;
    const row = pageText.split('\n').find((line) => line.includes('$134.50'));
    expect(row).toMatch(/^Real Time \| Device \| \$134\.50$/);
    const start = pageText.indexOf(row!);
    const holding = chunks.filter((piece) => piece.pageStart === 1 && piece.span.start <= start && piece.span.end >= start + row!.length);
    expect(holding).toHaveLength(1);
    expect(holding[0]?.kind).toBe('table');
  });

  /** The heading of the chunk of `doc` on `page` whose text holds `text` (the first, when several do). */
  function headingOf(doc: string, page: number, text: string): string | undefined {
    const { chunks } = documents.find((entry) => entry.doc === doc)!;
    return chunks.find((piece) => piece.pageStart === page && piece.text.includes(text))?.sectionHeading;
  }

  it('heads the benchmark fee list with the product each chunk sits under, not the running header', () => {
    const doc = 'cme/benchmark-data-fee-list-january-2026.pdf';
    const { chunks } = documents.find((entry) => entry.doc === doc)!;
    expect(chunks.filter((piece) => piece.pageStart === 1).map((piece) => piece.sectionHeading)).toEqual([
      'CME Term SOFR',
      'CME Term SOFR › Monthly Fee Public Policy',
    ]);
    // Page 2 only repeats the running header: it continues Term SOFR from page 1, and so do its notes on page 3.
    expect(headingOf(doc, 2, 'Category 2 – Use in OTC Derivative Products')).toBe(
      'CME Term SOFR › Category 2 – Use in OTC Derivative Products Financial Institution',
    );
    expect(chunks.filter((piece) => piece.pageStart === 2 || piece.pageStart === 3).every((piece) => piece.sectionHeading.startsWith('CME Term SOFR'))).toBe(true);
    expect(headingOf(doc, 5, 'CME Group Volatility Index (CVOL™)')).toBe('CME Group Volatility Index (CVOL™)');
    expect(headingOf(doc, 5, 'Intraday Values\nReal Time | Licensee Group | $5,000')).toBe('CME Group Volatility Index (CVOL™) › Data License End of Day Index');
    // A second product on a page starts its own topic.
    expect(headingOf(doc, 4, 'Reconciliation Use')).toBe('CME Term SOFR Constituent Information › Reconciliation Use Size of Firm');
    expect(headingOf(doc, 8, 'Enhanced CME Soybean Oilshare Index includes')).toBe('Enhanced CME Soybean Oilshare Index');
    expect(chunks.filter((piece) => piece.sectionHeading.includes('Benchmark Fee List'))).toEqual([]);
  });

  it('heads the market data fee list with its exchange group, carried over to the pages that continue it', () => {
    const doc = 'cme/january-2026-market-data-fee-list.pdf';
    expect(headingOf(doc, 1, 'Real Time | Device | $134.50')).toBe('CME, CBOT, NYMEX and COMEX Information (fees are assessed per exchange)');
    expect(headingOf(doc, 2, 'Category B – Internal Order Processing')).toMatch(/^CME, CBOT, NYMEX and COMEX Information .* › Category A3/);
    expect(headingOf(doc, 4, 'Event Contract Information')).toBe('Event Contract Information');
    expect(headingOf(doc, 5, 'Non-Professional Depth of Market')).toBe('GME');
    expect(headingOf(doc, 6, 'Public Website | Website | $122.50')).toBe('GME › Other');
  });

  it('keeps the nearest-title headings of agreements and DOCX headings, which have no running header or product list', () => {
    for (const doc of ['cme/ILA-Subscriber-Addendum.pdf', 'cme/schedule-5-to-the-ila-january-2026.pdf', 'fixtures/sample-agreement.docx']) {
      const { chunks } = documents.find((entry) => entry.doc === doc)!;
      expect(chunks.filter((piece) => piece.sectionHeading.includes('›')).map((piece) => piece.sectionHeading), doc).toEqual([]);
    }
    expect(headingOf('cme/ILA-Subscriber-Addendum.pdf', 5, '7.2 FOR THE AVOIDANCE OF DOUBT')).toBe('7 Subscriber Reporting Obligations');
    expect(headingOf('cme/ILA-Subscriber-Addendum.pdf', 6, 'Addendum, does not relieve Subscriber')).toBe('7 Subscriber Reporting Obligations');
    expect(headingOf('cme/schedule-5-to-the-ila-january-2026.pdf', 5, 'Subscriber Display Device: a Device')).toBe('Definitions');
    expect(headingOf('fixtures/sample-agreement.docx', 1, 'ARTICLE II - FEE SCHEDULE')).toBe('ARTICLE II - FEE SCHEDULE');
  });

  it('finds the definitions of Subscriber and Unit of Count where the documents define them', () => {
    const entries = buildDefinitionsIndex(documents.flatMap((entry) => entry.chunks));
    const subscriber = entries.filter((entry) => entry.key === 'subscriber');
    expect(subscriber.map((entry) => entry.doc)).toEqual(
      expect.arrayContaining(['cme/schedule-5-to-the-ila-february-2025.pdf', 'cme/schedule-5-to-the-ila-january-2026.pdf']),
    );
    expect(subscriber.find((entry) => entry.doc.startsWith('cme/'))?.definition).toMatch(/^any party, other than a Direct Licensee/);
    const unitOfCount = entries.filter((entry) => entry.key === 'unit of count');
    expect(unitOfCount.map((entry) => entry.doc)).toContain('cme/ILA-Subscriber-Addendum.pdf');
    expect(unitOfCount[0]?.definition).toMatch(/^the unit of measure that is used for the assessment of fees/);
    const fromFixture = entries.filter((entry) => entry.doc === 'fixtures/sample-agreement.docx').map((entry) => entry.term);
    expect(fromFixture).toEqual(expect.arrayContaining(['Distributor', 'Subscriber']));
  });
});

describe('chunkSections on a single-line document', () => {
  it('cuts a run without whitespace into chunks within the budget, covering every character once', () => {
    const run = 'q'.repeat(50_000);
    const document: ExtractedDocument = { format: 'txt', pages: [{ page: 1, text: `Heading\n${run}` }], headings: [], warnings: [] };
    const chunks = chunk(document, { minTokens: 40 });
    expect(chunks.length).toBeGreaterThan(100);
    for (const piece of chunks) expect(piece.tokenCount).toBeLessThanOrEqual(320);
    expect(chunks.map((piece) => piece.text).join('').replace('Heading', '').replace(/\s/g, '')).toBe(run);
  });

  it('packs a long line of words into full chunks, as one-by-one packing would', () => {
    const line = Array.from({ length: 20_000 }, (_, index) => ['fee', 'licensee', '$134.50', 'monthly', 'device'][index % 5]).join(' ');
    const chunks = chunk(pdf(line), { minTokens: 40 });
    for (const [index, piece] of chunks.entries()) {
      expect(piece.tokenCount).toBeLessThanOrEqual(320);
      // Greedy: the next word would not have fitted.
      const next = chunks[index + 1];
      if (next) expect(countTokens(line.slice(piece.span.start, next.span.start + next.text.split(' ')[0]!.length))).toBeGreaterThan(320);
    }
  });
});
