// `npm run test:faults`: the fault-injection suite. Real processes, real files, real file systems:
//  1. kill -9 at random points of `harness ingest` (20 times): the index opens afterwards, whole,
//     with every document, and the next ingest takes the dead one's lock over;
//  2. kill -9 at random points of `harness run` (20 times), then `--resume`: the report has every
//     case once, with the outcomes of an uninterrupted run; a `--resume` of a live run exits 2;
//  3. a key echoed in a 401 body by a local stand-in OpenAI server: `ingest`, `run` and
//     `query --debug` as processes, then every file they wrote and their output is searched;
//  4. a read-only and a full file system (tmpfs where it can be mounted, else skipped and said).
// Prints its counts, ends with `faults: N passed, N failed`, exits 1 on any failure. The random kill
// points come from FAULTS_SEED (printed) so that a failure can be replayed.
import { spawn } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openIndex } from '../../pipeline/store/index.ts';
import { createOfflineEmbedder } from '../../pipeline/providers/offline-embedder.ts';
import { mountTmpfs } from '../../pipeline/testing/mount-tmpfs.ts';
import { chatCompletionBody, startOpenAITestServer } from '../../pipeline/testing/openai-test-server.ts';
import { readRunReport } from '../report/read-run-report.ts';

const repository = path.resolve(import.meta.dirname, '../..');
const bin = path.join(repository, 'harness/bin.mjs');
const KILLS = Number(process.env.FAULTS_KILLS ?? 20);
const seed = Number(process.env.FAULTS_SEED ?? Date.now() % 1_000_000);
let state = seed;
/** A seeded uniform number in [0, 1). */
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);

const counts = { killsTried: 0, indexesVerified: 0, reportsVerified: 0, artifactsGrepped: 0, passed: 0, failed: 0 };
function check(ok: boolean, what: string): void {
  if (ok) counts.passed += 1;
  else {
    counts.failed += 1;
    console.log(`FAILED: ${what}`);
  }
}

interface Finished {
  /** When the process first wrote to stdout or stderr (ms after its start): its work had begun. */
  firstOutputMs: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * A kill point: uniform over the part of the process's life where it works (from 300 ms before its
 * first output to its end), so that few kills are spent on Node's start-up.
 */
function killPoint(first: Finished, durationMs: number): number {
  const from = Math.max(0, (first.firstOutputMs ?? 0) - 300);
  return Math.round(from + random() * (durationMs - from));
}

/** Runs `harness …args` as a process; with `killAfterMs`, SIGKILLs it then. */
function harness(args: string[], options: { env?: NodeJS.ProcessEnv; killAfterMs?: number; cwd: string }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: options.cwd, env: { ...process.env, CI: 'true', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const started = performance.now();
    let firstOutputMs: number | undefined;
    const mark = () => (firstOutputMs ??= performance.now() - started);
    child.stdout.on('data', (data: Buffer) => {
      mark();
      stdout += data.toString();
    });
    child.stderr.on('data', (data: Buffer) => {
      mark();
      stderr += data.toString();
    });
    const timer = options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ firstOutputMs, code, signal, stdout, stderr });
    });
  });
}

function writeConfig(work: string, extra: Record<string, unknown> = {}): string {
  const file = path.join(work, 'config.json');
  const paths = { indexDir: path.join(work, 'index'), logDir: path.join(work, 'logs'), reportDir: path.join(work, 'reports'), cacheDir: path.join(work, 'cache'), rawRoot: path.join(work, 'raw'), goldenDir: path.join(repository, 'golden') };
  writeFileSync(file, JSON.stringify({ paths, ...extra }));
  return file;
}

async function verifyIndex(indexDir: string, documents: number, what: string): Promise<void> {
  try {
    const index = await openIndex(indexDir, 'sample');
    check(index.manifest.counts.documents === documents && (await index.readAllChunks()).length === index.manifest.counts.chunks, `${what}: the index holds ${index.manifest.counts.documents} documents, ${index.chunkCount} chunks`);
    await index.close();
  } catch (error) {
    check(false, `${what}: the index does not open: ${(error as Error).message}`);
  }
  counts.indexesVerified += 1;
}

async function killIngests(work: string): Promise<void> {
  const config = writeConfig(work);
  const built = await harness(['ingest', '--source', 'sample', '--config', config], { cwd: work });
  check(built.code === 0, `the first ingest exits 0 (${built.code}: ${built.stderr.slice(0, 300)})`);
  // The killed ingests reuse the index's vectors: their life is measured on one such ingest.
  const started = performance.now();
  const first = await harness(['ingest', '--source', 'sample', '--config', config], { cwd: work });
  const duration = performance.now() - started;
  const documents = readdirSync(path.join(work, 'raw', 'sample')).filter((name) => !name.startsWith('.') && !name.endsWith('.md')).length;
  let tookOver = 0;
  let killed = 0;
  for (let trial = 0; trial < KILLS; trial += 1) {
    const killAfterMs = killPoint(first, duration);
    const result = await harness(['ingest', '--source', 'sample', '--config', config], { cwd: work, killAfterMs });
    counts.killsTried += 1;
    if (result.signal === 'SIGKILL') killed += 1;
    if (result.code !== null && result.code !== 0) check(false, `ingest ${trial} failed before its kill: ${result.stderr.slice(0, 300)}`);
    // Killed while holding the ingest lock: the next ingest must take it over.
    if (existsSync(path.join(work, 'index', 'sample', 'ingest.lock'))) tookOver += 1;
    await verifyIndex(path.join(work, 'index'), documents, `ingest killed after ${killAfterMs} ms`);
  }
  const last = await harness(['ingest', '--source', 'sample', '--config', config], { cwd: work });
  check(last.code === 0, `an ingest after ${KILLS} kills exits 0 (${last.stderr.slice(0, 300)})`);
  await verifyIndex(path.join(work, 'index'), documents, 'the ingest after the kills');
  console.log(`ingest: ${KILLS} kills at random points of ${Math.round(duration)} ms (first output at ${Math.round(first.firstOutputMs ?? 0)} ms); ${killed} killed before they finished; every index opened whole; ${tookOver} killed holding the lock, taken over by the next ingest`);
}

async function killRuns(work: string): Promise<void> {
  const config = writeConfig(work);
  const outcomes = (report: Awaited<ReturnType<typeof readRunReport>>) => JSON.stringify(report.cases.map((item) => [item.id, item.outcome]));
  check((await harness(['ingest', '--source', 'sample', '--config', config], { cwd: work })).code === 0, 'ingest before the run kills');
  const started = performance.now();
  const reference = await harness(['run', '--suite', 'sample', '--run-id', 'reference', '--config', config], { cwd: work });
  const duration = performance.now() - started;
  check(reference.code === 0, `the uninterrupted run exits 0 (${reference.code}: ${reference.stderr.slice(0, 300)})`);
  const expected = outcomes(await readRunReport(path.join(work, 'reports', 'reference')));
  let beforePlan = 0;
  let runsKilled = 0;
  for (let trial = 0; trial < KILLS; trial += 1) {
    const runId = `killed-${trial}`;
    const killAfterMs = killPoint(reference, duration);
    const killedRun = await harness(['run', '--suite', 'sample', '--run-id', runId, '--config', config], { cwd: work, killAfterMs });
    counts.killsTried += 1;
    if (killedRun.signal === 'SIGKILL') runsKilled += 1;
    if (!existsSync(path.join(work, 'reports', runId, 'run.json'))) {
      // Killed before the plan was written: nothing to resume, and nothing half-written is left.
      beforePlan += 1;
      check(!existsSync(path.join(work, 'reports', runId, 'report.json')), `run ${runId} killed before its plan left no report`);
      continue;
    }
    const resumed = await harness(['run', '--suite', 'sample', '--resume', '--run-id', runId, '--config', config], { cwd: work });
    check(resumed.code === reference.code, `run ${runId} (killed after ${killAfterMs} ms) resumes with the uninterrupted run's exit code ${reference.code} (${resumed.code}: ${resumed.stderr.slice(0, 300)})`);
    const report = await readRunReport(path.join(work, 'reports', runId));
    check(outcomes(report) === expected, `run ${runId}: every case once, with the outcomes of the uninterrupted run`);
    check(!existsSync(path.join(work, 'reports', runId, 'run.lock')), `run ${runId}: the lock is released`);
    counts.reportsVerified += 1;
  }
  // A second process resuming a live run is refused.
  const live = spawn(process.execPath, [bin, 'run', '--suite', 'sample', '--run-id', 'live', '--config', config], { cwd: work, stdio: 'ignore' });
  const lockFile = path.join(work, 'reports', 'live', 'run.lock');
  for (let waited = 0; !existsSync(lockFile) && waited < 60_000; waited += 20) await sleep(20);
  // Paused, the run stays alive (its pid runs, its heartbeat is fresh) for as long as the check takes.
  live.kill('SIGSTOP');
  const second = await harness(['run', '--suite', 'sample', '--resume', '--run-id', 'live', '--config', config], { cwd: work });
  check(second.code === 2 && second.stderr.includes(`run live is still running: pid ${live.pid}`), `a --resume of a live run exits 2 naming it (${second.code}: ${second.stderr.slice(0, 300)})`);
  const exited = live.exitCode !== null || live.signalCode !== null ? Promise.resolve() : new Promise((resolve) => live.once('exit', resolve));
  live.kill('SIGKILL');
  await exited;
  const takeover = await harness(['run', '--suite', 'sample', '--resume', '--run-id', 'live', '--config', config], { cwd: work });
  check(takeover.code === 0 && takeover.stderr.includes('took over the lock of run live'), `a --resume after the live run was killed takes its lock over (${takeover.code}: ${takeover.stderr.slice(0, 300)})`);
  console.log(`run: ${KILLS} kills at random points of ${Math.round(duration)} ms (first output at ${Math.round(reference.firstOutputMs ?? 0)} ms), ${runsKilled} before they finished; ${KILLS - beforePlan} resumed to the uninterrupted outcomes, ${beforePlan} killed before the plan; live resume refused, dead one taken over`);
}

async function grepSecrets(work: string): Promise<void> {
  const fakeKey = 'sk-proj-FAULTSfakeKEY0123456789abcdefXYZ';
  const mark = 'FAULTSfakeKEY';
  const embedder = createOfflineEmbedder({ dimensions: 256 });
  let generations = 0;
  const unauthorized = () => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${fakeKey}. Authorization: Bearer ${fakeKey}`, type: 'invalid_request_error', code: 'invalid_api_key' } } });
  const server = await startOpenAITestServer({
    embeddings: async (request) => {
      const body = request.body as { input: string[]; model: string };
      const vectors = await embedder.embedDocuments(body.input);
      return { status: 200, body: { object: 'list', model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 }, data: vectors.map((vector, index) => ({ object: 'embedding', index, embedding: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') })) } };
    },
    chatCompletions: (request) => {
      if ((request.body as { response_format?: unknown }).response_format === undefined) return unauthorized();
      generations += 1;
      return generations === 1 ? unauthorized() : { status: 200, body: chatCompletionBody(JSON.stringify({ answer: null, confidence: null, refusal: 'not in the evidence' })) };
    },
  });
  try {
    const config = writeConfig(work, { provider: 'openai', openai: { embeddingDimensions: 256, maxRetries: 1, timeoutMs: 5000 } });
    const env = { OPENAI_API_KEY: fakeKey, OPENAI_BASE_URL: server.baseUrl };
    const printed: string[] = [];
    for (const args of [['ingest', '--source', 'sample'], ['run', '--suite', 'sample'], ['query', 'What is the monthly fee for a non-professional display device?', '--debug']]) {
      const result = await harness([...args, '--config', config], { cwd: work, env });
      printed.push(result.stdout, result.stderr);
    }
    const files = readdirSync(work, { recursive: true, encoding: 'utf8' }).map((entry) => path.join(work, entry)).filter((file) => statSync(file).isFile());
    // Compressed files (a run's traces.jsonl.gz) are searched as the text they hold.
    const everything = files.map((file) => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file)).toString('latin1'));
    check(everything.some((text) => text.includes('Incorrect API key provided: [redacted]')), 'the 401 errors are stored, masked');
    for (const [index, text] of everything.entries()) check(!text.includes(mark), `no key in ${files[index]}`);
    check(!printed.join('\n').includes(mark), 'no key on stdout or stderr');
    counts.artifactsGrepped += files.length + 2;
    console.log(`secrets: ${files.length} files written by ingest, run and query --debug, and their stdout/stderr, searched; no key`);
  } finally {
    await server.close();
  }
}

async function breakFileSystems(work: string): Promise<void> {
  const mounted = mountTmpfs(path.join(work, 'small'), 64);
  if (mounted === undefined) {
    console.log('file systems: skipped (a tmpfs cannot be mounted here: not root, or not Linux)');
    return;
  }
  try {
    const config = writeConfig(work);
    check((await harness(['ingest', '--source', 'sample', '--config', config], { cwd: work })).code === 0, 'ingest before the disk faults');
    mkdirSync(path.join(mounted.folder, 'logs'));
    mkdirSync(path.join(mounted.folder, 'index'));
    try {
      writeFileSync(path.join(mounted.folder, 'filler'), Buffer.alloc(128 * 1024));
    } catch {
      // The disk is now full.
    }
    const fullConfig = path.join(work, 'full.json');
    writeFileSync(fullConfig, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), paths: { ...JSON.parse(readFileSync(config, 'utf8')).paths, logDir: path.join(mounted.folder, 'logs') } }));
    const full = await harness(['query', 'What is the monthly fee for a non-professional display device?', '--config', fullConfig], { cwd: work });
    check(full.code === 3 && full.stdout.includes('Q: What is the monthly fee') && /the disk is full: .*ENOSPC/.test(full.stderr), `full disk: the answer is printed, then disk_full, exit 3 (${full.code}: ${full.stderr.slice(0, 300)})`);
    mounted.remountReadOnly();
    const readOnlyConfig = path.join(work, 'readonly.json');
    writeFileSync(readOnlyConfig, JSON.stringify({ paths: { ...JSON.parse(readFileSync(config, 'utf8')).paths, indexDir: path.join(mounted.folder, 'index') } }));
    const readOnly = await harness(['ingest', '--source', 'sample', '--config', readOnlyConfig], { cwd: work });
    check(readOnly.code === 3 && /the file system is read-only: .*EROFS/.test(readOnly.stderr) && !/\n\s+at /.test(readOnly.stderr), `read-only index folder: filesystem_read_only, exit 3, no stack (${readOnly.code}: ${readOnly.stderr.slice(0, 300)})`);
    await verifyIndex(path.join(work, 'index'), 4, 'the good index after the disk faults');
    console.log('file systems: a full tmpfs (query) and a read-only tmpfs (ingest) give named errors; the good index is intact');
  } finally {
    mounted.unmount();
  }
}

const root = mkdtempSync(path.join(tmpdir(), 'clausegate-faults-'));
const scenario = (name: string) => {
  const work = path.join(root, name);
  cpSync(path.join(repository, 'data/raw/sample'), path.join(work, 'raw', 'sample'), { recursive: true });
  return work;
};
const suiteStarted = performance.now();
console.log(`fault suite: seed ${seed} (FAULTS_SEED=${seed} replays the same kill points), ${KILLS} kills per process kind`);
try {
  await killIngests(scenario('ingest'));
  await killRuns(scenario('run'));
  await grepSecrets(scenario('secrets'));
  await breakFileSystems(scenario('disks'));
} catch (error) {
  check(false, `the fault suite itself failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
console.log(
  `kills tried: ${counts.killsTried}, indexes verified: ${counts.indexesVerified}, reports verified: ${counts.reportsVerified}, artifacts grepped: ${counts.artifactsGrepped} (${((performance.now() - suiteStarted) / 1000).toFixed(0)} s)`,
);
console.log(`faults: ${counts.passed} passed, ${counts.failed} failed`);
process.exitCode = counts.failed === 0 ? 0 : 1;
