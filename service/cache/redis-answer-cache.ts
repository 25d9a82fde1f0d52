import type { Redis } from 'ioredis';
import type { AnswerCache } from './answer-cache.ts';

const PREFIX = 'clausegate:cache:';

/** The Redis cache: one key per entry under `clausegate:cache:`, expiring after `ttlSeconds`. */
export function createRedisAnswerCache(options: { redis: Redis; ttlSeconds: number }): AnswerCache {
  const { redis } = options;
  return {
    kind: 'redis',
    async get(key) {
      return (await redis.get(PREFIX + key)) ?? undefined;
    },
    async set(key, value) {
      await redis.set(PREFIX + key, value, 'EX', options.ttlSeconds);
    },
    async clear() {
      let dropped = 0;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) dropped += await redis.del(...keys);
      } while (cursor !== '0');
      return dropped;
    },
    async close() {},
  };
}
