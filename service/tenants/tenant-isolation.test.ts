import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../create-service.ts';
import { call, createTestWorld, KEYS, startTestService, type TestWorld } from '../testing/create-test-service.ts';

const DELAYED = 'What is Delayed Data?';

async function pollJob(url: string, key: string, id: string): Promise<any> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { body } = await call(url, 'GET', `/api/v1/rag/jobs/${id}`, { key });
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('tenant isolation over a real service: chunks, cache entries, jobs, audit lines, redaction', () => {
  let world: TestWorld;
  let service: Service;
  let url: string;

  beforeAll(async () => {
    world = await createTestWorld();
    ({ service, url } = await startTestService(world));
  });
  afterAll(async () => {
    await service?.close();
    world?.remove();
  });

  it('never returns another tenant\'s chunk: the same question cites the fee schedule for harbour, only the policy for policy', async () => {
    const harbour = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: DELAYED } });
    expect(harbour.status).toBe(200);
    expect(harbour.body.citations.map((citation: { doc: string }) => citation.doc)).toContain('harbourview-fee-schedule-2026.pdf');
    const policy = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.policy, body: { query: DELAYED } });
    expect(policy.status).toBe(200);
    expect(policy.body.refused).toBe(false);
    expect(policy.body.provenance.source).toBe('policy');
    expect(policy.body.citations.length).toBeGreaterThan(0);
    for (const citation of policy.body.citations) expect(citation.doc).toBe('harbourview-data-policy.txt');
    expect(JSON.stringify(policy.body)).not.toContain('fee-schedule');
  });

  it('never serves another tenant\'s cached answer: the same query is a miss for the second tenant, a hit for each tenant\'s repeat', async () => {
    const question = 'How long must usage records be retained?';
    const first = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: question } });
    expect(first.body.flags.cache_hit).toBe(false);
    expect(first.body.refused).toBe(false);
    const other = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.policy, body: { query: question } });
    expect(other.body.flags.cache_hit).toBe(false);
    expect(JSON.stringify(other.body.citations)).not.toContain('license-agreement');
    const again = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: `  how long must USAGE records be retained? ` } });
    expect(again.body.flags.cache_hit).toBe(true);
    expect(again.body.answer).toBe(first.body.answer);
    expect(again.body.request_id).not.toBe(first.body.request_id);
    const otherAgain = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.policy, body: { query: question } });
    expect(otherAgain.body.flags.cache_hit).toBe(true);
    expect(otherAgain.body.answer).toBe(other.body.answer);
  });

  it('never shows another tenant\'s job: its id answers 404 exactly like an unknown id', async () => {
    const accepted = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: 'What is the monthly fee for a non-professional display device?', mode: 'async' } });
    expect(accepted.status).toBe(202);
    expect(accepted.body.poll_url).toBe(`/api/v1/rag/jobs/${accepted.body.job_id}`);
    const done = await pollJob(url, KEYS.harbour, accepted.body.job_id);
    expect(done.status).toBe('succeeded');
    expect(done.result.answer).toContain('$3.50');
    const stranger = await call(url, 'GET', accepted.body.poll_url, { key: KEYS.policy });
    const unknown = await call(url, 'GET', '/api/v1/rag/jobs/00000000-0000-0000-0000-000000000000', { key: KEYS.policy });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('job_not_found');
    expect(JSON.stringify(stranger.body)).not.toContain('$3.50');
    expect(stranger.body.error.fix).toBe(unknown.body.error.fix);
  });

  it('keeps one audit log per tenant: no line of one tenant is in another\'s file, and no key is in any', async () => {
    const harbourLines = readFileSync(service.state.audit.fileOf('harbour'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const policyText = readFileSync(service.state.audit.fileOf('policy'), 'utf8');
    const policyLines = policyText.trim().split('\n').map((line) => JSON.parse(line));
    expect(harbourLines.length).toBeGreaterThanOrEqual(4);
    expect(policyLines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(harbourLines.map((line) => line.tenant))).toEqual(new Set(['harbour']));
    expect(new Set(policyLines.map((line) => line.tenant))).toEqual(new Set(['policy']));
    const harbourRequests = new Set(harbourLines.map((line) => line.request_id));
    expect(policyLines.some((line) => harbourRequests.has(line.request_id))).toBe(false);
    expect(policyText).not.toContain('fee-schedule');
    for (const key of Object.values(KEYS)) expect(policyText + readFileSync(service.state.audit.fileOf('harbour'), 'utf8')).not.toContain(key);
    expect(harbourLines.find((line) => line.cache_hit === true)).toBeDefined();
  });

  it('returns a confidential document as [REDACTED] to a tenant without the permission, in full to one with it', async () => {
    const question = 'What does "Device" mean?';
    const viewer = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.viewer, body: { query: question } });
    expect(viewer.status).toBe(200);
    expect(viewer.body.refused).toBe(false);
    expect(viewer.body.flags.redactions_applied).toBe(true);
    expect(viewer.body.answer).toBe('[REDACTED]');
    const definition = viewer.body.citations.find((citation: { doc: string }) => citation.doc === 'harbourview-definitions-schedule.docx');
    expect(definition).toMatchObject({ snippet: '[REDACTED]', section: '[REDACTED]' });
    expect(JSON.stringify(viewer.body)).not.toContain('fixed or portable');
    const harbour = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: question } });
    expect(harbour.body.flags.redactions_applied).toBe(false);
    expect(harbour.body.answer).toContain('fixed or portable');
    const dryRun = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.viewer, body: { query: question, dry_run: true } });
    expect(dryRun.body.prompt).toBe('[REDACTED]');
    expect(JSON.stringify(dryRun.body)).not.toContain('fixed or portable');
  });
});
