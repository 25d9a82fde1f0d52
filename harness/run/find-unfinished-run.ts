import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShardSpec } from '../report/run-report.ts';
import { RunPlan } from './run-plan.ts';

/**
 * The latest unfinished run of `suite` under `reportDir` (a folder with a valid `run.json` and no
 * `report.json`), by `createdAt` then run id; with `shard`, only runs of that shard. `undefined`
 * when there is none. Folders that are not runs are ignored.
 */
export async function findUnfinishedRun(reportDir: string, suite: string, shard: ShardSpec | null): Promise<RunPlan | undefined> {
  if (!existsSync(reportDir)) return undefined;
  const plans: RunPlan[] = [];
  for (const entry of await readdir(reportDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const directory = path.join(reportDir, entry.name);
    if (existsSync(path.join(directory, 'report.json'))) continue;
    let plan: RunPlan;
    try {
      plan = RunPlan.parse(JSON.parse(await readFile(path.join(directory, 'run.json'), 'utf8')));
    } catch {
      continue;
    }
    if (plan.suite !== suite || plan.runId !== entry.name) continue;
    if (shard !== null && (plan.options.shard?.index !== shard.index || plan.options.shard.count !== shard.count)) continue;
    plans.push(plan);
  }
  plans.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.runId.localeCompare(a.runId));
  return plans[0];
}
