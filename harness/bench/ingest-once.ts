// Child process of the benchmark: one cold offline ingest into a fresh index folder, then prints
// its timings and this process's peak memory as JSON. Run in its own process so that "cold" means
// a fresh module load and the peak RSS is the ingest's own.
import { ingestSource } from '../../pipeline/ingest/index.ts';
import { createEmbedder } from '../../pipeline/providers/create-embedder.ts';
import { benchConfig } from './bench-config.ts';

const [root, indexDir, source = 'cme'] = process.argv.slice(2);
if (!root || !indexDir) throw new Error('usage: ingest-once.ts <root> <indexDir> [source]');
const started = performance.now();
const config = benchConfig(indexDir);
const summary = await ingestSource({
  source,
  root,
  config,
  embedder: createEmbedder(config, { openaiApiKey: undefined, openaiBaseUrl: undefined }, config.sources[source]),
  now: () => new Date(),
});
const wallMs = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ wallMs, timings: summary.timings, counts: summary.counts, maxRssKb: process.resourceUsage().maxRSS })}\n`,
);
