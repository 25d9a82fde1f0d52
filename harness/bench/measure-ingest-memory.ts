// `npx tsx harness/bench/measure-ingest-memory.ts <root> <indexDir> [source]`: one cold offline
// ingest that prints, every 32 documents read, the process's RSS beside the main thread's share
// (V8 heap used and total, memory outside the heap: Arrow and typed arrays). What RSS holds beyond
// the main thread is the extraction workers' heaps, LanceDB's native memory and, under tsx, its
// module-hooks thread. The source defaults to the scale benchmark's (`scale`). The main thread's
// heap is collected before each line, so "heap used" is what the ingest keeps alive.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ingestSource } from '../../pipeline/ingest/index.ts';
import { createEmbedder } from '../../pipeline/providers/create-embedder.ts';
import { benchConfig, SCALE_SOURCE } from './bench-config.ts';

const [root, indexDir, source = SCALE_SOURCE] = process.argv.slice(2);
if (!root || !indexDir) throw new Error('usage: measure-ingest-memory.ts <root> <indexDir> [source]');
const config = benchConfig(indexDir);
// `--expose-gc` cannot be given on the command line: the extraction workers inherit the flags and refuse it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
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
    collectGarbage();
    const usage = process.memoryUsage();
    console.log(`${event.done}/${event.total} documents: rss ${mib(usage.rss)}; main thread heap used ${mib(usage.heapUsed)} of ${mib(usage.heapTotal)}, outside the heap ${mib(usage.external)}`);
  },
});
console.log(`peak RSS ${mib(process.resourceUsage().maxRSS * 1024)}`);
