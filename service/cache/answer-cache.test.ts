import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe } from 'vitest';
import { startRedisServer, type TestRedis } from '../testing/start-redis-server.ts';
import { testAnswerCache } from './answer-cache.contract.ts';
import { createLruAnswerCache } from './lru-answer-cache.ts';
import { createRedisAnswerCache } from './redis-answer-cache.ts';

describe('AnswerCache contract: lru-cache', () => {
  testAnswerCache(async (ttlSeconds) => createLruAnswerCache({ maxEntries: 100, ttlSeconds }));
});

describe('AnswerCache contract: a real redis-server', () => {
  let server: TestRedis;
  const clients: Redis[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.stop();
  });
  testAnswerCache(async (ttlSeconds) => {
    const redis = new Redis(server.url);
    clients.push(redis);
    await redis.flushdb();
    return createRedisAnswerCache({ redis, ttlSeconds });
  });
});
