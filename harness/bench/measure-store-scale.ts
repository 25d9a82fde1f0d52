// `npx tsx harness/bench/measure-store-scale.ts [factor …]` (default 10 100): the index store at
// `factor`× the ingested CME index (.clausegate/index, `npx harness ingest --source cme` first).
// For each factor it writes a synthetic index (every CME chunk `factor` times: text tagged with the
// copy's number, vector = the chunk's vector plus Gaussian noise of norm 0.5, re-normalised), then
// prints the write time (with the IVF_PQ build above the threshold), the open time (median of 5),
// the vector search latency and recall@10 against exhaustive float64 search, over the CME golden
// questions. Not a test: run it by hand, the figures go to the README.
// `--keep DIR` writes each factor's index to DIR/x<factor> and keeps it; a later run with the same
// DIR reuses an index already there instead of writing it again (the 100× IVF_PQ build takes most
// of an hour on a loaded machine; `measure-vector-settings.ts` searches the kept table).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { openIndex, writeIndex, type IndexManifestInput } from '../../pipeline/store/index.ts';
import type { Chunk } from '../../pipeline/types.ts';
import { benchConfig } from './bench-config.ts';
import { median, percentile } from './bench-statistics.ts';
import { embedQuestions, normaliseVector, readGoldenQuestions } from './embed-golden-questions.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const keepAt = process.argv.indexOf('--keep');
const keepDir = keepAt >= 0 ? path.resolve(process.argv[keepAt + 1] ?? '.cache/store-scale') : undefined;
const factors = process.argv
  .slice(2)
  .filter((_, position) => keepAt < 0 || (position !== keepAt - 2 && position !== keepAt - 1))
  .map(Number)
  .filter((value) => value > 0);


/** A seeded Gaussian source (mulberry32 + Box–Muller), so every run builds the same table. */
function createGaussian(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

function exactTop(vectors: readonly Float32Array[], ids: readonly string[], query: Float32Array, k: number): string[] {
  const scored = vectors.map((vector, row) => {
    let sum = 0;
    for (let index = 0; index < vector.length; index += 1) sum += vector[index]! * query[index]!;
    return { id: ids[row]!, score: sum };
  });
  scored.sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1));
  return scored.slice(0, k).map((hit) => hit.id);
}

async function main(): Promise<void> {
  const pipeline = await openAnswerPipeline(benchConfig(path.join(repoRoot, '.clausegate/index')), { openaiApiKey: undefined, openaiBaseUrl: undefined }, 'cme');
  const baseChunks = await pipeline.index.readAllChunks();
  const baseVectors = await pipeline.index.vectorsFor(baseChunks.map((chunk) => chunk.chunkId));
  const queries = await embedQuestions(pipeline.embedder, readGoldenQuestions(repoRoot, 'cme'));
  const embedder = { ...pipeline.embedder.info };
  await pipeline.close();

  for (const factor of factors.length > 0 ? factors : [10, 100]) {
    const gaussian = createGaussian(factor);
    const chunks: Chunk[] = [];
    const vectors: Float32Array[] = [];
    const docs = new Set<string>();
    for (let copy = 0; copy < factor; copy += 1) {
      for (const chunk of baseChunks) {
        const doc = `copy-${copy}/${chunk.doc}`;
        docs.add(doc);
        chunks.push({ ...chunk, doc, chunkId: `${chunk.chunkId}-x${copy}`, text: `${chunk.text} copy${copy}`, source: 'scale' });
        const base = baseVectors.get(chunk.chunkId)!;
        const noise = new Float32Array(base.length).map(() => gaussian());
        normaliseVector(noise);
        vectors.push(normaliseVector(base.map((value, index) => value + (copy === 0 ? 0 : 0.5 * noise[index]!))));
      }
    }
    const manifest: IndexManifestInput = {
      schemaVersion: 1,
      source: 'scale',
      indexVersion: `v-scale-${factor}`,
      createdAt: new Date().toISOString(),
      embedder,
      chunkerVersion: 'synthetic',
      policyVersion: 'synthetic',
      documents: [...docs].map((doc) => ({ doc, sha256: '0'.repeat(64), format: 'txt' as const, pages: 1, chunks: chunks.filter((chunk) => chunk.doc === doc).length, status: 'indexed' as const })),
      counts: { documents: docs.size, pages: docs.size, chunks: chunks.length, definitions: 0, skipped: 0, duplicates: 0 },
    };
    const indexDir = keepDir === undefined ? mkdtempSync(path.join(tmpdir(), 'clausegate-store-scale-')) : path.join(keepDir, `x${factor}`);
    const reused = keepDir !== undefined && existsSync(path.join(indexDir, 'scale', 'CURRENT'));
    if (keepDir !== undefined) mkdirSync(indexDir, { recursive: true });
    try {
      let started = performance.now();
      const vectorIndex = reused ? `reused ${indexDir}` : (await writeIndex({ indexDir, source: 'scale', manifest, chunks, vectors, definitions: [] })).manifest.store?.vectorIndex;
      const writeMs = performance.now() - started;
      const openings: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        started = performance.now();
        const opened = await openIndex(indexDir, 'scale');
        openings.push(performance.now() - started);
        await opened.close();
      }
      const index = await openIndex(indexDir, 'scale');
      const ids = chunks.map((chunk) => chunk.chunkId);
      const latencies: number[] = [];
      let found = 0;
      for (const query of queries) {
        started = performance.now();
        const hits = await index.searchVectors(query, 10);
        latencies.push(performance.now() - started);
        const exact = new Set(exactTop(vectors, ids, query, 10));
        found += hits.filter((hit) => exact.has(hit.chunkId)).length;
      }
      await index.close();
      console.log(
        `${factor}×: ${chunks.length} chunks, vector search ${vectorIndex}; write ${(writeMs / 1000).toFixed(1)} s; ` +
          `open median ${median(openings).toFixed(0)} ms [${openings.map((value) => value.toFixed(0)).join(', ')}]; ` +
          `searchVectors p50 ${median(latencies).toFixed(1)} ms p95 ${percentile(latencies, 0.95).toFixed(1)} ms; ` +
          `recall@10 vs exhaustive ${(found / (queries.length * 10)).toFixed(4)} (${found}/${queries.length * 10})`,
      );
    } finally {
      if (keepDir === undefined) rmSync(indexDir, { recursive: true, force: true });
    }
  }
}

await main();
