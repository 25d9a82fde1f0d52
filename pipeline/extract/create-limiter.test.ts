import { describe, expect, it } from 'vitest';
import { createLimiter } from './create-limiter.ts';

describe('createLimiter', () => {
  it('runs at most the limit at once, starts the waiting tasks in arrival order, and passes results and errors through', async () => {
    const limiter = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (id: number) =>
      limiter.run(async () => {
        started.push(id);
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        if (id === 3) throw new Error('task 3 failed');
        return id * 10;
      });
    const results = [1, 2, 3, 4, 5].map((id) => task(id).catch((error: Error) => error.message));
    while (started.length < 5 || releases.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    expect(await Promise.all(results)).toEqual([10, 20, 'task 3 failed', 40, 50]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });
});
