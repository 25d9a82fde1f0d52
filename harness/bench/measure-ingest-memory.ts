// `npx tsx harness/bench/measure-ingest-memory.ts <root> <indexDir> [source]`: one cold offline
// ingest that prints, every 32 documents read, the process's RSS beside the main thread's share
// (V8 heap used and total, memory outside the heap: Arrow and typed arrays). What RSS holds beyond
// the main thread is the extraction workers' heaps, LanceDB's native memory and, under tsx, its
// module-hooks thread. The source defaults to the scale benchmark's (`scale`).
import { ingestSource } from '../../pipeline/ingest/index.ts';
import { createEmbedder } from '../../pipeline/providers/create-embedder.ts';
import { benchConfig, SCALE_SOURCE } from './bench-config.ts';

const [root, indexDir, source = SCALE_SOURCE] = process.argv.slice(2);
if (!root || !indexDir) throw new Error('usage: measure-ingest-memory.ts <root> <indexDir> [source]');
const config = benchConfig(indexDir);
const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MiB`;
let events = 0;
await ingestSource({
  source,
  root,
  config,
  embedder: createEmbedder(config, { openaiApiKey: undefined, openaiBaseUrl: undefined }, config.sources[source]),
  now: () => new Date(),
  onProgress: (event) => {
    if (event.phase !== 'extract' || events++ % 32 !== 0) return;
    const usage = process.memoryUsage();
    console.log(`${event.done}/${event.total} documents: rss ${mib(usage.rss)}; main thread heap used ${mib(usage.heapUsed)} of ${mib(usage.heapTotal)}, outside the heap ${mib(usage.external)}`);
  },
});
console.log(`peak RSS ${mib(process.resourceUsage().maxRSS * 1024)}`);
