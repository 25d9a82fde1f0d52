// `npm run bench -- --startup`: how long a `harness` process takes as a whole, from spawn to exit,
// against `node -e ''` measured in the same run (the floor no command can beat). Each command runs
// once to warm the file cache and the compiled CLI (harness/build-cli.mjs), then `runs` times,
// interleaved so that machine noise hits all three alike. Goals (issue 16): `harness --help` ≤ 0.3 s,
// a cold `harness query` over the CME index ≤ 1.0 s (medians).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './bench-statistics.ts';

/** One whole-process run: wall time, and CPU time and peak RSS when GNU time is installed. */
interface ProcessRun {
  wallMs: number;
  cpuMs?: number;
  maxRssMiB?: number;
}

const GNU_TIME = '/usr/bin/time';

function runOnce(command: readonly string[], cwd: string): ProcessRun {
  const hasTime = existsSync(GNU_TIME);
  const usageFile = path.join(tmpdir(), `clausegate-bench-startup-${process.pid}.txt`);
  const [file, ...args] = hasTime ? [GNU_TIME, '-f', '%U %S %M', '-o', usageFile, ...command] : command;
  const started = performance.now();
  const result = spawnSync(file!, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`bench: ${command.join(' ')} exited ${result.status}: ${result.stderr}`);
  if (!hasTime) return { wallMs };
  const [user, system, maxRssKb] = readFileSync(usageFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  rmSync(usageFile, { force: true });
  return { wallMs, cpuMs: (user! + system!) * 1000, maxRssMiB: maxRssKb! / 1024 };
}


function describe(label: string, runs: readonly ProcessRun[], floor: readonly ProcessRun[], goalMs?: number): string {
  const wall = median(runs.map((run) => run.wallMs));
  const floorWall = median(floor.map((run) => run.wallMs));
  const parts = [`${label.padEnd(26)} wall median ${wall.toFixed(0).padStart(5)} ms [${runs.map((run) => run.wallMs.toFixed(0)).join(', ')}]`];
  if (runs[0]?.cpuMs !== undefined) {
    parts.push(`cpu ${median(runs.map((run) => run.cpuMs!)).toFixed(0)} ms`, `peak ${median(runs.map((run) => run.maxRssMiB!)).toFixed(0)} MiB`);
  }
  if (floor !== runs) parts.push(`${(wall / floorWall).toFixed(1)}× node -e ''`);
  if (goalMs !== undefined) parts.push(`(goal ≤ ${goalMs} ms: ${wall <= goalMs ? 'met' : 'NOT met'})`);
  return parts.join(' · ');
}

/**
 * Measures `node -e ''`, `harness --help` and a cold `harness query` over the CME index built into
 * `indexDir` (the source's settings from the project's `.clausegate.json`), `runs` times each.
 */
export function benchStartup(repoRoot: string, indexDir: string, runs: number): void {
  const work = mkdtempSync(path.join(tmpdir(), 'clausegate-bench-startup-'));
  try {
    const project = JSON.parse(readFileSync(path.join(repoRoot, '.clausegate.json'), 'utf8')) as { sources?: unknown };
    const config = path.join(work, 'config.json');
    writeFileSync(config, JSON.stringify({ sources: project.sources, paths: { indexDir, logDir: path.join(work, 'logs') } }));
    const bin = path.join(repoRoot, 'harness', 'bin.mjs');
    const commands = {
      floor: [process.execPath, '-e', ''],
      help: [process.execPath, bin, '--help'],
      query: [process.execPath, bin, 'query', '--source', 'cme', '--config', config, 'What is the monthly fee for a non-professional display device?'],
    };
    const measured: Record<keyof typeof commands, ProcessRun[]> = { floor: [], help: [], query: [] };
    for (const command of Object.values(commands)) runOnce(command, repoRoot);
    for (let run = 0; run < runs; run += 1) {
      for (const [name, command] of Object.entries(commands)) measured[name as keyof typeof commands].push(runOnce(command, repoRoot));
    }
    console.log(`\n## Start-up: whole processes (${runs} runs each after one warm-up, interleaved)`);
    console.log(describe("node -e '' (floor)", measured.floor, measured.floor));
    console.log(describe('harness --help', measured.help, measured.floor, 300));
    console.log(describe('harness query (cold, CME)', measured.query, measured.floor, 1000));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
