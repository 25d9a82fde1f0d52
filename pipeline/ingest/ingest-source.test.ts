import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { isClausegateError } from '../errors.ts';
import type { Embedder } from '../providers/embedder.ts';
import { createOfflineEmbedder } from '../providers/offline-embedder.ts';
import { openIndex } from '../store/index.ts';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { ingestSource, type IngestSummary } from './ingest-source.ts';
import { spawnSync } from 'node:child_process';

/** The ingest's default OCR (the tesseract CLI on PATH) can run here. */
const ocrReady = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout?.includes('eng') === true && spawnSync('pdftoppm', ['-v']).status === 0;
const FEE_NOTICE = '2026-market-data-fee-notice-august-14-2025.pdf';

const cme = testCorpus.path('cme');
const docx = testCorpus.path('fixtures', 'sample-agreement.docx');

/** Wraps an embedder and counts the texts it embeds, to prove reuse spends nothing. */
class CountingEmbedder implements Embedder {
  embeddedTexts = 0;
  constructor(private readonly inner: Embedder) {}
  get info() {
    return this.inner.info;
  }
  async embedDocuments(texts: readonly string[]) {
    this.embeddedTexts += texts.length;
    return this.inner.embedDocuments(texts);
  }
  embedQuery(text: string) {
    return this.inner.embedQuery(text);
  }
}

/** A PDF whose trailer names a Standard security handler: readers must ask for a password. */
function encryptedPdf(): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    `3 0 obj << /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >> endobj`,
  ].join('\n');
  const xref = body.length + 1;
  return Buffer.from(
    `${body}\nxref\n0 1\n0000000000 65535 f \ntrailer << /Size 4 /Root 1 0 R /Encrypt 3 0 R /ID [<${'11'.repeat(16)}> <${'11'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`,
    'latin1',
  );
}

describe.skipIf(!testCorpus.available)(testCorpus.title('ingestSource over real documents with traps'), () => {
  let work: string;
  let root: string;
  let config: ClausegateConfig;
  let embedder: CountingEmbedder;
  let first: IngestSummary;
  let second: IngestSummary;
  const report = (summary: IngestSummary, doc: string) => summary.documents.find((document) => document.doc === doc);

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-ingest-'));
    root = path.join(work, 'raw');
    mkdirSync(path.join(root, 'legal'), { recursive: true });
    for (const name of ['january-2026-market-data-fee-list.pdf', 'schedule-5-to-the-ila-january-2026.pdf', '2026-market-data-fee-notice-august-14-2025.pdf', 'benchmark-data-fee-list.pdf', 'benchmark-data-fee-list-january-2026.pdf']) {
      copyFileSync(path.join(cme, name), path.join(root, name));
    }
    copyFileSync(docx, path.join(root, 'legal', 'sample-agreement.docx'));
    const fee = readFileSync(path.join(cme, 'information-policies-v5-04.pdf'));
    writeFileSync(path.join(root, 'truncated.pdf'), fee.subarray(0, Math.floor(fee.length / 2)));
    writeFileSync(path.join(root, 'encrypted.pdf'), encryptedPdf());
    writeFileSync(path.join(root, 'empty.pdf'), Buffer.alloc(0));
    writeFileSync(path.join(root, 'rates.xlsx'), 'not a supported format');
    writeFileSync(path.join(root, 'notes.txt'), 'Notice\nThe Licensee shall report usage monthly.\n');
    config = ClausegateConfig.parse({ paths: { indexDir: path.join(work, 'index') } });
    embedder = new CountingEmbedder(createOfflineEmbedder({ dimensions: config.offline.embeddingDimensions }));
    first = await ingestSource({ source: 'cme', root, config, embedder, now: () => new Date('2026-11-22T10:00:00Z') });
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('indexes the readable documents, with pages and chunks', () => {
    expect(report(first, 'january-2026-market-data-fee-list.pdf')).toMatchObject({ status: 'indexed', format: 'pdf' });
    expect(report(first, 'legal/sample-agreement.docx')).toMatchObject({ status: 'indexed', format: 'docx', pages: 1 });
    expect(report(first, 'notes.txt')).toMatchObject({ status: 'indexed', format: 'txt' });
    expect(first.counts.chunks).toBeGreaterThan(20);
    expect(first.counts.definitions).toBeGreaterThan(0);
  });

  it.runIf(ocrReady)('recognises the PDF whose text layer decodes to noise (OCR), and marks its pages in the report and the manifest', async () => {
    expect(report(first, FEE_NOTICE)).toMatchObject({ status: 'indexed', format: 'pdf', pages: 2, ocrPages: [1, 2] });
    expect(report(first, FEE_NOTICE)?.chunks).toBeGreaterThan(0);
    const index = await openIndex(config.paths.indexDir, 'cme');
    expect(index.manifest.documents.find((document) => document.doc === FEE_NOTICE)).toMatchObject({ status: 'indexed', ocr: true, ocrPages: [1, 2] });
    // The fee list's last page holds 8 words of text layer (under 10): OCR reads it too.
    expect(index.manifest.documents.filter((document) => document.ocr === true).map((document) => document.doc).sort()).toEqual([FEE_NOTICE, 'january-2026-market-data-fee-list.pdf']);
    await index.close();
  });

  it.runIf(!ocrReady)('without tesseract, reports the PDF whose text layer decodes to noise with the install hint', () => {
    expect(report(first, FEE_NOTICE)).toMatchObject({ status: 'skipped', reason: 'unreadable_text' });
    expect(report(first, FEE_NOTICE)?.message).toContain('apt-get install tesseract-ocr tesseract-ocr-eng');
  });

  it('reports each unusable file with its reason and keeps going', () => {
    expect(report(first, 'truncated.pdf')).toMatchObject({ status: 'skipped', reason: 'corrupt' });
    expect(report(first, 'encrypted.pdf')).toMatchObject({ status: 'skipped', reason: 'encrypted' });
    expect(report(first, 'empty.pdf')).toMatchObject({ status: 'skipped', reason: 'empty' });
    expect(report(first, 'rates.xlsx')).toMatchObject({ status: 'skipped', reason: 'unsupported' });
    for (const document of first.documents.filter((item) => item.status === 'skipped')) expect(document.message?.length).toBeGreaterThan(10);
    expect(first.counts.skipped).toBe(ocrReady ? 4 : 5);
  });

  it('ingests byte-identical documents once and names the original', () => {
    expect(report(first, 'benchmark-data-fee-list.pdf')).toMatchObject({ status: 'duplicate', duplicateOf: 'benchmark-data-fee-list-january-2026.pdf' });
    expect(first.counts.duplicates).toBe(1);
  });

  it('gives the same chunk ids on a second ingest and reuses every vector (no re-embedding)', async () => {
    const embeddedBefore = embedder.embeddedTexts;
    const before = await openIndex(config.paths.indexDir, 'cme');
    const idsBefore = [...before.corpus.chunkIds].sort();
    await before.close();
    second = await ingestSource({ source: 'cme', root, config, embedder, now: () => new Date('2026-11-22T11:00:00Z') });
    expect(embedder.embeddedTexts).toBe(embeddedBefore);
    expect(second.counts.embeddedChunks).toBe(0);
    expect(second.counts.reusedDocuments).toBe(first.counts.documents);
    if (ocrReady) expect(report(second, FEE_NOTICE)).toMatchObject({ status: 'reused', ocrPages: [1, 2] });
    const after = await openIndex(config.paths.indexDir, 'cme');
    expect([...after.corpus.chunkIds].sort()).toEqual(idsBefore);
    expect(after.manifest.indexVersion).toBe(second.indexVersion);
    await after.close();
  });

  it('refuses to query an index with another embedder, naming both', async () => {
    const error = await openIndex(config.paths.indexDir, 'cme', { embedder: { name: 'openai', model: 'text-embedding-3-large', dimensions: 3072, version: 'v1' } }).catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'index_embedder_mismatch')).toBe(true);
    expect((error as Error).message).toContain('text-embedding-3-large');
    expect((error as Error).message).toContain('offline-hashed-ngram');
  });

  it('a second concurrent ingest of the same index fails clearly', async () => {
    // Either may take the lock first (under load the second call can win the race): exactly one
    // ingests, the other fails with index_locked.
    const results = await Promise.allSettled([
      ingestSource({ source: 'cme', root, config, embedder, now: () => new Date('2026-11-22T12:00:00Z') }),
      ingestSource({ source: 'cme', root, config, embedder, now: () => new Date('2026-11-22T12:00:01Z') }),
    ]);
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(failures).toHaveLength(1);
    expect(isClausegateError(failures[0], 'index_locked')).toBe(true);
  });
});
