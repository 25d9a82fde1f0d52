import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import { startRedisServer, type TestRedis } from '../testing/start-redis-server.ts';
import { testJobStore } from './job-store.contract.ts';
import { createMemoryJobStore } from './memory-job-store.ts';
import { createRedisJobStore } from './redis-job-store.ts';

describe('JobStore contract: in memory', () => {
  testJobStore(async (ttlSeconds) => createMemoryJobStore({ maxJobs: 100, ttlSeconds }));
});

describe('JobStore contract: a real redis-server', () => {
  let server: TestRedis;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.stop();
  });
  testJobStore(async (ttlSeconds) => {
    const redis = new Redis(server.url);
    clients.push(redis);
    await redis.flushdb();
    return createRedisJobStore({ redis, ttlSeconds });
  });
});
