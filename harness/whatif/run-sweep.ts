import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { isClausegateError } from '../../pipeline/errors.ts';
import type { RunReport } from '../report/run-report.ts';
import { findMetric } from '../score/index.ts';
import type { DocumentAliases, LoadedGates, MetricName, MetricPopulation } from '../score/index.ts';
import { applySettings, readPath, resolveSettingPath } from './apply-settings.ts';
import { createDecisionKey } from './create-decision-key.ts';
import type { ReplayIndexData } from './create-replay-pipeline.ts';
import type { ReplayMemo, StageMemos } from './replay-report.ts';
import { runWhatIf } from './run-what-if.ts';
import type { SweepPoint, SweepResult } from './sweep-result.ts';

/** Input of `runSweep`. */
export interface RunSweepInput {
  report: RunReport;
  /** The config the report was run with. */
  config: ClausegateConfig;
  /** The setting to vary and its values (see `parseSweepRange`). */
  parameter: { path: string; values: readonly number[] };
  /** Which cases the rates count; default `all`. */
  population?: MetricPopulation;
  index: ReplayIndexData;
  docAliases: DocumentAliases;
  gates: LoadedGates;
  now: () => Date;
  /** Called after each value, for progress. */
  onPoint?: (point: SweepPoint, done: number, total: number) => void;
}

/**
 * Runs one what-if per value of a setting (see `runWhatIf`; the self-check runs once for all
 * values, and a case is replayed once per decision key of the setting, see `createDecisionKey`,
 * its result reused at the other values with that key) and records, at each value, false refusals, false acceptances, pass rate, refusals, the
 * gates and the flips against the run as stored. A value the config rejects is a point marked
 * invalid, not an error.
 */
export async function runSweep(input: RunSweepInput): Promise<SweepResult> {
  const { report, config } = input;
  const population = input.population ?? 'all';
  const embedderName = report.versions.embedder.split('/')[0] ?? '';
  const path = resolveSettingPath(config, input.parameter.path, embedderName);
  const current = readPath(config, path);
  // Fails early, before any replay, on a setting a what-if cannot recompute.
  applySettings(config, [{ path: input.parameter.path, value: current }], embedderName);
  const inPopulation = (kind: 'baseline' | 'perturbation') => population === 'all' || (population === 'baseline') === (kind === 'baseline');

  let mismatches: ReadonlyMap<string, string> | undefined;
  // Most cases decide alike over many values of the setting: each is replayed once per decision key.
  const memo: ReplayMemo = { keyOf: createDecisionKey(path), results: new Map() };
  // A case replayed under a new key still reuses the stages that setting does not reach (see `StageMemo`).
  const stageMemos: StageMemos = new WeakMap();
  const points: SweepPoint[] = [];
  for (const value of input.parameter.values) {
    let point: SweepPoint;
    try {
      const result = await runWhatIf({ ...input, settings: [{ path: input.parameter.path, value }], memo, stageMemos, ...(mismatches !== undefined ? { mismatches } : {}) });
      mismatches = result.mismatches;
      const rate = (name: MetricName) => {
        const metric = findMetric(result.report.metrics, name, population)!;
        return { numerator: metric.numerator, denominator: metric.denominator, rate: metric.rate };
      };
      const cases = result.report.cases.filter((item) => inPopulation(item.kind));
      const unknownIds = new Set(result.cases.filter((item) => item.replay === 'needs_new_answer' || item.replay === 'needs_rerun').map((item) => item.id));
      point = {
        value,
        valid: true,
        falseRefusals: rate('incorrect_refusal_rate'),
        falseAcceptances: rate('false_acceptance_rate'),
        passRate: rate('pass_rate'),
        refused: cases.filter((item) => item.score.status === 'refused').length,
        refusedByGate: cases.filter((item) => item.trace?.gate.decision === 'refuse').length,
        passed: result.report.passed,
        failedGates: result.report.gates.filter((gate) => gate.status === 'failed').map((gate) => gate.id),
        flips: {
          passToFail: result.comparison.flips.passToFail.filter((flip) => inPopulation(flip.kind)).length,
          failToPass: result.comparison.flips.failToPass.filter((flip) => inPopulation(flip.kind)).length,
        },
        unknown: cases.filter((item) => unknownIds.has(item.id)).length,
      };
    } catch (error) {
      if (!isClausegateError(error, 'config_invalid')) throw error;
      const none = { numerator: 0, denominator: 0, rate: null };
      point = { value, valid: false, error: error.message, falseRefusals: none, falseAcceptances: none, passRate: none, refused: 0, refusedByGate: 0, passed: false, failedGates: [], flips: { passToFail: 0, failToPass: 0 }, unknown: 0 };
    }
    points.push(point);
    input.onPoint?.(point, points.length, input.parameter.values.length);
  }
  return {
    schemaVersion: 1,
    runId: report.runId,
    suite: report.suite.name,
    parameter: { requested: input.parameter.path, path, current: typeof current === 'number' ? current : null },
    population,
    points,
    mismatches: mismatches?.size ?? 0,
  };
}
