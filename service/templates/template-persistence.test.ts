import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../create-service.ts';
import { call, createTestWorld, KEYS, startTestService, type TestWorld } from '../testing/create-test-service.ts';
import { startRedisServer, type TestRedis } from '../testing/start-redis-server.ts';

const FEE = 'What is the monthly fee for a non-professional display device?';
const TEMPLATE = { id: 'amount-first', description: 'The amount, then nothing else', maxSentences: 1, instructions: ['Name the amount first.'] };

describe('created templates persist: two service instances on one redis-server share them', () => {
  let world: TestWorld;
  let redis: TestRedis;
  let first: { service: Service; url: string };
  let second: { service: Service; url: string };

  beforeAll(async () => {
    world = await createTestWorld();
    redis = await startRedisServer();
    first = await startTestService(world, { RAG_REDIS_URL: redis.url });
    second = await startTestService(world, { RAG_REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await first?.service.close();
    await second?.service.close();
    await redis?.stop();
    world?.remove();
  });

  it('a template created through one instance is listed and answers through the other', async () => {
    expect(first.service.state.templates.kind).toBe('redis');
    const created = await call(first.url, 'POST', '/api/v1/rag/admin/templates', { key: KEYS.admin, body: TEMPLATE });
    expect(created.status).toBe(201);
    const listed = await call(second.url, 'GET', '/api/v1/rag/admin/templates', { key: KEYS.admin });
    expect(listed.body.templates.map((template: { id: string }) => template.id)).toEqual(['balanced', 'terse', 'detailed', 'amount-first']);
    const answered = await call(second.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, template_id: 'amount-first' } });
    expect(answered.status).toBe(200);
    expect(answered.body.provenance).toMatchObject({ template_id: 'amount-first', template_sha256: created.body.sha256 });
    expect((await call(second.url, 'POST', '/api/v1/rag/admin/templates', { key: KEYS.admin, body: TEMPLATE })).status).toBe(409);
  });

  it('an update through the second instance is what the first one uses; a delete through the first is gone for the second', async () => {
    const updated = await call(second.url, 'PUT', '/api/v1/rag/admin/templates/amount-first', { key: KEYS.admin, body: { ...TEMPLATE, maxSentences: 3 } });
    expect(updated.status).toBe(200);
    expect((await call(first.url, 'GET', '/api/v1/rag/admin/templates/amount-first', { key: KEYS.admin })).body).toMatchObject({ maxSentences: 3, sha256: updated.body.sha256 });
    const answered = await call(first.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, template_id: 'amount-first' } });
    expect(answered.body.provenance.template_sha256).toBe(updated.body.sha256);
    expect((await call(first.url, 'DELETE', '/api/v1/rag/admin/templates/amount-first', { key: KEYS.admin })).status).toBe(204);
    const gone = await call(second.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, template_id: 'amount-first' } });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('template_not_found');
    expect((await call(second.url, 'DELETE', '/api/v1/rag/admin/templates/amount-first', { key: KEYS.admin })).status).toBe(404);
  });
});

describe('created templates persist without Redis: a JSON file in RAG_DATA_DIR survives a restart', () => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await createTestWorld();
  });
  afterAll(() => world?.remove());

  it('a template created before a restart is listed and answers after it', async () => {
    const dataDir = path.join(world.dir, 'service-data');
    const before = await startTestService(world, { RAG_DATA_DIR: dataDir });
    let sha256: string;
    try {
      expect(before.service.state.templates.kind).toBe('file');
      const created = await call(before.url, 'POST', '/api/v1/rag/admin/templates', { key: KEYS.admin, body: TEMPLATE });
      expect(created.status).toBe(201);
      sha256 = created.body.sha256;
    } finally {
      await before.service.close();
    }
    expect(JSON.parse(readFileSync(path.join(dataDir, 'templates.json'), 'utf8'))).toEqual({ schemaVersion: 1, templates: [TEMPLATE] });
    const after = await startTestService(world, { RAG_DATA_DIR: dataDir });
    try {
      const fetched = await call(after.url, 'GET', '/api/v1/rag/admin/templates/amount-first', { key: KEYS.admin });
      expect(fetched.body).toMatchObject({ ...TEMPLATE, builtIn: false, sha256 });
      const answered = await call(after.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, template_id: 'amount-first' } });
      expect(answered.body.provenance.template_sha256).toBe(sha256);
    } finally {
      await after.service.close();
    }
  });
});
