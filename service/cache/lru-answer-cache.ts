import { LRUCache } from 'lru-cache';
import type { AnswerCache } from './answer-cache.ts';

/** The in-memory cache (the default): at most `maxEntries`, each for `ttlSeconds`; `maxEntries` 0 keeps nothing (kind `off`). */
export function createLruAnswerCache(options: { maxEntries: number; ttlSeconds: number }): AnswerCache {
  if (options.maxEntries === 0) {
    return { kind: 'off', get: async () => undefined, set: async () => {}, clear: async () => 0, close: async () => {} };
  }
  const entries = new LRUCache<string, string>({ max: options.maxEntries, ttl: options.ttlSeconds * 1000 });
  return {
    kind: 'lru',
    async get(key) {
      return entries.get(key);
    },
    async set(key, value) {
      entries.set(key, value);
    },
    async clear() {
      const count = entries.size;
      entries.clear();
      return count;
    },
    async close() {},
  };
}
