// `npm run bench`: speed measured against baselines taken in the same run on the same machine.
//  1. Cold offline ingest of ../shared/corpus/cme (fresh process, fresh index) vs `pdftotext`
//     extracting the same folder; goal: ingest within 4× of pdftotext. The ingest reads text layers
//     only, as pdftotext does (--no-ocr), then one more run with OCR (tesseract, nothing cached)
//     shows what recognising the scanned pages adds. Peak memory of the ingest.
//  2. Warm offline query latency p50/p95 over the CME index vs a floor (query embedding plus an
//     exhaustive dot product over all chunk vectors); goal: p95 ≤ 30 ms and ≤ 5× the floor.
//  4. A 16-point sweep of a stored CME run (harness/bench/bench-sweep.ts); goal ≤ 15 s.
//     `npm run bench -- --sweep` runs only this one.
//  3. Chunking a single-line document of 1, 5 and 20 MB (words, and no whitespace at all); goal:
//     linear time, 20 MB in seconds (harness/bench/bench-long-line.ts).
//  4. Start-up: `harness --help` and a cold `harness query` over the CME index as whole processes,
//     against `node -e ''` in the same run; goals ≤ 0.3 s and ≤ 1.0 s (harness/bench/bench-startup.ts).
// `npm run bench -- --service` runs the service benchmark instead (bench-service.ts);
// `npm run bench -- --scale 1,10,100` the scale benchmark over generated corpora (bench-scale.ts);
// `npm run bench -- --startup` runs only part 4;
// `npm run bench -- --object-storage` opens and queries the CME index from a local folder and from
// s3rver on loopback (bench-object-storage.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { benchConfig } from './bench-config.ts';
import { benchObjectStorage } from './bench-object-storage.ts';
import { benchScale } from './bench-scale.ts';
import { benchService } from './bench-service.ts';
import { benchLongLine } from './bench-long-line.ts';
import { benchStartup } from './bench-startup.ts';
import { benchSweep } from './bench-sweep.ts';
import { median, percentile } from './bench-statistics.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const corpus = path.resolve(repoRoot, '../shared/corpus/cme');
const runs = Number(process.env.BENCH_RUNS ?? 5);


function ensurePdftotext(): void {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return;
  console.log('installing poppler-utils for the pdftotext baseline…');
  execFileSync('bash', ['-c', 'apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null'], { stdio: 'inherit' });
}

function timePdftotext(): number {
  const files = readdirSync(corpus).filter((name) => name.endsWith('.pdf')).map((name) => path.join(corpus, name));
  const started = performance.now();
  for (const file of files) spawnSync('pdftotext', [file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
  return performance.now() - started;
}

function timeIngest(ocr: boolean): { wallMs: number; processMs: number; maxRssKb: number; chunks: number } {
  const indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-bench-'));
  try {
    const started = performance.now();
    const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ingest-once.ts'), corpus, indexDir, ...(ocr ? [] : ['--no-ocr'])], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const processMs = performance.now() - started;
    const parsed = JSON.parse(output.trim().split('\n').pop()!) as { wallMs: number; maxRssKb: number; counts: { chunks: number } };
    return { wallMs: parsed.wallMs, processMs, maxRssKb: parsed.maxRssKb, chunks: parsed.counts.chunks };
  } finally {
    rmSync(indexDir, { recursive: true, force: true });
  }
}

async function benchIngest(): Promise<void> {
  ensurePdftotext();
  const pdftotext: number[] = [];
  const ingest: number[] = [];
  const processes: number[] = [];
  const memory: number[] = [];
  let chunks = 0;
  // Interleave the two so that machine noise hits both alike. The ingest reads text layers only, as
  // pdftotext does (--no-ocr: pages without one are reported); the OCR's cost is measured after.
  for (let run = 0; run < runs; run += 1) {
    pdftotext.push(timePdftotext());
    const result = timeIngest(false);
    ingest.push(result.wallMs);
    processes.push(result.processMs);
    memory.push(result.maxRssKb);
    chunks = result.chunks;
  }
  const ratio = median(ingest) / median(pdftotext);
  console.log(`\n## Cold offline ingest of ../shared/corpus/cme (${readdirSync(corpus).filter((name) => name.endsWith('.pdf')).length} PDFs)`);
  console.log(`runs: ${runs} (interleaved)`);
  console.log(`pdftotext (baseline):   median ${median(pdftotext).toFixed(0)} ms   [${pdftotext.map((v) => v.toFixed(0)).join(', ')}]`);
  console.log(`clausegate ingest, text layers only (--no-ocr): median ${median(ingest).toFixed(0)} ms   [${ingest.map((v) => v.toFixed(0)).join(', ')}]  (${chunks} chunks; in-process, excluding node start-up)`);
  console.log(`whole process (node + tsx start-up + module load + ingest): median ${median(processes).toFixed(0)} ms, ratio ${(median(processes) / median(pdftotext)).toFixed(2)}×`);
  console.log(`ratio ingest/pdftotext: ${ratio.toFixed(2)}×   (goal ≤ 4×: ${ratio <= 4 ? 'met' : 'NOT met'})`);
  console.log(`peak memory (max RSS):  median ${(median(memory) / 1024).toFixed(0)} MiB`);
  const withOcr = timeIngest(true);
  console.log(`with OCR (tesseract on the pages without a usable text layer, nothing cached; 1 run): ${withOcr.wallMs.toFixed(0)} ms, ${(withOcr.wallMs / median(pdftotext)).toFixed(2)}× pdftotext, peak ${(withOcr.maxRssKb / 1024).toFixed(0)} MiB, ${withOcr.chunks} chunks`);
}

async function benchQuery(): Promise<void> {
  const indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-bench-query-'));
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ingest-once.ts'), corpus, indexDir], { cwd: repoRoot });
    const config = benchConfig(indexDir);
    const pipeline = await openAnswerPipeline(config, { openaiApiKey: undefined, openaiBaseUrl: undefined }, 'cme');
    // Distinct questions (the CME golden suite's), each asked once after a warm-up on others, so no
    // repeated prompt is counted; the index and the token counts of its chunks are warm.
    const questions = readFileSync(path.join(repoRoot, 'golden/cme/baseline.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { question: string }).question);
    const warmUp = questions.slice(0, 15);
    const measured = questions.slice(15);
    const vectors = [...(await pipeline.index.vectorsFor([...pipeline.index.corpus.chunkIds])).values()];
    for (const question of warmUp) await answerQuestion(pipeline, question);
    const latencies: number[] = [];
    const floors: number[] = [];
    {
      for (const question of measured) {
        let started = performance.now();
        await answerQuestion(pipeline, question);
        latencies.push(performance.now() - started);
        started = performance.now();
        const query = await pipeline.embedder.embedQuery(question);
        let best = -1;
        for (const vector of vectors) {
          let sum = 0;
          for (let i = 0; i < vector.length; i += 1) sum += vector[i]! * query[i]!;
          if (sum > best) best = sum;
        }
        floors.push(performance.now() - started);
      }
    }
    await pipeline.close();
    const p95 = percentile(latencies, 0.95);
    const floorP95 = percentile(floors, 0.95);
    console.log(`\n## Warm offline query latency over the CME index (${vectors.length} chunks, ${latencies.length} queries)`);
    console.log(`floor (embed + exhaustive dot product): p50 ${median(floors).toFixed(2)} ms, p95 ${floorP95.toFixed(2)} ms`);
    console.log(`answerQuestion (whole pipeline):        p50 ${median(latencies).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    console.log(`ratio p95/floor p95: ${(p95 / floorP95).toFixed(2)}×   (goal p95 ≤ 30 ms: ${p95 <= 30 ? 'met' : 'NOT met'}; ≤ 5× floor: ${p95 / floorP95 <= 5 ? 'met' : 'NOT met'})`);
  } finally {
    rmSync(indexDir, { recursive: true, force: true });
  }
}

const scaleAt = process.argv.indexOf('--scale');
if (scaleAt >= 0) {
  const scales = (process.argv[scaleAt + 1] ?? '1').split(',').map(Number);
  if (scales.some((scale) => !Number.isInteger(scale) || scale < 1)) {
    console.error(`bench: --scale takes whole numbers separated by commas (1,10,100), got "${process.argv[scaleAt + 1] ?? ''}"`);
    process.exitCode = 2;
  } else {
    ensurePdftotext();
    await benchScale(scales);
  }
} else if (!existsSync(corpus)) {
  console.error(`bench: ${corpus} is missing; the benchmarks run on the real CME corpus beside the checkout`);
  process.exitCode = 2;
} else if (process.argv.includes('--service')) {
  await benchService();
} else if (process.argv.includes('--object-storage')) {
  await benchObjectStorage(corpus);
} else if (process.argv.includes('--startup')) {
  startupOverFreshIndex();
} else if (process.argv.includes('--sweep')) {
  await benchSweep();
} else {
  await benchIngest();
  await benchQuery();
  benchLongLine();
  await benchSweep();
  startupOverFreshIndex();
}

function startupOverFreshIndex(): void {
  const indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-bench-startup-index-'));
  try {
    execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ingest-once.ts'), corpus, indexDir], { cwd: repoRoot });
    benchStartup(repoRoot, indexDir, runs);
  } finally {
    rmSync(indexDir, { recursive: true, force: true });
  }
}
