/**
 * Child process of the permission tests: ingests `<root>` into `<indexDir>` as source `sample` with
 * the offline embedder and prints the summary as JSON (or the error's code and message).
 *
 * Usage: node --import tsx ingest-child.fixture.ts <root> <indexDir> [maxFileBytes]
 */
import { ClausegateConfig } from '../config/config-schema.ts';
import { isClausegateError } from '../errors.ts';
import { createOfflineEmbedder } from '../providers/offline-embedder.ts';
import { ingestSource } from './ingest-source.ts';

const [root, indexDir, maxFileBytes] = process.argv.slice(2);
if (!root || !indexDir) {
  process.stderr.write('usage: ingest-child.fixture.ts <root> <indexDir> [maxFileBytes]\n');
  process.exitCode = 2;
} else {
  const config = ClausegateConfig.parse({ paths: { indexDir }, ...(maxFileBytes ? { ingest: { maxFileBytes: Number(maxFileBytes) } } : {}) });
  try {
    const summary = await ingestSource({ source: 'sample', root, config, embedder: createOfflineEmbedder({ dimensions: config.offline.embeddingDimensions }), now: () => new Date() });
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify(isClausegateError(error) ? { code: error.code, message: error.message, hint: error.hint } : { code: 'unexpected', message: String(error) })}\n`);
    process.exitCode = 1;
  }
}
