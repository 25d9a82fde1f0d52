import { expect, it } from 'vitest';
import { createCacheKey, type AnswerCache, type CacheKeyParts } from './answer-cache.ts';

const parts: CacheKeyParts = {
  tenant: 'harbour',
  query: 'What is the fee?',
  templateId: 'balanced',
  templateSha256: 'a'.repeat(64),
  topK: 6,
  citationStyle: 'bracketed_ids',
  responseStyle: 'plain',
  strictness: 'normal',
  followUpCount: 2,
  sources: ['sample'],
  indexVersions: ['v1'],
  weights: '{}',
  filters: '{}',
  trace: false,
};

/** The contract every `AnswerCache` meets; `create` makes a fresh, empty cache with a TTL of `ttlSeconds`. */
export function testAnswerCache(create: (ttlSeconds: number) => Promise<AnswerCache>): void {
  it('gives back what was set, and nothing for a key never set', async () => {
    const cache = await create(60);
    await cache.set('k1', '{"answer":"$3.50"}');
    expect(await cache.get('k1')).toBe('{"answer":"$3.50"}');
    expect(await cache.get('k2')).toBeUndefined();
    await cache.close();
  });

  it('clears every entry and says how many it dropped', async () => {
    const cache = await create(60);
    await cache.set('a', '1');
    await cache.set('b', '2');
    expect(await cache.clear()).toBe(2);
    expect(await cache.get('a')).toBeUndefined();
    await cache.close();
  });

  it('forgets an entry after its TTL', async () => {
    const cache = await create(1);
    await cache.set('short', 'x');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await cache.get('short')).toBeUndefined();
    await cache.close();
  });

  it('keys differ by tenant, index version and template sha256, and not by spacing or case of the query', () => {
    const key = createCacheKey(parts);
    expect(createCacheKey({ ...parts, tenant: 'policy' })).not.toBe(key);
    expect(createCacheKey({ ...parts, indexVersions: ['v2'] })).not.toBe(key);
    expect(createCacheKey({ ...parts, templateSha256: 'b'.repeat(64) })).not.toBe(key);
    expect(createCacheKey({ ...parts, topK: 3 })).not.toBe(key);
    expect(createCacheKey({ ...parts, query: '  what is the   FEE? ' })).toBe(key);
  });
}
