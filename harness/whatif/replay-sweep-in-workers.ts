import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CaseResult } from '../report/case-result.ts';
import type { ReplayedCase } from './replay-report.ts';
import { replaySweepShare, type ReplaySweepShareInput } from './replay-sweep-share.ts';
import type { SweepWorkerData } from './sweep-worker.ts';

/** Input of `replaySweepInWorkers`. */
export interface ReplaySweepInWorkersInput extends ReplaySweepShareInput {
  /** Worker threads besides this one (each takes an equal share of the cases). */
  workers: number;
  /** The version of the index `index` is. */
  indexVersion: string;
}

/**
 * Replays a sweep's cases ahead of it over this thread and `workers` worker threads (see
 * `replaySweepShare`): case by case in turn to each share, every share's replays put in `memo`,
 * so the sweep itself finds each replay made. The workers run the compiled CLI build's
 * `sweep-worker.js` (harness/build-cli.mjs) and open the index themselves. Returns false, having
 * replayed nothing, when there is no compiled build to run them from.
 */
export async function replaySweepInWorkers(input: ReplaySweepInWorkersInput): Promise<boolean> {
  const file = await locateSweepWorker();
  if (file === undefined || !existsSync(file)) return false;
  const shares: CaseResult[][] = Array.from({ length: input.workers + 1 }, () => []);
  input.report.cases.forEach((item, position) => shares[position % shares.length]!.push(item));
  const [own, ...others] = shares;
  const posted = others.map((cases) =>
    runWorker(file, { report: { ...input.report, cases }, config: input.config, parameter: input.parameter, docAliases: input.docAliases, indexVersion: input.indexVersion }).then((replays) => {
      for (const [key, replayed] of replays) input.memo.results.set(key, replayed);
    }),
  );
  await Promise.all([replaySweepShare({ ...input, report: { ...input.report, cases: own! } }), ...posted]);
  return true;
}

/** The compiled worker of a fresh build of the CLI, built first if stale (as `harness` itself does). */
async function locateSweepWorker(): Promise<string | undefined> {
  // The build keeps each module's own location as import.meta (harness/build-cli.mjs), so this is the source folder either way.
  const builder = path.resolve(import.meta.dirname, '..', 'build-cli.mjs');
  if (!existsSync(builder)) return undefined;
  const { compiledEntryFile } = (await import(pathToFileURL(builder).href)) as { compiledEntryFile(name: string): Promise<string | undefined> };
  return compiledEntryFile('sweep-worker');
}

/** Runs one worker to its end: its replays by memo key, or its error. */
function runWorker(file: string, data: SweepWorkerData): Promise<[string, ReplayedCase][]> {
  return new Promise((resolve, reject) => {
    let replays: [string, ReplayedCase][] | undefined;
    const worker = new Worker(file, { workerData: data });
    worker.on('message', (message: [string, ReplayedCase][]) => {
      replays = message;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (replays !== undefined) resolve(replays);
      else reject(new Error(`the sweep's worker thread stopped (exit code ${code}) before posting its replays`));
    });
  });
}

/** The fewest cases a share of a sweep is given: a worker's start costs more than fewer would save. */
const WORKER_MIN_CASES = 200;

/**
 * How many worker threads a sweep of `cases` cases runs besides its own: one per further core
 * (`cores`, default the machine's available parallelism), while each share keeps at least
 * `WORKER_MIN_CASES` cases.
 */
export function sweepWorkerCount(cases: number, cores = availableParallelism()): number {
  return Math.max(0, Math.min(cores, Math.floor(cases / WORKER_MIN_CASES)) - 1);
}
