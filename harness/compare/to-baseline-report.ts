import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import type { RunReport } from '../report/run-report.ts';
import type { BaselineReport } from './baseline-report.ts';
import { snapshotConfig } from '../run/snapshot-config.ts';

/**
 * Distils a run report into the comparable record `harness compare` reads and `harness baseline`
 * commits: gates, rates and each case's outcome with its reasons, without timings or traces.
 * Pass `config` only when it is the config the run used (its digest equals `report.configDigest`),
 * or that config's snapshot (a run folder's `config.json`).
 */
export function toBaselineReport(report: RunReport, config?: ClausegateConfig | Record<string, unknown>): BaselineReport {
  return {
    schemaVersion: 1,
    kind: 'baseline',
    runId: report.runId,
    suite: { name: report.suite.name, source: report.suite.source },
    options: { perturb: report.options.perturb, filter: report.options.filter, provider: report.options.provider, replay: report.options.replay },
    versions: report.versions,
    configDigest: report.configDigest,
    config: config === undefined ? null : isSnapshot(config) ? config : snapshotConfig(config),
    gatesFile: report.gatesFile,
    gateScope: report.gateScope,
    passed: report.passed,
    gates: report.gates,
    metrics: { cases: report.metrics.cases, rates: report.metrics.rates },
    cases: report.cases.map((result) => ({
      id: result.id,
      kind: result.kind,
      ...(result.baseId !== undefined ? { baseId: result.baseId } : {}),
      ...(result.perturbationKind !== undefined ? { perturbationKind: result.perturbationKind } : {}),
      category: result.category,
      location: result.location,
      expectation: result.score.expectation,
      outcome: result.outcome,
      status: result.score.status,
      ...(result.score.refusalReason !== undefined ? { refusalReason: result.score.refusalReason } : {}),
      failures: result.score.failures.map((failure) => ({ reason: failure.reason, detail: failure.detail })),
      answer: result.score.status === 'answered' ? (result.trace?.answer ?? null) : null,
    })),
  };
}

/** A config snapshot (from a run's `config.json`) rather than a parsed config: it has no `paths`. */
function isSnapshot(config: ClausegateConfig | Record<string, unknown>): config is Record<string, unknown> {
  return !('paths' in config);
}
