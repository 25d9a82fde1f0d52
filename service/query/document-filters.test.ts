import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../create-service.ts';
import { call, createTestWorld, KEYS, startTestService, type TestWorld } from '../testing/create-test-service.ts';
import { hashKey } from '../tenants/tenant-registry.ts';

const FEE = 'What is the monthly fee for a non-professional display device?';
const DELAYED = 'What is Delayed Data?';
const FEES = 'harbourview-fee-schedule-2026.pdf';
const POLICY = 'harbourview-data-policy.txt';
const AGREEMENT = 'harbourview-license-agreement.pdf';
const DEFINITIONS = 'harbourview-definitions-schedule.docx';

/** Every document the pipeline read for an answer: its candidates and its evidence (the trace). */
function documentsRead(body: { trace: { candidates: Array<{ doc: string }>; evidence: Array<{ doc: string }> } }): Set<string> {
  return new Set([...body.trace.candidates, ...body.trace.evidence].map((item) => item.doc));
}

describe('document types, dates and confidentiality come from the index; filters limit the search', () => {
  let world: TestWorld;
  let service: Service;
  let url: string;
  const ask = (filters: Record<string, unknown>, query = FEE) => call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query, filters, include_trace: true } });

  beforeAll(async () => {
    world = await createTestWorld();
    ({ service, url } = await startTestService(world));
  });
  afterAll(async () => {
    await service?.close();
    world?.remove();
  });

  it('reads each document\'s type, date and confidentiality from the index manifest ingest wrote', () => {
    const facts = service.state.indexes.documents('sample').facts;
    expect(facts.get(FEES)).toEqual({ docType: 'pdf', date: '2026-01-01', confidential: false });
    expect(facts.get(AGREEMENT)).toEqual({ docType: 'agreement', date: '2024-06-01', confidential: false });
    expect(facts.get(DEFINITIONS)).toEqual({ docType: 'docx', date: '2025-01-01', confidential: true });
    expect(service.state.indexes.documents('sample').docTypes).toEqual(['agreement', 'docx', 'pdf', 'txt']);
  });

  it('searches only documents of the types asked: the pipeline never reads another document', async () => {
    const everything = await ask({});
    expect(documentsRead(everything.body).size).toBeGreaterThan(2);
    const text = await ask({ doc_types: ['txt'] }, DELAYED);
    expect(text.body.refused).toBe(false);
    expect(documentsRead(text.body)).toEqual(new Set([POLICY]));
    expect(text.body.citations.map((citation: { doc: string }) => citation.doc)).toEqual(expect.arrayContaining([POLICY]));
    const configured = await ask({ doc_types: ['agreement'] });
    expect(documentsRead(configured.body)).toEqual(new Set([AGREEMENT]));
    const pdf = await ask({ doc_types: ['pdf'] });
    expect(pdf.body.refused).toBe(false);
    expect(pdf.body.answer).toContain('$3.50');
    expect(documentsRead(pdf.body)).toEqual(new Set([FEES]));
  });

  it('searches only documents dated in the range: before the fee schedule\'s effective date it is never read', async () => {
    const before = await ask({ date_range_end: '2025-12-31' });
    expect(documentsRead(before.body).has(FEES)).toBe(false);
    expect(before.body.refused).toBe(true);
    expect(before.body.answer).toBe('This is not addressed in the provided Harbourview documents.');
    const within = await ask({ date_range_start: '2026-01-01', date_range_end: '2026-12-31' });
    expect(within.body.refused).toBe(false);
    expect(within.body.answer).toContain('$3.50');
    expect(documentsRead(within.body)).toEqual(new Set([FEES]));
    const both = await ask({ doc_types: ['txt', 'docx'], date_range_start: '2025-02-01' }, DELAYED);
    expect(documentsRead(both.body)).toEqual(new Set([POLICY]));
  });

  it('refuses with no_document_matches_filters when the filters leave no document, and names the known types for an unknown one', async () => {
    const none = await ask({ date_range_start: '2030-01-01' });
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ refused: true, reason_code: 'no_document_matches_filters', citations: [] });
    const unknown = await ask({ doc_types: ['pdf', 'spreadsheet'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('filter_invalid');
    expect(unknown.body.error.message).toContain('body.filters.doc_types.1');
    expect(unknown.body.error.fix).toBe('use one of: agreement, docx, pdf, txt');
    const quoted = await ask({ doc_types: ["pdf' OR 1=1"] });
    expect(quoted.status).toBe(400);
    expect(quoted.body.error.code).toBe('invalid_request');
  });

  it('a filtered answer is cached apart from the unfiltered one', async () => {
    const filtered = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: DELAYED, filters: { doc_types: ['txt'] } } });
    const open = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: DELAYED } });
    expect(open.body.flags.cache_hit).toBe(false);
    expect(open.body.citations.map((citation: { doc: string }) => citation.doc)).toContain(FEES);
    expect(filtered.body.citations.every((citation: { doc: string }) => citation.doc === POLICY)).toBe(true);
  });

  it('stops a service whose index lacks a confidential mark the source\'s config now has, saying to re-ingest', async () => {
    const policy = world.config.sources.policy!;
    const config = { ...world.config, sources: { ...world.config.sources, policy: { ...policy, documents: [{ path: POLICY, confidential: true }] } } };
    const started = startTestService(world, {}, { config });
    await expect(started).rejects.toMatchObject({ code: 'config_invalid' });
    await expect(started).rejects.toThrow(/marks 1 document\(s\) confidential that its index .* does not: harbourview-data-policy\.txt/);
    await expect(started).rejects.toMatchObject({ hint: expect.stringContaining('npx harness ingest --source policy') });
  });

  it('refuses a tenants file that still marks documents, with the rules to move into the source\'s config', async () => {
    const oldFile = path.join(world.dir, 'tenants-old.json');
    writeFileSync(
      oldFile,
      JSON.stringify({
        schemaVersion: 1,
        tenants: [{ id: 'viewer', apiKeySha256: hashKey(KEYS.viewer), sources: ['sample'] }],
        sources: { sample: { confidentialDocuments: [DEFINITIONS], documentDates: { [FEES]: '2026-01-01' } } },
      }),
    );
    const started = startTestService(world, { RAG_TENANTS_FILE: oldFile });
    await expect(started).rejects.toMatchObject({ code: 'config_invalid' });
    await expect(started).rejects.toThrow(`sources.sample.documents: [{"path":"${DEFINITIONS}","confidential":true},{"path":"${FEES}","date":"2026-01-01"}]`);
  });
});
