import type { AnswerPipeline } from './answer-question.ts';
import type { ClausegateConfig } from './config/config-schema.ts';
import type { ProviderEnvironment } from './config/load-config.ts';
import { ClausegateError } from './errors.ts';
import { createEmbedder } from './providers/create-embedder.ts';
import { createGenerator } from './providers/create-generator.ts';
import { createReranker } from './providers/create-reranker.ts';
import { DEFAULT_GATE_WEIGHTS_FILE, loadGateWeights } from './gate/index.ts';
import { shippedAskWeights } from './question/ask-weights.ts';
import { openIndex, type SearchableIndex } from './store/index.ts';

/** An answer pipeline with the index it opened (its whole manifest and every chunk readable); `close()` releases the index. */
export interface OpenedAnswerPipeline extends AnswerPipeline {
  index: AnswerPipeline['index'] & SearchableIndex;
  close(): Promise<void>;
}

/**
 * Creates the providers named by the config and opens the source's index, checking that it was
 * built with the same embedder (vectors are never mixed). The offline scorers' token memos fill as
 * questions meet chunks (warming them over every chunk at open cost a few hundred ms per 600 chunks
 * and, past the memo's 50,000 entries, was thrown away again).
 */
export async function openAnswerPipeline(configured: ClausegateConfig, environment: ProviderEnvironment, source: string): Promise<OpenedAnswerPipeline> {
  const sourceConfig = configured.sources[source];
  if (!sourceConfig) {
    throw new ClausegateError('input_invalid', `unknown source "${source}"; configured sources: ${Object.keys(configured.sources).join(', ')}`, {
      hint: 'add the source to .clausegate.json (sources.<name>.refusal) or pick one of the configured names',
    });
  }
  const config = configForSource(configured, source);
  const embedder = createEmbedder(config, environment, sourceConfig);
  const reranker = createReranker(config, environment, sourceConfig);
  const generator = createGenerator(config, environment, sourceConfig);
  // The learned reading of what a question asks (`detectAsk`) is checked here, so a bad file stops the command before any question.
  shippedAskWeights();
  const gateWeights = config.gate.enabled && config.gate.learned ? loadGateWeights(config.gate.weightsFile ?? DEFAULT_GATE_WEIGHTS_FILE) : undefined;
  const index = await openIndex(config.paths.indexDir, source, { embedder: embedder.info });
  reranker.prepare?.(index.corpus.statistics);
  return { config, source, index, embedder, reranker, generator, gateWeights, close: () => index.close() };
}

/** The configuration a source's pipeline runs with: the source's own expansion rules join the general ones, for every stage that reads them. */
export function configForSource(configured: ClausegateConfig, source: string): ClausegateConfig {
  const sourceConfig = configured.sources[source];
  if (sourceConfig === undefined) return configured;
  return { ...configured, retrieval: { ...configured.retrieval, expansions: [...configured.retrieval.expansions, ...sourceConfig.expansions] } };
}
