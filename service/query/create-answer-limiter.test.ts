import { describe, expect, it } from 'vitest';
import { createAnswerLimiter } from './create-answer-limiter.ts';

describe('createAnswerLimiter', () => {
  it('runs at most the limit at once and starts the waiting ones in arrival order, even after a failure', async () => {
    const limiter = createAnswerLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, index) =>
      limiter.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (index === 1) throw new Error('one answer failed');
        return index;
      }),
    );
    const settled = await Promise.allSettled(jobs);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});

describe('createAnswerLimiter: waiting callers', () => {
  const hold = () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    return { gate, open };
  };

  it('answers a waiter that outlives maxWaitMs with overloaded and a Retry-After, and runs the rest', async () => {
    const limiter = createAnswerLimiter(1);
    const { gate, open } = hold();
    const first = limiter.run(() => gate);
    let late = false;
    const timedOut = limiter.run(async () => {
      late = true;
    }, { maxWaitMs: 20 });
    await expect(timedOut).rejects.toMatchObject({ code: 'overloaded', status: 503, retryAfterSeconds: expect.any(Number) });
    expect(limiter.waiting).toBe(0);
    const patient = limiter.run(async () => 'answered');
    open();
    await first;
    expect(await patient).toBe('answered');
    expect(late).toBe(false);
  });

  it('drops a waiter whose caller has gone without running its work, and a newcomer never overtakes a waiter', async () => {
    const limiter = createAnswerLimiter(1);
    const { gate, open } = hold();
    const order: string[] = [];
    const first = limiter.run(() => gate);
    const gone = new AbortController();
    const abandoned = limiter.run(async () => order.push('abandoned'), { signal: gone.signal });
    const waiting = limiter.run(async () => order.push('waiting'));
    gone.abort();
    await expect(abandoned).rejects.toMatchObject({ code: 'internal' });
    expect(limiter.waiting).toBe(1);
    open();
    await first;
    const newcomer = limiter.run(async () => order.push('newcomer'));
    await Promise.all([waiting, newcomer]);
    expect(order).toEqual(['waiting', 'newcomer']);
  });
});
