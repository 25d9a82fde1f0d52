import type { AnswerPipeline } from './answer-question.ts';
import type { ClausegateConfig } from './config/config-schema.ts';
import type { ProviderEnvironment } from './config/load-config.ts';
import { ClausegateError } from './errors.ts';
import { createEmbedder } from './providers/create-embedder.ts';
import { createGenerator } from './providers/create-generator.ts';
import { createReranker } from './providers/create-reranker.ts';
import { prepareOfflineReading } from './providers/offline-reranker.ts';
import { openIndex } from './store/index.ts';

/** An answer pipeline with the index it opened; `close()` releases the index. */
export interface OpenedAnswerPipeline extends AnswerPipeline {
  close(): Promise<void>;
}

/**
 * Creates the providers named by the config and opens the source's index, checking that it was
 * built with the same embedder (vectors are never mixed). With the offline provider, the chunks are
 * read for the lexical reranker and generator at once (`prepareOfflineReading`).
 */
export async function openAnswerPipeline(config: ClausegateConfig, environment: ProviderEnvironment, source: string): Promise<OpenedAnswerPipeline> {
  if (!config.sources[source]) {
    throw new ClausegateError('input_invalid', `unknown source "${source}"; configured sources: ${Object.keys(config.sources).join(', ')}`, {
      hint: 'add the source to .clausegate.json (sources.<name>.refusal) or pick one of the configured names',
    });
  }
  const embedder = createEmbedder(config, environment);
  const reranker = createReranker(config, environment);
  const generator = createGenerator(config, environment);
  const index = await openIndex(config.paths.indexDir, source, { embedder: embedder.info });
  if (config.provider === 'offline') prepareOfflineReading(index.chunks.values());
  return { config, source, index, embedder, reranker, generator, close: () => index.close() };
}
