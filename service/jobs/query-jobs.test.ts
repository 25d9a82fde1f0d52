import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestWorld, KEYS, startTestService, type TestWorld } from '../testing/create-test-service.ts';
import { startRedisServer, type TestRedis } from '../testing/start-redis-server.ts';

const FEE = 'What is the monthly fee for a non-professional display device?';

async function waitForJob(url: string, id: string): Promise<any> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { body } = await call(url, 'GET', `/api/v1/rag/jobs/${id}`, { key: KEYS.harbour });
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('async jobs and rate limits over a real service', () => {
  let world: TestWorld;
  let redis: TestRedis;

  beforeAll(async () => {
    world = await createTestWorld();
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    world?.remove();
  });

  it('keeps a finished job across a restart when Redis holds the jobs', async () => {
    const first = await startTestService(world, { RAG_REDIS_URL: redis.url });
    const accepted = await call(first.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, mode: 'async' } });
    expect(accepted.status).toBe(202);
    expect(['queued', 'running']).toContain(accepted.body.status);
    const done = await waitForJob(first.url, accepted.body.job_id);
    expect(done.result.answer).toContain('$3.50');
    await first.service.close();

    const second = await startTestService(world, { RAG_REDIS_URL: redis.url });
    try {
      expect(second.service.state.jobs.kind).toBe('redis');
      const polled = await call(second.url, 'GET', accepted.body.poll_url, { key: KEYS.harbour });
      expect(polled.status).toBe(200);
      expect(polled.body.status).toBe('succeeded');
      expect(polled.body.result).toEqual(done.result);
    } finally {
      await second.service.close();
    }
  });

  it('loses in-memory jobs on restart, and forgets any job after RAG_JOB_TTL_SECONDS', async () => {
    const first = await startTestService(world, { RAG_JOB_TTL_SECONDS: '1' });
    const accepted = await call(first.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, mode: 'async' } });
    await waitForJob(first.url, accepted.body.job_id);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await call(first.url, 'GET', accepted.body.poll_url, { key: KEYS.harbour })).status).toBe(404);
    const again = await call(first.url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, mode: 'async' } });
    await waitForJob(first.url, again.body.job_id);
    await first.service.close();
    const second = await startTestService(world);
    try {
      expect((await call(second.url, 'GET', again.body.poll_url, { key: KEYS.harbour })).status).toBe(404);
    } finally {
      await second.service.close();
    }
  });

  it('limits each tenant on its own: 429 with Retry-After and a JSON error after RAG_RATE_LIMIT_PER_MINUTE', async () => {
    const { service, url } = await startTestService(world, { RAG_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let request = 0; request < 3; request += 1) expect((await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE } })).status).toBe(200);
      const limited = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(limited.body.error.fix).toContain('Retry-After');
      expect((await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.policy, body: { query: FEE } })).status).toBe(200);
      expect((await call(url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('drains on close: a query in flight when the service closes still gets its answer', async () => {
    const { service, url } = await startTestService(world);
    const inFlight = call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: 'What is Delayed Data?' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = service.close();
    const answered = await inFlight;
    await closing;
    expect(answered.status).toBe(200);
    expect(answered.body.refused).toBe(false);
  });
});
