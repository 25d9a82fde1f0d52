// `npm run bench -- --object-storage`: the same CME index opened and queried from a local folder and
// from a real S3-compatible server (s3rver) on loopback. The index is ingested once into a local
// folder, and its files are uploaded as they are under an s3:// prefix, so both hold identical bytes.
// Runs alternate local and S3 so machine noise hits both alike; reported as medians and ratios, with
// the load average (timings on a shared machine are inflated: compare the ratio, not the times).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { startS3Server } from '../../pipeline/testing/start-s3-server.ts';
import { benchConfig } from './bench-config.ts';
import { median, percentile } from './bench-statistics.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const QUESTIONS_PER_RUN = 20;

/** Every file under `folder`, as paths relative to it with `/` separators. */
function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? listFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** Opens the index at `indexDir` and answers `questions` once each; the open time and each answer's time. */
async function openAndAsk(indexDir: string, questions: string[]): Promise<{ openMs: number; answerMs: number[] }> {
  const started = performance.now();
  const pipeline = await openAnswerPipeline(benchConfig(indexDir), { openaiApiKey: undefined, openaiBaseUrl: undefined }, 'cme');
  const openMs = performance.now() - started;
  const answerMs: number[] = [];
  try {
    for (const question of questions) {
      const asked = performance.now();
      await answerQuestion(pipeline, question);
      answerMs.push(performance.now() - asked);
    }
  } finally {
    await pipeline.close();
  }
  return { openMs, answerMs };
}

/** Runs the object-storage benchmark over the CME corpus at `corpus` and prints its figures. */
export async function benchObjectStorage(corpus: string): Promise<void> {
  const localDir = mkdtempSync(path.join(tmpdir(), 'clausegate-bench-s3-'));
  const server = await startS3Server('clausegate-bench');
  // The store of an s3:// location reads its endpoint and keys from the environment, as a deployment does.
  Object.assign(process.env, server.env);
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ingest-once.ts'), corpus, localDir], { cwd: repoRoot });
    const client = new S3Client({ endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: server.env.AWS_ACCESS_KEY_ID!, secretAccessKey: server.env.AWS_SECRET_ACCESS_KEY! } });
    const files = listFiles(path.join(localDir, 'cme')).filter((file) => file !== 'ingest.lock');
    let bytes = 0;
    // CURRENT last, as a write publishes it.
    for (const file of [...files.filter((name) => name !== 'CURRENT'), 'CURRENT']) {
      const body = readFileSync(path.join(localDir, 'cme', file));
      bytes += body.length;
      await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: `bench/cme/${file}`, Body: body }));
    }
    client.destroy();
    const s3Location = `s3://${server.bucket}/bench`;

    const questions = readFileSync(path.join(repoRoot, 'golden/cme/baseline.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { question: string }).question);
    // One warm-up open of each (module loading, the first connection), not counted.
    await openAndAsk(localDir, questions.slice(0, 2));
    await openAndAsk(s3Location, questions.slice(0, 2));
    const local = { open: [] as number[], answer: [] as number[] };
    const remote = { open: [] as number[], answer: [] as number[] };
    for (let run = 0; run < runs; run += 1) {
      const asked = questions.slice(2 + run * QUESTIONS_PER_RUN, 2 + (run + 1) * QUESTIONS_PER_RUN);
      const fromLocal = await openAndAsk(localDir, asked);
      const fromS3 = await openAndAsk(s3Location, asked);
      local.open.push(fromLocal.openMs);
      local.answer.push(...fromLocal.answerMs);
      remote.open.push(fromS3.openMs);
      remote.answer.push(...fromS3.answerMs);
    }
    const load = loadavg()[0]!.toFixed(2);
    console.log(`\n## The CME index from a local folder and from S3-compatible storage (s3rver on loopback)`);
    console.log(`${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB; ${runs} opens each (alternating), ${local.answer.length} questions each; load average ${load}`);
    console.log(`open (openAnswerPipeline):  local median ${median(local.open).toFixed(0)} ms, S3 median ${median(remote.open).toFixed(0)} ms, ratio ${(median(remote.open) / median(local.open)).toFixed(2)}×`);
    console.log(`answerQuestion p50:         local ${median(local.answer).toFixed(1)} ms, S3 ${median(remote.answer).toFixed(1)} ms, ratio ${(median(remote.answer) / median(local.answer)).toFixed(2)}×`);
    console.log(`answerQuestion p95:         local ${percentile(local.answer, 0.95).toFixed(1)} ms, S3 ${percentile(remote.answer, 0.95).toFixed(1)} ms`);
  } finally {
    await server.stop();
    rmSync(localDir, { recursive: true, force: true });
  }
}
