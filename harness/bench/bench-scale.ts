// `npm run bench -- --scale 1,10,100`: the scale benchmark over generated corpora of scale × 34
// distinct synthetic licensing documents (generate-scale-corpus.ts; cached in .cache/scale-corpus).
// Per scale, in one run: cold offline ingest (its own process; its peak RSS, worker threads
// included) against `pdftotext` over the same PDFs, an unchanged re-ingest (everything reused),
// index size on disk, index open time, warm query p50/p95, a cold query (whole `harness query`
// process) and recall@10 of the index's vector search against exhaustive search.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchConfigFile, SCALE_SOURCE } from './bench-config.ts';
import { generateScaleCorpus } from './generate-scale-corpus.ts';
import { median, percentile } from './bench-statistics.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(repoRoot, '.cache/scale-corpus');
const seed = Number(process.env.BENCH_SEED ?? 1);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true }).map((entry) => path.join(folder, String(entry))).filter((file) => statSync(file).isFile());
}
function bytesUnder(folder: string): number {
  return filesUnder(folder).reduce((sum, file) => sum + statSync(file).size, 0);
}

function timePdftotext(root: string): number {
  const pdfs = filesUnder(root).filter((file) => file.endsWith('.pdf'));
  const started = performance.now();
  for (const file of pdfs) spawnSync('pdftotext', [file, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
  return performance.now() - started;
}

interface IngestRun {
  wallMs: number;
  maxRssKb: number;
  counts: { files: number; documents: number; chunks: number; duplicates: number; skipped: number; reusedDocuments: number; embeddedChunks: number };
}
function ingest(root: string, indexDir: string): IngestRun {
  const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'ingest-once.ts'), root, indexDir, SCALE_SOURCE], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').pop()!) as IngestRun;
}

function coldQuery(indexDir: string, question: string): number {
  const configFile = path.join(indexDir, 'bench-config.json');
  writeFileSync(configFile, JSON.stringify(benchConfigFile(indexDir)));
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'harness/bin.mjs'), 'query', question, '--source', SCALE_SOURCE, '--config', configFile, '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`harness query failed (${result.status}): ${result.stderr}`);
  return elapsed;
}

/** Runs the scale benchmark at each of `scales` and prints one section per scale. */
export async function benchScale(scales: readonly number[]): Promise<void> {
  for (const scale of scales) {
    const generated = performance.now();
    const corpus = await generateScaleCorpus(cacheDir, seed, scale);
    const generateMs = performance.now() - generated;
    // The same fixed questions at every scale: those of the first 34 documents.
    const questions = corpus.questions.filter((_, at) => at % 2 === 0).slice(0, 60);
    const runs = scale === 1 ? Number(process.env.BENCH_RUNS ?? 3) : 1;
    const pdftotext: number[] = [];
    const ingests: IngestRun[] = [];
    let indexDir = '';
    for (let run = 0; run < runs; run += 1) {
      pdftotext.push(timePdftotext(corpus.root));
      if (indexDir !== '') rmSync(indexDir, { recursive: true, force: true });
      indexDir = mkdtempSync(path.join(tmpdir(), `clausegate-bench-scale-${scale}-`));
      ingests.push(ingest(corpus.root, indexDir));
    }
    try {
      const reingest = ingest(corpus.root, indexDir);
      const versions = path.join(indexDir, SCALE_SOURCE, 'versions');
      const current = readdirSync(versions).sort().pop()!;
      const indexBytes = bytesUnder(path.join(versions, current));
      const questionsFile = path.join(indexDir, 'questions.json');
      writeFileSync(questionsFile, JSON.stringify(questions));
      const child = JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'scale-query-child.ts'), indexDir, questionsFile], {
          cwd: repoRoot,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        }).trim().split('\n').pop()!,
      ) as { openMs: number[]; latencies: number[]; recallAt10: number; recallQuestions: number; chunks: number };
      const cold = [0, 1, 2].map((at) => coldQuery(indexDir, questions[at]!));

      const ingestMs = median(ingests.map((run) => run.wallMs));
      const ratio = ingestMs / median(pdftotext);
      const counts = ingests[0]!.counts;
      const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
      console.log(`\n## Scale ${scale}× (seed ${seed}): ${counts.files} files, ${counts.documents} documents indexed, ${counts.chunks} chunks, ${counts.duplicates} duplicates, ${counts.skipped} skipped  (corpus ready in ${(generateMs / 1000).toFixed(1)} s)`);
      console.log(`ingest (cold, offline):   median ${(ingestMs / 1000).toFixed(1)} s of ${runs} run(s) [${ingests.map((run) => (run.wallMs / 1000).toFixed(1)).join(', ')}]; pdftotext ${(median(pdftotext) / 1000).toFixed(1)} s; ratio ${ratio.toFixed(2)}×${scale === 1 ? `  (goal ≤ 4×: ${ratio <= 4 ? 'met' : 'NOT met'})` : ''}`);
      console.log(`ingest peak RSS:          median ${mib(median(ingests.map((run) => run.maxRssKb)))}  (goal ≤ 1 GiB at 100×${scale === 100 ? `: ${median(ingests.map((run) => run.maxRssKb)) <= 1024 * 1024 ? 'met' : 'NOT met'}` : ''})`);
      console.log(`re-ingest, unchanged:     ${(reingest.wallMs / 1000).toFixed(1)} s, peak RSS ${mib(reingest.maxRssKb)}, ${reingest.counts.reusedDocuments} reused, ${reingest.counts.embeddedChunks} embedded`);
      console.log(`index size on disk:       ${(indexBytes / 1024 / 1024).toFixed(1)} MiB`);
      console.log(`index open:               median ${median(child.openMs).toFixed(0)} ms [${child.openMs.map((value) => value.toFixed(0)).join(', ')}]`);
      console.log(`warm query (${child.latencies.length} questions): p50 ${median(child.latencies).toFixed(1)} ms, p95 ${percentile(child.latencies, 0.95).toFixed(1)} ms`);
      console.log(`cold query (whole harness query process): median ${(median(cold) / 1000).toFixed(2)} s [${cold.map((value) => (value / 1000).toFixed(2)).join(', ')}]`);
      console.log(`recall@10 vs exhaustive:  ${child.recallAt10.toFixed(3)} over ${child.recallQuestions} questions`);
    } finally {
      rmSync(indexDir, { recursive: true, force: true });
    }
  }
}
