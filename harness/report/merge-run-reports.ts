import { ClausegateError } from '../../pipeline/errors.ts';
import type { LoadedGates } from '../score/index.ts';
import { buildRunReport } from './build-run-report.ts';
import type { CaseResult } from './case-result.ts';
import type { RunReport } from './run-report.ts';

/** Input of `mergeRunReports`. */
export interface MergeRunReportsInput {
  /** The finished shard runs, each with the folder it was read from (for messages). */
  reports: readonly { directory: string; report: RunReport }[];
  runId: string;
  /** The gates to check, once, over all cases. */
  gates: LoadedGates;
}

/**
 * Merges the reports of shard runs (`harness run --shard i/n`) into one report with the gates
 * checked once over every case. The shards must be runs of the same suite with the same case
 * selection, config digest and pipeline versions, all `n` of one split and no case twice;
 * otherwise `input_invalid` names what differs. Cases are ordered as in the suite files.
 */
export function mergeRunReports(input: MergeRunReportsInput): RunReport {
  const { reports } = input;
  const first = reports[0];
  if (first === undefined) throw invalid('harness merge needs at least one report folder', 'pass the folders of every shard run: harness merge reports/<run-1> reports/<run-2> …');
  for (const { directory, report } of reports) {
    if (report.kind !== 'run') throw invalid(`${directory} is a merged report; merge the shard runs themselves`, 'pass the folders of the shard runs');
    const differences = compare(first.report, report);
    if (differences.length > 0) {
      throw invalid(`${directory} cannot be merged with ${first.directory}: ${differences.join('; ')}`, 'merge only the shards of one run: same suite, selection, config and index');
    }
  }
  checkShards(reports);

  const seen = new Map<string, string>();
  for (const { directory, report } of reports) {
    for (const result of report.cases) {
      const earlier = seen.get(result.id);
      if (earlier !== undefined) throw invalid(`case ${JSON.stringify(result.id)} is in both ${earlier} and ${directory}`, 'each case must be in exactly one shard; rerun the shards with the same --shard n');
      seen.set(result.id, directory);
    }
  }
  const cases = reports.flatMap(({ report }) => report.cases).sort(suiteOrder);
  const warnings = reports.some(({ report }) => report.gatesFile.sha256 !== input.gates.contentHash.replace(/^sha256:/, ''))
    ? [`the shards were run with another gates file than the one checked here (${input.gates.file}, ${input.gates.gates.version})`]
    : [];
  return buildRunReport({
    runId: input.runId,
    kind: 'merged',
    suite: first.report.suite,
    startedAt: reports.map(({ report }) => report.startedAt).sort()[0]!,
    finishedAt: reports.map(({ report }) => report.finishedAt).sort().at(-1)!,
    options: { ...first.report.options, shard: null, concurrency: Math.max(...reports.map(({ report }) => report.options.concurrency)) },
    shards: reports.map(({ report }) => ({ runId: report.runId, shard: report.options.shard, cases: report.cases.length })),
    versions: first.report.versions,
    configDigest: first.report.configDigest,
    gates: input.gates,
    gateScope: 'run',
    cases,
    warnings,
  });
}

function compare(a: RunReport, b: RunReport): string[] {
  const differences: string[] = [];
  const check = (what: string, left: unknown, right: unknown) => {
    if (JSON.stringify(left) !== JSON.stringify(right)) differences.push(`${what} differs (${JSON.stringify(left)} vs ${JSON.stringify(right)})`);
  };
  check('suite', a.suite.name, b.suite.name);
  check('config digest', a.configDigest, b.configDigest);
  check('versions', a.versions, b.versions);
  check('--perturb', a.options.perturb, b.options.perturb);
  check('--filter', a.options.filter, b.options.filter);
  check('provider', a.options.provider, b.options.provider);
  check('--replay', a.options.replay, b.options.replay);
  return differences;
}

function checkShards(reports: MergeRunReportsInput['reports']): void {
  const whole = reports.find(({ report }) => report.options.shard === null);
  if (whole !== undefined && reports.length > 1) {
    throw invalid(`${whole.directory} is a whole run, not a shard; it cannot be merged with other runs`, 'merge the runs of one --shard i/n split');
  }
  if (whole !== undefined) return;
  const count = reports[0]!.report.options.shard!.count;
  const indexes = new Map<number, string>();
  for (const { directory, report } of reports) {
    const shard = report.options.shard!;
    if (shard.count !== count) throw invalid(`${directory} is shard ${shard.index}/${shard.count}, the others are of ${count}`, 'merge the runs of one --shard i/n split');
    const earlier = indexes.get(shard.index);
    if (earlier !== undefined) throw invalid(`shard ${shard.index}/${count} is given twice (${earlier} and ${directory})`, 'pass each shard once');
    indexes.set(shard.index, directory);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !indexes.has(index));
  if (missing.length > 0) {
    throw invalid(`shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')} missing`, 'run the missing shards and pass every shard folder; gates are only checked over the whole suite');
  }
}

function suiteOrder(a: CaseResult, b: CaseResult): number {
  if (a.kind !== b.kind) return a.kind === 'baseline' ? -1 : 1;
  return a.location.line - b.location.line;
}

function invalid(message: string, hint: string): ClausegateError {
  return new ClausegateError('input_invalid', message, { hint });
}
