import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ClausegateError } from '../../pipeline/errors.ts';

/** The folder of committed baselines inside the report folder: never pruned. */
const BASELINE_FOLDER = 'baseline';

/** What `pruneRuns` did. */
export interface PrunedRuns {
  /** Run folders deleted, oldest first. */
  deleted: string[];
  /** Finished run folders kept, newest first. */
  kept: string[];
}

/**
 * Deletes all but the `keep` newest finished runs of `reportDir` (a finished run is a folder with
 * `report.json`; newest by that file's modification time). Committed baselines (`baseline/`) and
 * unfinished runs (resumable, or still running) are never touched.
 */
export async function pruneRuns(reportDir: string, keep: number): Promise<PrunedRuns> {
  if (!Number.isInteger(keep) || keep < 1) {
    throw new ClausegateError('input_invalid', `--keep ${keep} is not a positive whole number`, { hint: 'for example --keep 10' });
  }
  if (!existsSync(reportDir)) return { deleted: [], kept: [] };
  const finished: { folder: string; time: number }[] = [];
  for (const entry of await readdir(reportDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === BASELINE_FOLDER) continue;
    const report = path.join(reportDir, entry.name, 'report.json');
    if (!existsSync(report)) continue;
    finished.push({ folder: path.join(reportDir, entry.name), time: (await stat(report)).mtimeMs });
  }
  finished.sort((left, right) => right.time - left.time || right.folder.localeCompare(left.folder));
  const doomed = finished.slice(keep).reverse();
  for (const run of doomed) await rm(run.folder, { recursive: true, force: true });
  return { deleted: doomed.map((run) => run.folder), kept: finished.slice(0, keep).map((run) => run.folder) };
}
