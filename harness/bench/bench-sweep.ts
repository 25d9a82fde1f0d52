// `npm run bench` (part 4): a 16-point sweep of a CME run from its stored traces, timed in process.
// Goal (issue 17): 16 points ≤ 15 s. Needs a finished CME run with --perturb (572 cases):
// BENCH_SWEEP_REPORT=reports/<run-id>, default the newest reports/cme-* or reports/*cme* folder
// holding a report.json; without one it says how to make it and measures nothing.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../pipeline/config/index.ts';
import { resolveConfigPaths } from '../run/index.ts';
import { loadReplayInputs, parseSweepRange, runSweep } from '../whatif/index.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function findCmeRun(reportDir: string): string | undefined {
  if (!existsSync(reportDir)) return undefined;
  return readdirSync(reportDir)
    .filter((name) => name.includes('cme') && !name.includes('fresh') && existsSync(path.join(reportDir, name, 'report.json')))
    .map((name) => path.join(reportDir, name))
    .sort((a, b) => statSync(path.join(b, 'report.json')).mtimeMs - statSync(path.join(a, 'report.json')).mtimeMs)[0];
}

/** Times `harness sweep` over 16 values of the similarity floor on a stored CME run. */
export async function benchSweep(): Promise<void> {
  const config = resolveConfigPaths(loadConfig({ cwd: repoRoot }).config, repoRoot);
  const report = process.env.BENCH_SWEEP_REPORT ?? findCmeRun(config.paths.reportDir);
  console.log('\n## Sweep of a CME run from its stored traces (16 points of retrieval.minSimilarity)');
  if (report === undefined) {
    console.log('skipped: no finished CME run; make one with `npx harness run --suite cme --perturb` (or set BENCH_SWEEP_REPORT)');
    return;
  }
  const inputs = await loadReplayInputs({ report, config, cwd: repoRoot });
  try {
    const parameter = parseSweepRange('retrieval.minSimilarity=0.10:0.40:0.02');
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const laps: number[] = [];
    let lap = started;
    const sweep = await runSweep({
      report: inputs.report,
      config,
      parameter,
      index: inputs.index,
      docAliases: inputs.docAliases,
      gates: inputs.gates,
      now: () => new Date(),
      onPoint: () => {
        const time = performance.now();
        laps.push(time - lap);
        lap = time;
      },
    });
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const atCurrent = sweep.points.find((point) => point.value === sweep.parameter.current);
    console.log(`run: ${path.relative(repoRoot, inputs.directory)} (${inputs.report.cases.length} cases), ${sweep.points.length} points, ${sweep.mismatches} replay mismatches`);
    console.log(`wall ${(wall / 1000).toFixed(1)} s (first point, with the self-check: ${(laps[0]! / 1000).toFixed(1)} s; then median ${(laps.slice(1).sort((a, b) => a - b)[Math.floor((laps.length - 1) / 2)]! / 1000).toFixed(2)} s per point)`);
    console.log(`CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user + system; on a shared machine the wall time includes waiting for a core)`);
    console.log(`at the current value: ${atCurrent === undefined ? 'not swept' : `${atCurrent.flips.passToFail + atCurrent.flips.failToPass} flips against the run as stored`}`);
    console.log(`goal 16 points ≤ 15 s: ${wall <= 15_000 ? 'met' : 'NOT met'}`);
  } finally {
    await inputs.index.close();
  }
}
