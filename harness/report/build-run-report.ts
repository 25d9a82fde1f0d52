import { computeMetrics, evaluateGates } from '../score/index.ts';
import type { LoadedGates } from '../score/index.ts';
import type { CaseResult } from './case-result.ts';
import type { CategoryBreakdown, RunOptions, RunReport, RunVersions } from './run-report.ts';

/** What a report is built from: the run's identity and settings, the gates, and its case results. */
export interface BuildRunReportInput {
  runId: string;
  kind: RunReport['kind'];
  suite: RunReport['suite'];
  startedAt: string;
  finishedAt: string;
  options: RunOptions;
  shards?: RunReport['shards'];
  versions: RunVersions;
  configDigest: string;
  gates: LoadedGates;
  gateScope: RunReport['gateScope'];
  /** In report order (suite order). */
  cases: readonly CaseResult[];
  warnings?: readonly string[];
}

/**
 * Builds the canonical run report: metrics over the case scores, every gate evaluated once, the
 * per-category breakdown, and the warnings (the caller's, then every gate warning).
 */
export function buildRunReport(input: BuildRunReportInput): RunReport {
  const metrics = computeMetrics(input.cases.map((result) => result.score));
  const gates = evaluateGates(input.gates.gates, metrics);
  return {
    schemaVersion: 1,
    runId: input.runId,
    kind: input.kind,
    suite: input.suite,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    durationMs: Math.max(0, Date.parse(input.finishedAt) - Date.parse(input.startedAt)),
    options: input.options,
    shards: input.shards ?? [],
    versions: input.versions,
    configDigest: input.configDigest,
    gatesFile: { file: input.gates.file, version: input.gates.gates.version, sha256: input.gates.contentHash.replace(/^sha256:/, '') },
    gateScope: input.gateScope,
    passed: gates.every((gate) => gate.passed),
    gates,
    metrics,
    categories: breakDownByCategory(input.cases),
    cases: [...input.cases],
    warnings: [...(input.warnings ?? []), ...gates.flatMap((gate) => (gate.warning === undefined ? [] : [gate.warning]))],
  };
}

function breakDownByCategory(cases: readonly CaseResult[]): CategoryBreakdown[] {
  const rows = new Map<string, CategoryBreakdown>();
  for (const result of cases) {
    const population = result.kind === 'baseline' ? 'baseline' : 'perturb';
    const key = `${population}\u0000${result.category}`;
    let row = rows.get(key);
    if (row === undefined) rows.set(key, (row = { category: result.category, population, cases: 0, passed: 0, failed: 0, errors: 0 }));
    row.cases += 1;
    if (result.outcome === 'passed') row.passed += 1;
    else if (result.outcome === 'failed') row.failed += 1;
    else row.errors += 1;
  }
  return [...rows.values()].sort((a, b) => (a.population === b.population ? 0 : a.population === 'baseline' ? -1 : 1));
}
