import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { bundleExtractWorker } from './bundle-extract-worker.ts';
import type { ChunkedDocument, ExtractAndChunkTask } from './extract-and-chunk.ts';
import type { ExtractWorkerRequest, ExtractWorkerResponse } from './extract-worker.ts';

/** Extracts and chunks documents, several at once. */
export interface ExtractionPool {
  /** Reads one document; never rejects for a bad document (a crashed worker gives `corrupt`). */
  run(task: ExtractAndChunkTask): Promise<ChunkedDocument>;
  /** Stops the workers; pending tasks are rejected. Safe to call twice. */
  close(): Promise<void>;
}

/** Options of `createExtractionPool`. */
export interface ExtractionPoolOptions {
  /** Worker threads (default: the machine's available parallelism); 0 extracts on the calling thread. */
  workers?: number;
}

/**
 * A fixed pool of worker threads that extract and chunk documents (pdfjs parsing and token counting
 * are CPU work: one thread per core). Each worker takes the next queued task when it is free. A
 * worker that dies (out of memory on a hostile file, a native crash) fails only its own document,
 * reported as `corrupt`, and is replaced.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const size = options.workers ?? availableParallelism();
  if (size === 0) {
    // Loaded on first use: the PDF reader is only paid for when a document is extracted here.
    return { run: async (task) => (await import('./extract-and-chunk.ts')).extractAndChunk(task), close: async () => undefined };
  }

  interface Pending {
    id: number;
    task: ExtractAndChunkTask;
    resolve: (result: ChunkedDocument) => void;
    reject: (error: Error) => void;
  }
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const workers = new Set<Worker>();
  let nextId = 0;
  let closed = false;

  const dispatch = () => {
    while (entry !== undefined && idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const pending = queue.shift()!;
      busy.set(worker, pending);
      worker.postMessage({ id: pending.id, task: pending.task } satisfies ExtractWorkerRequest);
    }
  };

  const spawn = () => {
    const worker = new Worker(entry?.file ?? new URL('./extract-worker.mjs', import.meta.url), { execArgv: withoutTypeScriptLoader(process.execArgv) });
    workers.add(worker);
    worker.on('message', (response: ExtractWorkerResponse) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      idle.push(worker);
      if (pending !== undefined && pending.id === response.id) {
        if ('error' in response) pending.reject(new Error(`extracting ${pending.task.relativePath} failed: ${response.error}`));
        else pending.resolve(response.result);
      }
      dispatch();
    });
    worker.on('error', (error) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      pending?.resolve({
        status: 'skipped',
        reason: 'corrupt',
        message: `the extraction worker stopped on this file (${error.message}); check that the file opens in a PDF viewer, or remove it from the source`,
      });
    });
    worker.on('exit', () => {
      workers.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      const pending = busy.get(worker);
      busy.delete(worker);
      pending?.resolve({ status: 'skipped', reason: 'corrupt', message: 'the extraction worker exited on this file; check that the file opens in a PDF viewer, or remove it from the source' });
      if (!closed) {
        spawn();
        dispatch();
      }
    });
    idle.push(worker);
  };
  // The workers start on the compiled worker (`bundleExtractWorker`), or on the TypeScript through tsx without it.
  let entry: { file: string | URL; remove(): Promise<void> } | undefined;
  const ready = bundleExtractWorker().then((bundle) => {
    entry = bundle ?? { file: new URL('./extract-worker.mjs', import.meta.url), remove: async () => undefined };
    if (closed) return;
    for (let count = 0; count < size; count += 1) spawn();
    dispatch();
  });

  return {
    run(task) {
      if (closed) return Promise.reject(new Error('the extraction pool is closed'));
      return new Promise<ChunkedDocument>((resolve, reject) => {
        nextId += 1;
        queue.push({ id: nextId, task, resolve, reject });
        dispatch();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the extraction pool was closed'));
      await ready;
      await Promise.all([...workers].map((worker) => worker.terminate()));
      await entry?.remove().catch(() => undefined);
    },
  };
}

/** The parent's Node options without its TypeScript loader flags: the worker entry registers tsx itself. */
function withoutTypeScriptLoader(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index += 1) {
    const flag = execArgv[index]!;
    if ((flag === '--import' || flag === '--require' || flag === '--loader' || flag === '-r') && /tsx/.test(execArgv[index + 1] ?? '')) {
      index += 1;
      continue;
    }
    if (/^--(import|require|loader)=.*tsx/.test(flag)) continue;
    kept.push(flag);
  }
  return kept;
}
