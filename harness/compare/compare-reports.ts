import { evaluateGates } from '../score/index.ts';
import type { Gate, RunMetrics, UsageSummary } from '../score/index.ts';
import type { BaselineCase, BaselineReport } from './baseline-report.ts';
import type { CaseChange, CaseSide, ComparedSide, Comparison, GateComparison, MetricDelta } from './comparison.ts';
import { diffConfig } from './diff-config.ts';
import { diffGates } from './diff-gates.ts';

/** One side of a comparison: the report and how the user named it. */
export interface ComparisonInput {
  report: BaselineReport;
  /** A path, a run folder or a git ref, as given. */
  label: string;
}

/**
 * Compares two reports of a suite, before (`base`) and after (`head`): every rate with its counts
 * and change; each gate as decided under its own side's gates file, and the head's metrics under
 * the base's gate (so a threshold change is told apart from a result change); the gates that were
 * added, removed or changed; the policy, other versions and config settings that differ; and the
 * cases that flipped pass → fail and fail → pass, each with its reasons. Cases are matched by id.
 */
export function compareReports(base: ComparisonInput, head: ComparisonInput): Comparison {
  const baseReport = base.report;
  const headReport = head.report;
  const gatedKeys = new Set([...baseReport.gates, ...headReport.gates].map((gate) => `${gate.metric}/${gate.population}`));

  const metrics: MetricDelta[] = [];
  const headRates = new Map(headReport.metrics.rates.map((rate) => [`${rate.name}/${rate.population}`, rate]));
  const seen = new Set<string>();
  for (const rate of [...baseReport.metrics.rates, ...headReport.metrics.rates]) {
    const key = `${rate.name}/${rate.population}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const before = baseReport.metrics.rates.find((item) => `${item.name}/${item.population}` === key);
    const after = headRates.get(key);
    metrics.push({
      name: rate.name,
      population: rate.population,
      base: before === undefined ? null : { numerator: before.numerator, denominator: before.denominator, rate: before.rate },
      head: after === undefined ? null : { numerator: after.numerator, denominator: after.denominator, rate: after.rate },
      delta: before?.rate == null || after?.rate == null ? null : after.rate - before.rate,
      gated: gatedKeys.has(key),
    });
  }

  const headUnderBase = evaluateGates({ schemaVersion: 1, version: baseReport.gatesFile.version, gates: baseReport.gates.map(toGate) }, toRunMetrics(headReport));
  const gates: GateComparison[] = [];
  for (const id of unique([...baseReport.gates.map((gate) => gate.id), ...headReport.gates.map((gate) => gate.id)])) {
    const before = baseReport.gates.find((gate) => gate.id === id);
    const after = headReport.gates.find((gate) => gate.id === id);
    const reference = (before ?? after)!;
    gates.push({
      id,
      metric: reference.metric,
      population: reference.population,
      base: before === undefined ? null : { comparison: before.comparison, threshold: before.threshold, actual: before.actual, status: before.status },
      head: after === undefined ? null : { comparison: after.comparison, threshold: after.threshold, actual: after.actual, status: after.status },
      headUnderBaseGate: headUnderBase.find((gate) => gate.id === id)?.status ?? null,
    });
  }

  const baseCases = new Map(baseReport.cases.map((item) => [item.id, item]));
  const headCases = new Map(headReport.cases.map((item) => [item.id, item]));
  const passToFail: CaseChange[] = [];
  const failToPass: CaseChange[] = [];
  const statusChanges: CaseChange[] = [];
  let common = 0;
  for (const after of headReport.cases) {
    const before = baseCases.get(after.id);
    if (before === undefined) continue;
    common += 1;
    const wasPassed = before.outcome === 'passed';
    const isPassed = after.outcome === 'passed';
    if (wasPassed && !isPassed) passToFail.push(describeChange(before, after));
    else if (!wasPassed && isPassed) failToPass.push(describeChange(before, after));
    else if (before.status !== after.status || before.outcome !== after.outcome) statusChanges.push(describeChange(before, after));
  }

  const versionChanges = (Object.keys(headReport.versions) as (keyof BaselineReport['versions'])[])
    .filter((name) => name !== 'policy' && baseReport.versions[name] !== headReport.versions[name])
    .map((name) => ({ name, before: baseReport.versions[name] ?? '(none)', after: headReport.versions[name] ?? '(none)' }));

  return {
    schemaVersion: 1,
    base: describeSide(base),
    head: describeSide(head),
    metrics,
    gates,
    gateChanges: diffGates(baseReport.gates, headReport.gates),
    gatesFileChanged:
      baseReport.gatesFile.sha256 === headReport.gatesFile.sha256
        ? null
        : { before: `${baseReport.gatesFile.version} (sha256 ${baseReport.gatesFile.sha256.slice(0, 12)})`, after: `${headReport.gatesFile.version} (sha256 ${headReport.gatesFile.sha256.slice(0, 12)})` },
    policyChanged: baseReport.versions.policy === headReport.versions.policy ? null : { before: baseReport.versions.policy, after: headReport.versions.policy },
    versionChanges,
    config: {
      digestChanged: baseReport.configDigest !== headReport.configDigest,
      changes:
        baseReport.configDigest === headReport.configDigest
          ? []
          : baseReport.config === null || headReport.config === null
            ? null
            : diffConfig(baseReport.config, headReport.config),
    },
    flips: { passToFail, failToPass },
    statusChanges,
    cases: {
      common,
      added: headReport.cases.filter((item) => !baseCases.has(item.id)).map((item) => item.id),
      removed: baseReport.cases.filter((item) => !headCases.has(item.id)).map((item) => item.id),
    },
  };
}

function describeSide(side: ComparisonInput): ComparedSide {
  const { report } = side;
  return {
    label: side.label,
    runId: report.runId,
    suite: report.suite.name,
    versions: report.versions,
    configDigest: report.configDigest,
    gatesFile: report.gatesFile,
    passed: report.passed,
    cases: report.cases.length,
  };
}

function describeChange(before: BaselineCase, after: BaselineCase): CaseChange {
  return {
    id: after.id,
    kind: after.kind,
    category: after.category,
    expectation: after.expectation,
    location: after.location,
    base: describeCaseSide(before),
    head: describeCaseSide(after),
  };
}

function describeCaseSide(item: BaselineCase): CaseSide {
  return {
    outcome: item.outcome,
    status: item.status,
    ...(item.refusalReason !== undefined ? { refusalReason: item.refusalReason } : {}),
    reasons: item.failures.map((failure) => `${failure.reason}: ${failure.detail}`),
  };
}

function toGate(record: BaselineReport['gates'][number]): Gate {
  return { id: record.id, metric: record.metric, population: record.population, comparison: record.comparison, threshold: record.threshold };
}

const NO_USAGE: UsageSummary = { cases: 0, latencyMs: { p50: null, p95: null, max: null }, tokens: { prompt: 0, completion: 0, total: 0 }, costUsd: 0 };

/** Only the rates matter to the gates; usage is not part of a baseline. */
function toRunMetrics(report: BaselineReport): RunMetrics {
  return { cases: report.metrics.cases, rates: report.metrics.rates, usage: { baseline: NO_USAGE, perturb: NO_USAGE, all: NO_USAGE }, invarianceBreaks: [] };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
