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
