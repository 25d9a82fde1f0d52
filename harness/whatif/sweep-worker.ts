// A worker thread of `harness sweep` (see `replaySweepInWorker`): replays its share of the cases
// at the run's own config and every value of the setting, and posts the replays back by memo key.
// It runs from the compiled CLI build (harness/build-cli.mjs), so it starts without transpiling.
import { parentPort, workerData } from 'node:worker_threads';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { openIndex } from '../../pipeline/store/index.ts';
import type { RunReport } from '../report/run-report.ts';
import type { DocumentAliases } from '../score/index.ts';
import { resolveSettingPath } from './apply-settings.ts';
import { createDecisionKey } from './create-decision-key.ts';
import type { ReplayedCase, ReplayMemo, StageMemos } from './replay-report.ts';
import { replaySweepShare } from './replay-sweep-share.ts';

/** What a sweep hands its worker. */
export interface SweepWorkerData {
  report: RunReport;
  config: ClausegateConfig;
  parameter: { path: string; values: readonly number[] };
  docAliases: DocumentAliases;
  /** The version of the index the sweep replays over: the worker opens the same. */
  indexVersion: string;
}

const data = workerData as SweepWorkerData;
const index = await openIndex(data.config.paths.indexDir, data.report.suite.source);
try {
  if (index.manifest.indexVersion !== data.indexVersion) {
    throw new Error(`the index of ${data.report.suite.source} changed during the sweep (${data.indexVersion} -> ${index.manifest.indexVersion}); run the sweep again`);
  }
  const embedderName = data.report.versions.embedder.split('/')[0] ?? '';
  const memo: ReplayMemo = { keyOf: createDecisionKey(resolveSettingPath(data.config, data.parameter.path, embedderName)), results: new Map() };
  const stageMemos: StageMemos = new WeakMap();
  await replaySweepShare({ ...data, index, memo, stageMemos, now: () => new Date() });
  const replays: [string, ReplayedCase][] = [...memo.results];
  parentPort!.postMessage(replays);
} finally {
  await index.close();
}
