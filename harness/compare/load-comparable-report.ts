import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { formatIssues } from '../../pipeline/config/load-config.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { readRunReport, restoreTraces } from '../report/read-run-report.ts';
import { RunReport } from '../report/run-report.ts';
import { digestConfig } from '../run/digest-config.ts';
import { readRunConfig } from '../run/run-config-file.ts';
import { BaselineReport } from './baseline-report.ts';
import { toBaselineReport } from './to-baseline-report.ts';

const run = promisify(execFile);

/** Options of `loadComparableReport`. */
export interface LoadComparableReportOptions {
  cwd: string;
  /** Where committed baselines live: `<reportDir>/baseline`. */
  baselineDir: string;
  /** The suite whose baseline a git ref names (`reports/baseline/<suite>.json` at that ref). */
  suite: string | undefined;
  /** The config in effect; attached to a run report whose digest it matches, so config changes can be named. */
  config?: ClausegateConfig;
}

/** A report ready to compare, and where it came from. */
export interface ComparableReport {
  report: BaselineReport;
  /** `file`, `run folder` or `git <ref>`. */
  origin: string;
}

/**
 * Reads one side of a comparison from what the user typed: a `report.json` or committed baseline
 * file, a run folder, or a git ref whose committed baseline is read with
 * `git show <ref>:<baselineDir>/<suite>.json` (`<ref>:<path>` reads any committed file). Throws
 * `input_invalid` when it is none of these and `report_invalid` when the file is not a report.
 */
export async function loadComparableReport(spec: string, options: LoadComparableReportOptions): Promise<ComparableReport> {
  const resolved = path.resolve(options.cwd, spec);
  if (existsSync(resolved)) {
    if (statSync(resolved).isDirectory()) {
      const report = await readRunReport(resolved);
      return { report: toBaselineReport(report, matchingConfig(report, options.config) ?? (await readRunConfig(resolved, report.configDigest))), origin: 'run folder' };
    }
    const text = await readFile(resolved, 'utf8');
    // A run's report.json has the run's config.json beside it.
    const beside = (digest: string) => readRunConfig(path.dirname(resolved), digest);
    return { report: await parseComparable(text, resolved, options.config, beside, path.dirname(resolved)), origin: 'file' };
  }

  if (spec.startsWith('-') || /\s/.test(spec)) throw notFound(spec);
  let object: string;
  if (spec.includes(':')) {
    object = spec;
  } else {
    if (options.suite === undefined) {
      throw new ClausegateError('input_invalid', `${JSON.stringify(spec)} is not a file or folder; as a git ref it needs the suite whose baseline to read`, {
        hint: `pass --suite <name> to read ${path.relative(options.cwd, options.baselineDir) || '.'}/<name>.json at ${spec}`,
      });
    }
    const relative = path.relative(options.cwd, path.join(options.baselineDir, `${options.suite}.json`)).split(path.sep).join('/');
    object = `${spec}:./${relative}`;
  }
  let text: string;
  try {
    text = (await run('git', ['show', object], { cwd: options.cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })).stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? (error as Error).message).trim();
    throw new ClausegateError('input_invalid', `${JSON.stringify(spec)} is not a file or folder, and git cannot read ${object}: ${stderr.split('\n')[0]}`, {
      hint: 'pass a report.json, a run folder, a baseline file, or a git ref that has a committed baseline (harness baseline --suite <name>, then commit it); in CI fetch the base branch first',
    });
  }
  return { report: await parseComparable(text, object, options.config), origin: `git ${spec}` };
}

/** A baseline file as is; a run report distilled into one. */
async function parseComparable(
  text: string,
  where: string,
  config: ClausegateConfig | undefined,
  snapshotFor: (configDigest: string) => Promise<Record<string, unknown> | undefined> = async () => undefined,
  directory?: string,
): Promise<BaselineReport> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClausegateError('report_invalid', `${where} is not valid JSON: ${(error as Error).message}`, { location: { file: where } });
  }
  const isBaseline = typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'baseline';
  if (isBaseline) {
    const parsed = BaselineReport.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new ClausegateError('report_invalid', `${where} is not a valid baseline:\n${formatIssues(parsed.error.issues.slice(0, 10))}`, {
      hint: 'refresh it with harness baseline --suite <name>',
      location: { file: where },
    });
  }
  await restoreTraces(value, directory);
  const parsed = RunReport.safeParse(value);
  if (parsed.success) return toBaselineReport(parsed.data, matchingConfig(parsed.data, config) ?? (await snapshotFor(parsed.data.configDigest)));
  throw new ClausegateError('report_invalid', `${where} is neither a run report nor a baseline:\n${formatIssues(parsed.error.issues.slice(0, 10))}`, {
    hint: 'pass reports/<run-id>/report.json, a run folder, or reports/baseline/<suite>.json',
    location: { file: where },
  });
}

function matchingConfig(report: RunReport, config: ClausegateConfig | undefined): ClausegateConfig | undefined {
  return config !== undefined && digestConfig(config) === report.configDigest ? config : undefined;
}

function notFound(spec: string): ClausegateError {
  return new ClausegateError('input_invalid', `${JSON.stringify(spec)} is not a report file, a run folder or a git ref`, {
    hint: 'pass reports/<run-id>, reports/<run-id>/report.json, reports/baseline/<suite>.json or a git ref such as origin/main',
  });
}
