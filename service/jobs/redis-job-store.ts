import type { Redis } from 'ioredis';
import { QueryJob, type JobStore } from './job-store.ts';

const PREFIX = 'clausegate:job:';

/** The Redis job store: one key per job, expiring after `ttlSeconds`; jobs outlive the process. */
export function createRedisJobStore(options: { redis: Redis; ttlSeconds: number }): JobStore {
  const { redis } = options;
  return {
    kind: 'redis',
    async put(job) {
      await redis.set(PREFIX + job.id, JSON.stringify(job), 'EX', options.ttlSeconds);
    },
    async get(id) {
      const text = await redis.get(PREFIX + id);
      if (text === null) return undefined;
      const parsed = QueryJob.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    },
    async close() {},
  };
}
