// `npm run bench -- --service`: the HTTP service against the in-process pipeline, in the same run on
// the same CME index, with the offline provider. The service runs in its own process (`harness
// serve`) so that autocannon does not share its thread.
//  1. In-process: answerQuestion over the CME questions in a loop for BENCH_SECONDS (30): req/s, p50/p99.
//  2. Uncached HTTP: autocannon, 32 connections, BENCH_SECONDS, cycling the same questions, the cache
//     off (RAG_CACHE_MAX_ENTRIES=0); goal: throughput within 15% of in-process, 0 errors. The client
//     waits longer than the service's own deadline (RAG_QUEUE_TIMEOUT_SECONDS, 30 s), so every
//     request ends with the service's answer — 200, or 503 overloaded, counted as non-2xx — never
//     with autocannon's default 10 s timeout (what the 2 errors of the first measured run were).
//  3. Cached HTTP: one question, 32 connections, BENCH_SECONDS; goal ≥ 2,000 req/s, 0 errors.
//  4. RSS of the service process before and after 20,000 more cached requests; goal growth < 10%.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { loadConfig } from '../../pipeline/config/index.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { percentile } from './bench-statistics.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const KEY = 'bench-key';


function run(args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'harness/bin.mjs'), ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`harness ${args.join(' ')} exited ${code}`))));
  });
}

function startService(configFile: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'harness/bin.mjs'), 'serve', '--config', configFile, '--source', 'cme', '--port', String(port)], {
      cwd: repoRoot,
      env: { ...process.env, RAG_API_KEY: KEY, RAG_LOG_LEVEL: 'warn', RAG_RATE_LIMIT_PER_MINUTE: '1000000', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('clausegate service on')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`harness serve exited ${code}`)));
  });
}

function stopService(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Seconds autocannon waits for a reply: above the service's 30 s queue deadline (RAG_QUEUE_TIMEOUT_SECONDS). */
const CLIENT_TIMEOUT_SECONDS = 40;

async function cannon(port: number, bodies: string[], duration: number | undefined, amount?: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 32,
    timeout: CLIENT_TIMEOUT_SECONDS,
    ...(amount === undefined ? { duration } : { amount }),
    requests: bodies.map((body) => ({ method: 'POST' as const, path: '/api/v1/rag/query', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body })),
  });
}

/** Runs the service benchmark and prints its figures with the goals. */
export async function benchService(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-bench-service-'));
  try {
    const project = JSON.parse(readFileSync(path.join(repoRoot, '.clausegate.json'), 'utf8')) as { sources: Record<string, { root?: string }> };
    project.sources.cme = { ...project.sources.cme, root: path.resolve(repoRoot, '../shared/corpus/cme') };
    const configFile = path.join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify({ sources: project.sources, paths: { indexDir: path.join(dir, 'index'), logDir: path.join(dir, 'logs') } }));
    await run(['ingest', '--source', 'cme', '--config', configFile]);
    const questions = readFileSync(path.join(repoRoot, 'golden/cme/baseline.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { question: string }).question);

    // 1. In process.
    const { config, environment } = loadConfig({ file: configFile, cwd: repoRoot, env: {} });
    const pipeline = await openAnswerPipeline(config, environment, 'cme');
    // One full pass first, in process and over HTTP alike: the pipeline's first sight of a question costs more.
    for (const question of questions) await answerQuestion(pipeline, question);
    const latencies: number[] = [];
    const started = performance.now();
    for (let index = 0; performance.now() - started < seconds * 1000; index += 1) {
      const begun = performance.now();
      await answerQuestion(pipeline, questions[index % questions.length]!);
      latencies.push(performance.now() - begun);
    }
    const inProcessRate = latencies.length / ((performance.now() - started) / 1000);
    await pipeline.close();

    const bodies = questions.map((question) => JSON.stringify({ query: question }));
    // 2. Uncached HTTP.
    let service = await startService(configFile, 18_931, { RAG_CACHE_MAX_ENTRIES: '0' });
    let uncached: autocannon.Result;
    try {
      for (const body of bodies) await fetch('http://127.0.0.1:18931/api/v1/rag/query', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body });
      uncached = await cannon(18_931, bodies, seconds);
    } finally {
      await stopService(service);
    }
    // 3. Cached HTTP and 4. RSS.
    service = await startService(configFile, 18_932, {});
    let cached: autocannon.Result;
    let soak: autocannon.Result;
    let rssBefore: number;
    let rssAfter: number;
    try {
      const one = [JSON.stringify({ query: questions[0] })];
      await cannon(18_932, one, undefined, 2000);
      cached = await cannon(18_932, one, seconds);
      rssBefore = rssMiB(service.pid!);
      soak = await cannon(18_932, one, undefined, 20_000);
      rssAfter = rssMiB(service.pid!);
    } finally {
      await stopService(service);
    }

    const overhead = 1 - uncached.requests.average / inProcessRate;
    const growth = (rssAfter - rssBefore) / rssBefore;
    console.log(`\n## Service over HTTP vs in process (CME index, offline provider, ${seconds} s each, 32 connections)`);
    console.log(`in process:    ${inProcessRate.toFixed(1)} queries/s  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms  (${latencies.length} queries, one at a time)`);
    console.log(`HTTP uncached: ${uncached.requests.average.toFixed(1)} req/s  p50 ${uncached.latency.p50} ms  p99 ${uncached.latency.p99} ms  max ${uncached.latency.max} ms  (${uncached.requests.total} requests, ${uncached.errors} errors of which ${uncached.timeouts} client timeouts at ${CLIENT_TIMEOUT_SECONDS} s, ${uncached.non2xx} non-2xx)   (goal 0 errors: ${uncached.errors === 0 && uncached.non2xx === 0 ? 'met' : 'NOT met'})`);
    console.log(`HTTP overhead on throughput: ${(overhead * 100).toFixed(1)}%   (goal ≤ 15%: ${overhead <= 0.15 ? 'met' : 'NOT met'})`);
    console.log(`HTTP cached:   ${cached.requests.average.toFixed(0)} req/s  p50 ${cached.latency.p50} ms  p99 ${cached.latency.p99} ms  max ${cached.latency.max} ms  (${cached.requests.total} requests, ${cached.errors} errors, ${cached.non2xx} non-2xx)   (goal ≥ 2,000 req/s, 0 errors: ${cached.requests.average >= 2000 && cached.errors === 0 && cached.non2xx === 0 ? 'met' : 'NOT met'})`);
    console.log(`RSS of the service: ${rssBefore.toFixed(0)} MiB → ${rssAfter.toFixed(0)} MiB over ${soak.requests.total} more requests (${(growth * 100).toFixed(1)}%; goal < 10%: ${growth < 0.1 ? 'met' : 'NOT met'})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
