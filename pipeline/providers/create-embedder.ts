import type { ClausegateConfig, SourceConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { ClausegateError } from '../errors.ts';
import { createOpenAIClient } from './create-openai-client.ts';
import type { Embedder } from './embedder.ts';
import { createOfflineEmbedder } from './offline-embedder.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';

/**
 * Creates the embedder the config names: `offline` (the default) gives the hashed n-gram embedder
 * with `offline.embeddingDimensions` (and the source's generic words as stop words); `openai` gives the OpenAI embedder with the `openai` section's
 * model, dimensions, batch size, retries and concurrency. Throws `provider_missing_key` when
 * `openai` is chosen without `OPENAI_API_KEY` in `environment`.
 */
export function createEmbedder(config: ClausegateConfig, environment: ProviderEnvironment, source?: SourceConfig): Embedder {
  switch (config.provider) {
    case 'offline':
      return createOfflineEmbedder({ dimensions: config.offline.embeddingDimensions, sourceStopwords: source?.lexical.genericWords });
    case 'openai':
      return createOpenAIEmbedder({
        client: createOpenAIClient(environment, config.openai),
        model: config.openai.embeddingModel,
        dimensions: config.openai.embeddingDimensions,
        batchSize: config.openai.embeddingBatchSize,
        maxRetries: config.openai.maxRetries,
        totalTimeoutMs: config.openai.totalTimeoutMs,
        concurrency: config.openai.concurrency,
      });
    default: {
      const unknown: never = config.provider;
      throw new ClausegateError('internal', `no embedder for provider ${String(unknown)}`);
    }
  }
}
