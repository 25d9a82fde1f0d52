import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { isClausegateError } from '../../pipeline/errors.ts';
import type { RunReport } from '../report/run-report.ts';
import type { DocumentAliases } from '../score/index.ts';
import { applySettings } from './apply-settings.ts';
import type { ReplayIndexData } from './create-replay-pipeline.ts';
import { replayCases, type ReplayMemo, type StageMemos } from './replay-report.ts';

/** Input of `replaySweepShare`. */
export interface ReplaySweepShareInput {
  /** The report, its cases the share to replay (the other cases are another worker's). */
  report: RunReport;
  /** The config the report was run with. */
  config: ClausegateConfig;
  /** The swept setting (as requested) and its values. */
  parameter: { path: string; values: readonly number[] };
  index: ReplayIndexData;
  docAliases: DocumentAliases;
  now: () => Date;
  /** Filled with the replays, under the keys a sweep looks them up by. */
  memo: ReplayMemo;
  stageMemos: StageMemos;
}

/**
 * Replays a share of a sweep's cases ahead of it: each case under the run's own config (what the
 * self-check replays) and under every value of the setting, once per decision key, into `memo` —
 * the very replays `runSweep` would make, which then finds them there. A value the config rejects
 * is skipped (the sweep marks it invalid).
 */
export async function replaySweepShare(input: ReplaySweepShareInput): Promise<void> {
  const { report, config } = input;
  const embedderName = report.versions.embedder.split('/')[0] ?? '';
  const shared = { report, reportConfig: config, index: input.index, docAliases: input.docAliases, now: input.now, memo: input.memo, stageMemos: input.stageMemos };
  await replayCases({ ...shared, config });
  for (const value of input.parameter.values) {
    let valueConfig: ClausegateConfig;
    try {
      valueConfig = applySettings(config, [{ path: input.parameter.path, value }], embedderName).config;
    } catch (error) {
      if (isClausegateError(error, 'config_invalid')) continue;
      throw error;
    }
    await replayCases({ ...shared, config: valueConfig });
  }
}
