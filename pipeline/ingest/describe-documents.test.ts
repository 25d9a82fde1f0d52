import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { createOfflineEmbedder } from '../providers/offline-embedder.ts';
import { IndexManifest } from '../store/index.ts';
import { createPathMatcher } from './describe-documents.ts';
import { findDocumentDate } from './find-document-date.ts';
import { ingestSource, type IngestSummary } from './ingest-source.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../data/raw/sample');

describe('findDocumentDate', () => {
  it('reads the effective date a document states, in any written form', () => {
    expect(findDocumentDate('Fee Schedule\nEffective Date: 1 January 2026. All fees are in US dollars.')).toEqual({ date: '2026-01-01', kind: 'effective' });
    expect(findDocumentDate('Market Data Fee List\nEffective July 1, 2025\nDisplay fees')).toEqual({ date: '2025-07-01', kind: 'effective' });
    expect(findDocumentDate('This notice is effective as of 2025-04-01 for every licensee.')).toEqual({ date: '2025-04-01', kind: 'effective' });
  });

  it('prefers an effective date to an edition date, and reads an edition date when there is no other', () => {
    expect(findDocumentDate('Revised March 2024. The rules below are effective September 30, 2024.')).toEqual({ date: '2024-09-30', kind: 'effective' });
    expect(findDocumentDate('Information Policies\nRevised March 2024\n1. Scope')).toEqual({ date: '2024-03-01', kind: 'edition' });
  });

  it('skips blank form fields, dates far from the word and dates without a year', () => {
    expect(findDocumentDate('Effective Date: ______________\nSigned on January 5, 2021 by both parties.')).toBeUndefined();
    expect(findDocumentDate('Effective Date: the date the Licensee first receives data, which in the case of most licensees is January 5, 2021.')).toBeUndefined();
    expect(findDocumentDate('Effective April 1 of each year, fees rise.')).toBeUndefined();
    expect(findDocumentDate('No dates at all.')).toBeUndefined();
  });
});

describe('createPathMatcher', () => {
  it('matches exact paths, * within a folder and ** across folders', () => {
    expect(createPathMatcher('a/b.pdf')('a/b.pdf')).toBe(true);
    expect(createPathMatcher('a/b.pdf')('a/b.pdfx')).toBe(false);
    expect(createPathMatcher('*.docx')('terms.docx')).toBe(true);
    expect(createPathMatcher('*.docx')('legal/terms.docx')).toBe(false);
    expect(createPathMatcher('**/*.docx')('legal/terms.docx')).toBe(true);
    expect(createPathMatcher('**/*.docx')('terms.docx')).toBe(true);
    expect(createPathMatcher('notices/**')('notices/2025/fee.pdf')).toBe(true);
    expect(createPathMatcher('notices/**')('other/fee.pdf')).toBe(false);
    expect(createPathMatcher('fee(1).pdf')('fee(1).pdf')).toBe(true);
  });
});

describe('ingest records each document\'s type, date and confidentiality in the index manifest', () => {
  let work: string;
  let summary: IngestSummary;
  let manifest: IndexManifest;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-describe-'));
    const config = ClausegateConfig.parse({
      paths: { indexDir: path.join(work, 'index') },
      sources: {
        sample: {
          root: SAMPLE,
          documents: [
            { path: '*.docx', confidential: true },
            { path: 'harbourview-license-agreement.pdf', type: 'agreement', date: '2024-06-01' },
            { path: 'harbourview-license-agreement.pdf', confidential: false },
          ],
        },
      },
    });
    summary = await ingestSource({ source: 'sample', root: SAMPLE, config, embedder: createOfflineEmbedder({ dimensions: 256 }), now: () => new Date('2026-11-26T00:00:00Z') });
    manifest = IndexManifest.parse(JSON.parse(readFileSync(path.join(summary.indexDir, 'manifest.json'), 'utf8')));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('takes the type from the rules or the format, the date from the rules, the text or the mtime', () => {
    const byDoc = new Map(manifest.documents.map((document) => [document.doc, document]));
    expect(byDoc.get('harbourview-fee-schedule-2026.pdf')).toMatchObject({ docType: 'pdf', date: '2026-01-01', dateFrom: 'text', confidential: false });
    expect(byDoc.get('harbourview-license-agreement.pdf')).toMatchObject({ docType: 'agreement', date: '2024-06-01', dateFrom: 'config', confidential: false });
    expect(byDoc.get('harbourview-definitions-schedule.docx')).toMatchObject({ docType: 'docx', dateFrom: 'mtime', confidential: true });
    const mtime = statSync(path.join(SAMPLE, 'harbourview-data-policy.txt')).mtime.toISOString().slice(0, 10);
    expect(byDoc.get('harbourview-data-policy.txt')).toMatchObject({ docType: 'txt', date: mtime, dateFrom: 'mtime', confidential: false });
  });
});
