// `npx tsx harness/bench/measure-store-scale.ts [factor …]` (default 10 100): the index store at
// `factor`× the ingested CME index (.clausegate/index, `npx harness ingest --source cme` first).
// For each factor it writes a synthetic index (every CME chunk `factor` times: text tagged with the
// copy's number, vector = the chunk's vector plus Gaussian noise of norm 0.5, re-normalised), then
// prints the write time (with the IVF_PQ build above the threshold), the open time (median of 5),
// the vector search latency and recall@10 against exhaustive float64 search, over the CME golden
// questions. Not a test: run it by hand, the figures go to the README.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { openIndex, writeIndex, type IndexManifestInput } from '../../pipeline/store/index.ts';
import type { Chunk } from '../../pipeline/types.ts';
import { benchConfig } from './bench-config.ts';
import { median, percentile } from './bench-statistics.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const factors = process.argv.slice(2).map(Number).filter((value) => value > 0);


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

function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let index = 0; index < vector.length; index += 1) vector[index]! *= scale;
  return vector;
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
  const baseChunks = [...pipeline.index.chunks.values()];
  const baseVectors = await pipeline.index.vectorsFor(baseChunks.map((chunk) => chunk.chunkId));
  const questions = readFileSync(path.join(repoRoot, 'golden/cme/baseline.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { question: string }).question);
  const queries: Float32Array[] = [];
  for (const question of questions) queries.push(normalise(Float32Array.from(await pipeline.embedder.embedQuery(question))));
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
        normalise(noise);
        vectors.push(normalise(base.map((value, index) => value + (copy === 0 ? 0 : 0.5 * noise[index]!))));
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
    const indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-store-scale-'));
    try {
      let started = performance.now();
      const written = await writeIndex({ indexDir, source: 'scale', manifest, chunks, vectors, definitions: [] });
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
        `${factor}×: ${chunks.length} chunks, vector search ${written.manifest.store?.vectorIndex}; write ${(writeMs / 1000).toFixed(1)} s; ` +
          `open median ${median(openings).toFixed(0)} ms [${openings.map((value) => value.toFixed(0)).join(', ')}]; ` +
          `searchVectors p50 ${median(latencies).toFixed(1)} ms p95 ${percentile(latencies, 0.95).toFixed(1)} ms; ` +
          `recall@10 vs exhaustive ${(found / (queries.length * 10)).toFixed(4)} (${found}/${queries.length * 10})`,
      );
    } finally {
      rmSync(indexDir, { recursive: true, force: true });
    }
  }
}

await main();
