/** Runs tasks with at most a fixed number in flight, in arrival order. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A limiter of `concurrency` (at least 1) tasks at once; the others wait in arrival order. */
export function createLimiter(concurrency: number): Limiter {
  const limit = Math.max(1, Math.floor(concurrency));
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await task();
      } finally {
        // Hand the slot straight to the next waiter, so a newcomer cannot overtake it.
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
