import { answerQuestion, type AnswerPipeline, type AnswerResult, type GenerationRequest, type Generator } from '../../pipeline/index.ts';
import { renderTemplate, type PromptTemplate, type Strictness } from '../templates/prompt-template.ts';

/** How one question is answered: the template, strictness and evidence budget. */
export interface TemplateOptions {
  template: PromptTemplate;
  strictness: Strictness;
  /** Evidence chunks that may reach the prompt (`budget.maxChunks`). */
  topK: number;
  /** Evidence tokens of the prompt (`budget.evidenceTokens`). */
  tokenBudget: number;
  /** Strict regenerations after a citation violation before refusing (0 or 1). */
  retriesOnHallucination: number;
  /** Only these documents are retrieved (the request's type and date filters); default all. */
  documents?: ReadonlySet<string> | undefined;
}

/** A generator that records the request it would have sent and answers with the refusal: a dry run never calls a model. */
export class DryRunGenerator implements Generator {
  readonly requests: GenerationRequest[] = [];
  constructor(readonly info: Generator['info']) {}

  async generate(request: GenerationRequest) {
    this.requests.push(request);
    return {
      output: { kind: 'refusal' as const, text: request.refusal },
      telemetry: { model: this.info.model, promptSha256: request.promptSha256, attempts: 0, latencyMs: 0, promptTokens: 0, completionTokens: 0, finishReason: 'dry_run', cached: false },
    };
  }
}

/**
 * Answers `question` from `pipeline` through `template`: the template's sentence limit and the
 * request's top_k and token budget replace the pipeline's, and the prompt is rendered by the
 * template (the default template gives the frozen prompt's bytes); `documents` limits retrieval to
 * an allow-list. `generator` replaces the
 * pipeline's (a dry run). The pipeline itself is not changed.
 */
export function answerWithTemplate(pipeline: AnswerPipeline, question: string, options: TemplateOptions, generator?: Generator): Promise<AnswerResult> {
  const { config } = pipeline;
  const evidenceTokens = options.tokenBudget;
  const configured = {
    ...config,
    generation: {
      ...config.generation,
      maxAnswerSentences: options.template.maxSentences ?? config.generation.maxAnswerSentences,
      regenerateOnViolation: config.generation.regenerateOnViolation && options.retriesOnHallucination > 0,
    },
    budget: {
      ...config.budget,
      maxChunks: options.topK,
      maxChunksPerDocument: Math.min(config.budget.maxChunksPerDocument, options.topK),
      evidenceTokens,
      promptTokens: Math.max(config.budget.promptTokens, evidenceTokens + config.budget.outputReserveTokens),
    },
  };
  const answering: AnswerPipeline = { ...pipeline, config: configured, generator: generator ?? pipeline.generator };
  return answerQuestion(answering, question, {
    buildPrompt: (input) => renderTemplate(options.template, options.strictness, input),
    ...(options.documents === undefined ? {} : { documents: options.documents }),
  });
}
