import path from 'node:path';
import type { ClausegateConfig, SourceConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { ClausegateError } from '../errors.ts';
import { createOpenAIClient } from './create-openai-client.ts';
import { DEFAULT_RERANK_WEIGHTS_FILE, loadRerankWeights } from '../rerank/rerank-weights.ts';
import { createLearnedReranker } from './learned-reranker.ts';
import { createOfflineReranker } from './offline-reranker.ts';
import { createOpenAIReranker } from './openai-reranker.ts';
import type { Reranker } from './reranker.ts';
import { createResponseCache } from './response-cache.ts';

/**
 * Creates the reranker the config names: `offline` (the default) gives the lexical reranker, which
 * counts the expansion rules' spellings (`retrieval.expansions`) as the abbreviations they expand;
 * `openai` gives the LLM reranker with `openai.chatModel`, `rerank.chunkCharacterCap`,
 * `rerank.concurrency` and `openai.maxRetries`, caching its replies in `<paths.cacheDir>/responses`
 * in the `generation.cache` mode (in `replay` mode a miss throws `cache_miss`, which the pipeline
 * treats like any reranker failure: retrieval order, marked `rerank_fallback`). Throws
 * `provider_missing_key` when `openai` is chosen without `OPENAI_API_KEY` in `environment`.
 */
export function createReranker(config: ClausegateConfig, environment: ProviderEnvironment, source?: SourceConfig): Reranker {
  switch (config.provider) {
    case 'offline':
      return config.rerank.offlineModel === 'learned'
        ? createLearnedReranker(loadRerankWeights(config.rerank.weightsFile ?? DEFAULT_RERANK_WEIGHTS_FILE), config.retrieval.expansions)
        : createOfflineReranker({ expansions: config.retrieval.expansions, ...source?.lexical });
    case 'openai':
      return createOpenAIReranker({
        client: createOpenAIClient(environment, config.openai),
        model: config.openai.chatModel,
        chunkCharacterCap: config.rerank.chunkCharacterCap,
        concurrency: config.rerank.concurrency,
        maxRetries: config.openai.maxRetries,
        totalTimeoutMs: config.openai.totalTimeoutMs,
        cache: createResponseCache({ dir: path.join(config.paths.cacheDir, 'responses'), mode: config.generation.cache }),
      });
    default: {
      const unknown: never = config.provider;
      throw new ClausegateError('internal', `no reranker for provider ${String(unknown)}`);
    }
  }
}
