// Worker thread of the extraction pool (create-extraction-pool.ts): answers each task message with
// the document's chunks. A bug in a task is sent back as an error, not thrown: the worker lives on.
import { parentPort } from 'node:worker_threads';
import { extractAndChunk, type ExtractAndChunkTask } from './extract-and-chunk.ts';

/** A message to the worker: a task and the id its answer carries. */
export interface ExtractWorkerRequest {
  id: number;
  task: ExtractAndChunkTask;
}

/** The worker's answer to one request. */
export type ExtractWorkerResponse =
  | { id: number; result: Awaited<ReturnType<typeof extractAndChunk>> }
  | { id: number; error: string };

parentPort?.on('message', (request: ExtractWorkerRequest) => {
  extractAndChunk(request.task).then(
    (result) => parentPort?.postMessage({ id: request.id, result } satisfies ExtractWorkerResponse),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ExtractWorkerResponse),
  );
});
