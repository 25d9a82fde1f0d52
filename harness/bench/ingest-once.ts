// Child process of the benchmark: one cold offline ingest into a fresh index folder, then prints
// its timings and this process's peak memory as JSON. Run in its own process so that "cold" means
// a fresh module load and the peak RSS is the ingest's own.
import { ingestSource } from '../../pipeline/ingest/index.ts';
import { createEmbedder } from '../../pipeline/providers/create-embedder.ts';
import { benchConfig } from './bench-config.ts';

// `--no-ocr`: pages without a usable text layer are reported, not recognised (what `pdftotext` does).
const arguments_ = process.argv.slice(2);
const ocr = !arguments_.includes('--no-ocr');
const [root, indexDir, source = 'cme'] = arguments_.filter((argument) => argument !== '--no-ocr');
if (!root || !indexDir) throw new Error('usage: ingest-once.ts <root> <indexDir> [source] [--no-ocr]');
const started = performance.now();
const config = benchConfig(indexDir);
const summary = await ingestSource({
  source,
  root,
  config,
  embedder: createEmbedder(config, { openaiApiKey: undefined, openaiBaseUrl: undefined }, config.sources[source]),
  now: () => new Date(),
  ...(ocr ? {} : { ocr: false as const }),
});
const wallMs = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({ wallMs, timings: summary.timings, counts: summary.counts, maxRssKb: process.resourceUsage().maxRSS })}\n`,
);
