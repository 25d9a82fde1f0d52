import type { AnswerResult } from '../../pipeline/answer-result.ts';
import type { HallucinationFlag, ObservedResult } from '../score/index.ts';

/** USD per million tokens (the config's `openai.pricing`); absent for the offline provider. */
export interface TokenPricing {
  embeddingInput: number;
  chatInput: number;
  chatOutput: number;
}

/**
 * Maps the pipeline's result to what the scorer reads: used evidence and the candidate pool as
 * spans, the hallucinations the pipeline's answer checks reported on an answered result, the
 * refusal, fallbacks, tokens, the case's latency and an estimated cost (question embedding plus
 * generation; cached generations cost nothing; reranker calls are not in the result and are not
 * counted). An answered result carries the checks of its final attempt only: a first attempt
 * that was regenerated is not a hallucination of the answer given.
 */
export function observeAnswer(result: AnswerResult, pricing: TokenPricing | undefined): ObservedResult {
  const answered = result.status === 'answered';
  const refused = result.status === 'refused';
  const hallucinations: HallucinationFlag[] = [];
  if (answered) {
    for (const violation of result.validation?.violations ?? []) {
      const flag = toHallucination(violation.code, violation.detail);
      if (flag !== undefined) hallucinations.push(flag);
    }
  }
  const generated = result.generation !== null && !result.generation.cached;
  const costUsd =
    pricing === undefined
      ? 0
      : (result.tokens.question * pricing.embeddingInput + (generated ? result.tokens.prompt * pricing.chatInput + result.tokens.completion * pricing.chatOutput : 0)) / 1_000_000;
  return {
    status: result.status,
    answer: answered ? (result.answer ?? '') : '',
    ...(refused && result.refusal !== null ? { refusalReason: result.refusal.reason, refusalText: result.refusal.text } : {}),
    generatorCalls: result.generation?.calls ?? 0,
    usedEvidence: result.evidence.map((item) => ({ doc: item.doc, page: item.page, start: item.span.start, end: item.span.end })),
    candidatePool: result.candidates.map((item) => ({ doc: item.doc, page: item.page, start: item.span.start, end: item.span.end })),
    hallucinations,
    fallbackUsed: result.flags.fallbackUsed,
    rerankFallback: result.flags.rerankFallback,
    ...(answered && result.validation !== null ? { attributionCoverage: result.validation.attributionCoverage } : {}),
    latencyMs: result.latencyMs.total ?? 0,
    tokens: { prompt: result.tokens.prompt, completion: result.tokens.completion },
    costUsd,
    ...(result.error !== null ? { error: result.error } : {}),
  };
}

function toHallucination(code: string, detail: string): HallucinationFlag | undefined {
  switch (code) {
    case 'unknown_anchor':
      return { kind: 'invented_anchor', detail };
    case 'uncited_sentence':
      return { kind: 'uncited_factual_sentence', detail };
    case 'unsupported_number':
      return { kind: /\bdate\b/i.test(detail) ? 'unsupported_date' : 'unsupported_number', detail };
    default:
      return undefined;
  }
}
