import { ClausegateError } from '../../pipeline/errors.ts';
import type { ShardSpec } from '../report/run-report.ts';

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/**
 * The default run id: `<suite>-<UTC timestamp to the second>`, with `-shard<i>of<n>` for a shard,
 * e.g. `sample-20261122T043520Z-shard1of4`. Sorts by time within a suite.
 */
export function createRunId(suite: string, now: Date, shard: ShardSpec | null): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  return `${suite}-${stamp}${shard === null ? '' : `-shard${shard.index}of${shard.count}`}`;
}

/** Checks a `--run-id` given by hand: it names a folder under the report directory. */
export function validateRunId(runId: string): string {
  if (!RUN_ID.test(runId) || runId === '.' || runId === '..') {
    throw new ClausegateError('input_invalid', `--run-id ${JSON.stringify(runId)} is not a folder-safe id`, {
      hint: 'use letters, digits, `_`, `.` and `-`, starting with a letter or digit (at most 128 characters)',
    });
  }
  return runId;
}
