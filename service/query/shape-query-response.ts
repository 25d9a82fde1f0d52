import type { AnswerResult } from '../../pipeline/index.ts';
import type { CitationStyle, Strictness } from '../templates/prompt-template.ts';
import { deriveFollowUps } from './derive-follow-ups.ts';
import { formatAnswer } from './format-answer.ts';
import type { QueryResponse } from './query-schemas.ts';

/** What shapes a pipeline result into the service's response. */
export interface ResponseShape {
  templateId: string;
  templateSha256: string;
  citationStyle: CitationStyle;
  responseStyle: 'plain' | 'markdown';
  strictness: Strictness;
  followUpCount: number;
  /** The source's exact refusal string. */
  refusalText: string;
  /** Documents this caller may not read; their text comes back as "[REDACTED]". */
  hiddenDocuments: ReadonlySet<string>;
  /** True when the request's type and date filters left no document of the source: the refusal says so (`no_document_matches_filters`). */
  noDocumentMatchesFilters: boolean;
  /** The rank score of a cited chunk from its similarity, its document's recency and its source's trust. */
  rankScore: (doc: string, similarity: number) => number;
  costPer1kTokens: number;
  requestId: string;
  timestamp: string;
}

/** The redaction marker that replaces what a caller may not read. */
export const REDACTED = '[REDACTED]';

const CONFIDENCE_SCORES = { High: 0.9, Medium: 0.7, Low: 0.4 } as const;

/**
 * Shapes an `AnswerResult` into the response of `POST /api/v1/rag/query`. A refusal answers with
 * the source's refusal string and its reason code (`no_document_matches_filters` when the filters
 * left no document to search); a Low-confidence answer under `strict` is refused here too. Text of hidden documents
 * becomes "[REDACTED]" with `flags.redactions_applied`. `confidence_score` maps High/Medium/Low to
 * 0.9/0.7/0.4 (0 for a refusal).
 */
export function shapeQueryResponse(result: AnswerResult, shape: ResponseShape): QueryResponse {
  let refusedReason: string | null = result.status === 'answered' ? null : (result.refusal?.reason ?? result.error?.code ?? 'failed');
  if (refusedReason !== null && shape.noDocumentMatchesFilters) refusedReason = 'no_document_matches_filters';
  if (refusedReason === null && shape.strictness === 'strict' && result.confidence === 'Low') refusedReason = 'low_confidence_strict';
  const refused = refusedReason !== null;
  const evidenceByChunk = new Map(result.evidence.map((item) => [item.chunkId, item]));
  let redacted = false;
  const citations = refused
    ? []
    : result.citations.map((citation) => {
        const hidden = shape.hiddenDocuments.has(citation.doc);
        redacted ||= hidden;
        const similarity = evidenceByChunk.get(citation.chunkId)?.similarity ?? 0;
        return {
          citation_id: citation.anchor,
          doc: citation.doc,
          page: citation.page,
          section: hidden ? REDACTED : citation.sectionHeading,
          snippet: hidden ? REDACTED : citation.quote,
          similarity_score: round(similarity),
          rank_score: round(shape.rankScore(citation.doc, similarity)),
          ...(citation.ocr ? { ocr: true as const } : {}),
        };
      });
  let answer: string | null = refused ? shape.refusalText : formatAnswer(result.answer ?? '', result.citations, shape.citationStyle, shape.responseStyle);
  // An answer restates its evidence, so an answer citing a hidden document is hidden whole.
  if (!refused && redacted) answer = REDACTED;
  const latency = result.latencyMs;
  const sum = (...stages: string[]) => round(stages.reduce((total, stage) => total + (latency[stage] ?? 0), 0));
  const tokensUsed = result.generation === null ? 0 : result.tokens.prompt * result.generation.calls + result.tokens.completion;
  const confidence = refused || result.confidence === null ? 0 : CONFIDENCE_SCORES[result.confidence];
  return {
    answer,
    refused,
    reason_code: refusedReason,
    citations,
    follow_up_questions: refused ? [] : deriveFollowUps(result, shape.followUpCount, (doc) => !shape.hiddenDocuments.has(doc)),
    confidence_score: confidence,
    flags: {
      hallucination_warning: result.flags.hallucinationDetected || result.flags.regenerated,
      redactions_applied: redacted,
      needs_verification: !refused && (result.confidence === 'Low' || result.flags.regenerated || result.flags.fallbackUsed),
      cache_hit: false,
      injection_suspected: result.flags.injectionFlags.length > 0,
      fallback_used: result.flags.fallbackUsed || result.flags.rerankFallback,
    },
    provenance: {
      source: result.source,
      index_version: result.versions.index,
      template_id: shape.templateId,
      template_sha256: shape.templateSha256,
      prompt_sha256: result.promptSha256,
      model: result.generation?.model ?? result.versions.generator,
      tokens_used: tokensUsed,
      cost_estimate: round((tokensUsed / 1000) * shape.costPer1kTokens, 6),
      timing: {
        search_ms: sum('normalise', 'embed', 'retrieve'),
        rank_ms: sum('rerank', 'gate'),
        build_ms: sum('select', 'prompt'),
        inference_ms: sum('generate', 'validate'),
        total_ms: sum('total'),
      },
    },
    request_id: shape.requestId,
    timestamp: shape.timestamp,
  };
}

function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
