import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { compareReports } from '../compare/compare-reports.ts';
import type { Comparison } from '../compare/comparison.ts';
import { toBaselineReport } from '../compare/to-baseline-report.ts';
import type { RunReport } from '../report/run-report.ts';
import { digestConfig } from '../run/digest-config.ts';
import type { DocumentAliases, LoadedGates } from '../score/index.ts';
import { applySettings, type AppliedSetting, type WhatIfSetting } from './apply-settings.ts';
import type { ReplayIndexData } from './create-replay-pipeline.ts';
import { findReplayMismatches } from './find-replay-mismatches.ts';
import { replayReport, type ReplayedCase, type ReplayMemo, type ReplayStatus, type StageMemos } from './replay-report.ts';

/** Input of `runWhatIf`. */
export interface RunWhatIfInput {
  report: RunReport;
  /** The config the report was run with: its digest must equal the report's `configDigest`. */
  config: ClausegateConfig;
  settings: readonly WhatIfSetting[];
  index: ReplayIndexData;
  docAliases: DocumentAliases;
  /** The gates the what-if is judged by (normally the report's own gates file). */
  gates: LoadedGates;
  now: () => Date;
  /** The self-check's mismatches when already known (a sweep checks once for all its points). */
  mismatches?: ReadonlyMap<string, string>;
  /** Replayed cases shared by the values of a sweep (see `ReplayMemo`); a what-if on its own has none. */
  memo?: ReplayMemo;
  /** Stage outputs shared with other what-ifs of the same report (a sweep's); default a memo of this what-if's own, shared by its self-check and its change. */
  stageMemos?: StageMemos;
}

/** What a what-if found. */
export interface WhatIfResult {
  applied: AppliedSetting[];
  /** The config the what-if evaluated: run the suite with it to confirm (`harness whatif --write-config`). */
  config: ClausegateConfig;
  /** The replayed report: every case rescored, metrics and gates recomputed. */
  report: RunReport;
  cases: ReplayedCase[];
  /** The stored report (before) against the what-if (after): flips with reasons, metric and gate deltas. */
  comparison: Comparison;
  /** Cases the self-check found not to replay faithfully, with what differed. */
  mismatches: ReadonlyMap<string, string>;
  /** Cases by how their what-if result was obtained. */
  counts: Record<ReplayStatus, number>;
}

/**
 * Recomputes a report's gate decisions and metrics under changed settings from the stored traces,
 * with no provider call: first replays the report under its own config and sets aside every case
 * that does not reproduce (the self-check), then replays under the what-if config and compares
 * the two reports case by case. Throws `input_invalid` when `config` is not the report's config.
 */
export async function runWhatIf(input: RunWhatIfInput): Promise<WhatIfResult> {
  const { report, config } = input;
  const digest = digestConfig(config);
  if (digest !== report.configDigest) {
    throw new ClausegateError('input_invalid', `run ${report.runId} was made with another config (${report.configDigest.slice(0, 19)}…, this one is ${digest.slice(0, 19)}…); a what-if starts from the config of the run`, {
      hint: 'pass the --config the run used (and the same CLAUSEGATE_PROVIDER / --provider)',
    });
  }
  const embedderName = report.versions.embedder.split('/')[0] ?? '';
  const { config: whatIfConfig, applied } = applySettings(config, input.settings, embedderName);
  const stageMemos: StageMemos = input.stageMemos ?? new WeakMap();
  const shared = { report, reportConfig: config, index: input.index, docAliases: input.docAliases, gates: input.gates, now: input.now, stageMemos, ...(input.memo !== undefined ? { memo: input.memo } : {}) };

  let mismatches = input.mismatches;
  if (mismatches === undefined) {
    const selfCheck = await replayReport({ ...shared, config, runId: `${report.runId}-replay` });
    mismatches = findReplayMismatches(report.cases, selfCheck.cases);
  }
  const settingsText = applied.map((setting) => `${setting.path}=${JSON.stringify(setting.after)}`).join(' ');
  const whatIf = await replayReport({
    ...shared,
    config: whatIfConfig,
    mismatches,
    warnings: [`what-if of run ${report.runId} with ${settingsText || 'no change'}: recomputed from stored traces, not a run`],
  });
  const counts: Record<ReplayStatus, number> = { replayed: 0, generated: 0, needs_new_answer: 0, needs_rerun: 0, replay_mismatch: 0 };
  for (const item of whatIf.cases) counts[item.replay] += 1;
  const comparison = compareReports(
    { report: toBaselineReport(report, config), label: `${report.runId} (as run)` },
    { report: toBaselineReport(whatIf.report, whatIfConfig), label: `what-if ${settingsText || '(no change)'}` },
  );
  return { applied, config: whatIfConfig, report: whatIf.report, cases: whatIf.cases, comparison, mismatches, counts };
}
