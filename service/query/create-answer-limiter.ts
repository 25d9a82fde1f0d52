import { ServiceError } from '../service-error.ts';

/** How long one caller may wait for its turn, and when it stops waiting. */
export interface WaitOptions {
  /** Waiting longer than this gives `overloaded` (503 with Retry-After) instead of an answer; default no limit (async jobs). */
  maxWaitMs?: number | undefined;
  /** Aborted when the caller has gone (its connection closed): its place in the queue is given up and no work is done for it. */
  signal?: AbortSignal | undefined;
}

/** Runs at most `limit` answers at once; the others wait their turn in arrival order. */
export interface AnswerLimiter {
  run<T>(work: () => Promise<T>, wait?: WaitOptions): Promise<T>;
  /** Callers waiting for a turn now. */
  readonly waiting: number;
}

interface Waiter {
  start: () => void;
}

/**
 * Creates the limiter of concurrent pipeline answers. The offline pipeline is CPU-bound on the one
 * JavaScript thread: answering 32 questions interleaved takes as long in all as one after another,
 * but holds 32 pipelines' working memory at once and makes every caller wait for all of them. A
 * finished answer hands its slot to the oldest waiter directly, so no newcomer overtakes it. A
 * waiter whose caller has gone leaves the queue; one that waited `maxWaitMs` gets `overloaded`
 * with a Retry-After of the queue's expected drain time.
 */
export function createAnswerLimiter(limit: number): AnswerLimiter {
  let running = 0;
  let averageMs = 50;
  const queue: Waiter[] = [];
  const release = () => {
    const next = queue.shift();
    if (next === undefined) running -= 1;
    else next.start();
  };
  const turn = (wait: WaitOptions): Promise<void> => {
    if (running < limit && queue.length === 0) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const leave = (error: Error) => {
        const position = queue.indexOf(waiter);
        if (position >= 0) queue.splice(position, 1);
        if (timer !== undefined) clearTimeout(timer);
        wait.signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => leave(new ServiceError('internal', 'the caller closed the connection before its turn', 'nothing to do: no answer was computed'));
      const waiter: Waiter = {
        start: () => {
          if (timer !== undefined) clearTimeout(timer);
          wait.signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      if (wait.signal?.aborted) return onAbort();
      queue.push(waiter);
      wait.signal?.addEventListener('abort', onAbort, { once: true });
      if (wait.maxWaitMs !== undefined) {
        timer = setTimeout(() => {
          const seconds = Math.max(1, Math.ceil((queue.length * averageMs) / limit / 1000));
          leave(new ServiceError('overloaded', `waited ${Math.round(wait.maxWaitMs! / 1000)} s for a turn behind ${queue.length} other questions (RAG_QUEUE_TIMEOUT_SECONDS)`, `retry after ${seconds} s (Retry-After), or send it with "mode": "async"`, seconds));
        }, wait.maxWaitMs);
      }
    });
  };
  return {
    get waiting() {
      return queue.length;
    },
    async run(work, wait = {}) {
      await turn(wait);
      const started = performance.now();
      try {
        return await work();
      } finally {
        // A moving average of answer time, for the Retry-After of an overloaded reply.
        averageMs = 0.9 * averageMs + 0.1 * (performance.now() - started);
        release();
      }
    },
  };
}
