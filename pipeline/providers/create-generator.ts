import path from 'node:path';
import type { ClausegateConfig, SourceConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { ClausegateError } from '../errors.ts';
import { createOpenAIClient } from './create-openai-client.ts';
import { DEFAULT_ANSWER_UNIT_WEIGHTS_FILE, loadAnswerUnitWeights } from './answer-unit-weights.ts';
import { createExtractiveGenerator } from './extractive-generator.ts';
import type { Generator } from './generator.ts';
import { createOpenAIGenerator } from './openai-generator.ts';
import { createResponseCache } from './response-cache.ts';

/**
 * Creates the generator the config names: `offline` (the default) gives the extractive generator
 * (with the expansion rules, `retrieval.expansions`, as the lexical reranker);
 * `openai` gives the OpenAI generator with `openai.chatModel`, `generation.temperature` and
 * `openai.maxRetries`, caching its replies in `<paths.cacheDir>/responses` in the `generation.cache`
 * mode. Throws `provider_missing_key` when `openai` is chosen without `OPENAI_API_KEY` in `environment`.
 */
export function createGenerator(config: ClausegateConfig, environment: ProviderEnvironment, source?: SourceConfig): Generator {
  switch (config.provider) {
    case 'offline':
      return createExtractiveGenerator(
        { expansions: config.retrieval.expansions, ...source?.lexical },
        config.generation.offlineUnitChoice === 'learned' ? loadAnswerUnitWeights(config.generation.unitWeightsFile ?? DEFAULT_ANSWER_UNIT_WEIGHTS_FILE) : undefined,
      );
    case 'openai':
      return createOpenAIGenerator({
        client: createOpenAIClient(environment, config.openai),
        model: config.openai.chatModel,
        temperature: config.generation.temperature,
        maxRetries: config.openai.maxRetries,
        totalTimeoutMs: config.openai.totalTimeoutMs,
        cache: createResponseCache({ dir: path.join(config.paths.cacheDir, 'responses'), mode: config.generation.cache }),
      });
    default: {
      const unknown: never = config.provider;
      throw new ClausegateError('internal', `no generator for provider ${String(unknown)}`);
    }
  }
}
