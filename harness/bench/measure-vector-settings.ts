// `npx tsx harness/bench/measure-vector-settings.ts [DIR]` (default .cache/store-scale/x100): recall@10
// and latency of the IVF_PQ search over a grid of its query-time settings (`nprobes` × `refineFactor`),
// on a synthetic index kept by `measure-store-scale.ts 100 --keep .cache/store-scale`. The table is
// built once; only the query changes. Each setting runs the CME golden questions (embedded by the CME
// index's offline embedder, `npx harness ingest --source cme` first) through `searchChunkVectors`,
// after one untimed pass of every question, and is compared with an exhaustive float64 search over
// every stored vector. Prints one Markdown row per setting and the setting chosen by the rule: the
// smallest p95 with recall@10 ≥ 0.98. Not a test: run it by hand, the figures go to the README.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { openChunkTable } from '../../pipeline/store/chunk-table.ts';
import { IndexManifest } from '../../pipeline/store/index.ts';
import { searchChunkVectors, vectorIndexPartitions, type VectorSearchSettings } from '../../pipeline/store/search-chunk-vectors.ts';
import { benchConfig } from './bench-config.ts';
import { median, percentile } from './bench-statistics.ts';
import { embedQuestions, readGoldenQuestions } from './embed-golden-questions.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const indexDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '.cache/store-scale/x100'));
const RECALL_GOAL = 0.98;
const K = 10;

/** The exact top `k` ids by dot product (the stored vectors are unit length), ties by id. */
function exactTop(matrix: Float32Array, ids: readonly string[], dimensions: number, query: Float32Array, k: number): string[] {
  const scored: { id: string; score: number }[] = [];
  for (let row = 0; row < ids.length; row += 1) {
    let sum = 0;
    const offset = row * dimensions;
    for (let index = 0; index < dimensions; index += 1) sum += matrix[offset + index]! * query[index]!;
    scored.push({ id: ids[row]!, score: sum });
  }
  scored.sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1));
  return scored.slice(0, k).map((hit) => hit.id);
}

async function main(): Promise<void> {
  const pipeline = await openAnswerPipeline(benchConfig(path.join(repoRoot, '.clausegate/index')), { openaiApiKey: undefined, openaiBaseUrl: undefined }, 'cme');
  const queries = await embedQuestions(pipeline.embedder, readGoldenQuestions(repoRoot, 'cme'));
  await pipeline.close();

  const current = (JSON.parse(readFileSync(path.join(indexDir, 'scale', 'CURRENT'), 'utf8')) as { indexVersion: string }).indexVersion;
  const versionDir = path.join(indexDir, 'scale', 'versions', current);
  const manifest = IndexManifest.parse(JSON.parse(readFileSync(path.join(versionDir, 'manifest.json'), 'utf8')));
  const dimensions = manifest.embedder.dimensions;
  const rows = manifest.counts.chunks;
  const opened = await openChunkTable({ uri: versionDir }, dimensions);
  try {
    const data = await opened.table.query().select(['chunk_id', 'vector']).toArrow();
    const ids = Array.from(data.getChild('chunk_id') as Iterable<string>);
    const matrix = new Float32Array(ids.length * dimensions);
    let at = 0;
    for (const part of data.getChild('vector')!.data) {
      const child = part.children[0]!;
      const start = child.offset + part.offset * dimensions;
      matrix.set((child.values as Float32Array).subarray(start, start + part.length * dimensions), at);
      at += part.length * dimensions;
    }
    const exact = queries.map((query) => new Set(exactTop(matrix, ids, dimensions, query, K)));
    const partitions = vectorIndexPartitions(rows);
    console.log(`${rows} rows, ${partitions} partitions, ${queries.length} questions, k ${K}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

    const probeCounts = [...new Set([20, 0.1, 0.15, 0.2, 0.3, 0.5, 1].map((share) => (share > 1 ? share : Math.ceil(share * partitions))))].sort((a, b) => a - b);
    const refineFactors = [5, 10, 20, 40];
    // One untimed pass so the first setting does not pay for the first reads of the table and index.
    for (const query of queries) await searchChunkVectors(opened.table, 'ivf_pq', query, K, { nprobes: partitions, refineFactor: 40 });

    const results: { settings: VectorSearchSettings; recall: number; found: number; p50: number; p95: number }[] = [];
    console.log('| nprobes (of partitions) | refineFactor | recall@10 | p50 ms | p95 ms |\n| --- | --- | --- | --- | --- |');
    for (const nprobes of probeCounts) {
      for (const refineFactor of refineFactors) {
        const settings = { nprobes, refineFactor };
        const latencies: number[] = [];
        let found = 0;
        for (const [position, query] of queries.entries()) {
          const started = performance.now();
          const hits = await searchChunkVectors(opened.table, 'ivf_pq', query, K, settings);
          latencies.push(performance.now() - started);
          found += hits.filter((hit) => exact[position]!.has(hit.chunkId)).length;
        }
        const result = { settings, found, recall: found / (queries.length * K), p50: median(latencies), p95: percentile(latencies, 0.95) };
        results.push(result);
        console.log(
          `| ${nprobes} (${((100 * nprobes) / partitions).toFixed(0)}%) | ${refineFactor} | ${result.recall.toFixed(4)} (${found}/${queries.length * K}) | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} |`,
        );
      }
    }
    const meeting = results.filter((result) => result.recall >= RECALL_GOAL).sort((left, right) => left.p95 - right.p95);
    const chosen = meeting[0];
    console.log(
      chosen === undefined
        ? `no setting reaches recall@10 ${RECALL_GOAL}`
        : `chosen (smallest p95 with recall@10 ≥ ${RECALL_GOAL}): nprobes ${chosen.settings.nprobes} of ${partitions}, refineFactor ${chosen.settings.refineFactor}: recall ${chosen.recall.toFixed(4)}, p50 ${chosen.p50.toFixed(1)} ms, p95 ${chosen.p95.toFixed(1)} ms`,
    );
    console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  } finally {
    opened.close();
  }
}

await main();
