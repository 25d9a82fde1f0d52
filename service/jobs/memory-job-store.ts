import { LRUCache } from 'lru-cache';
import type { JobStore, QueryJob } from './job-store.ts';

/** The in-memory job store: the newest `maxJobs` jobs, each for `ttlSeconds`; lost on restart. */
export function createMemoryJobStore(options: { maxJobs: number; ttlSeconds: number }): JobStore {
  const jobs = new LRUCache<string, QueryJob>({ max: options.maxJobs, ttl: options.ttlSeconds * 1000 });
  return {
    kind: 'memory',
    async put(job) {
      jobs.set(job.id, job);
    },
    async get(id) {
      return jobs.get(id);
    },
    async close() {},
  };
}
