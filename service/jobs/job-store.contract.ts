import { expect, it } from 'vitest';
import type { JobStore, QueryJob } from './job-store.ts';

const job = (id: string, status: QueryJob['status'] = 'queued'): QueryJob => ({ id, tenant: 'harbour', status, createdAt: '2026-11-26T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z' });

/** The contract every `JobStore` meets; `create` makes a fresh, empty store with a TTL of `ttlSeconds`. */
export function testJobStore(create: (ttlSeconds: number) => Promise<JobStore>): void {
  it('gives back the latest version of a job, and nothing for an unknown id', async () => {
    const store = await create(60);
    await store.put(job('j1'));
    await store.put({ ...job('j1', 'succeeded'), result: { answer: '$3.50' } });
    expect(await store.get('j1')).toEqual({ ...job('j1', 'succeeded'), result: { answer: '$3.50' } });
    expect(await store.get('j2')).toBeUndefined();
    await store.close();
  });

  it('forgets a job after its TTL', async () => {
    const store = await create(1);
    await store.put(job('short'));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await store.get('short')).toBeUndefined();
    await store.close();
  });
}
