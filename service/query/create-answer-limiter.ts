/** Runs at most `limit` answers at once; the others wait their turn in arrival order. */
export interface AnswerLimiter {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Creates the limiter of concurrent pipeline answers. The offline pipeline is CPU-bound on the one
 * JavaScript thread: answering 32 questions interleaved takes as long in all as one after another,
 * but holds 32 pipelines' working memory at once and makes every caller wait for all of them.
 */
export function createAnswerLimiter(limit: number): AnswerLimiter {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(work) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
  };
}
