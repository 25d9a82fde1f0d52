import { z } from 'zod';

const Span = z.object({ start: z.number().int(), end: z.number().int() });

/** A chunk that reached the evidence section of the prompt, with the scores that put it there. */
export const EvidenceRecord = z.object({
  anchor: z.string(),
  chunkId: z.string(),
  doc: z.string(),
  page: z.number().int(),
  sectionHeading: z.string(),
  span: Span,
  tokenCount: z.number().int(),
  truncated: z.boolean(),
  rank: z.number().int(),
  rerankScore: z.number().nullable(),
  similarity: z.number(),
  keywordScore: z.number(),
  fusedScore: z.number(),
  linkedDefinition: z.string().nullable(),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecord>;

/** A retrieval candidate before reranking, with every score (what-if analysis recomputes from these). */
export const CandidateRecord = z.object({
  chunkId: z.string(),
  doc: z.string(),
  page: z.number().int(),
  span: Span,
  tokenCount: z.number().int(),
  similarity: z.number(),
  keywordScore: z.number(),
  fusedScore: z.number(),
  vectorRank: z.number().int().nullable(),
  keywordRank: z.number().int().nullable(),
  rerankScore: z.number().nullable(),
  /** The reranker's finer relevance that ordered equal scores (offline reranker), when it gave one; absent in older reports. */
  rerankStrength: z.number().nullable().optional(),
  rank: z.number().int(),
  kept: z.boolean(),
  linkedDefinition: z.string().nullable(),
  /** The chunk id whose other-year edition this candidate is, when a comparison linked it in (`linkOtherEditions`); absent in older reports. */
  linkedEdition: z.string().nullable().optional(),
});
export type CandidateRecord = z.infer<typeof CandidateRecord>;

/** A citation as shown to the user: document, section, page and the quoted evidence. */
export const Citation = z.object({
  anchor: z.string(),
  chunkId: z.string(),
  doc: z.string(),
  sectionHeading: z.string(),
  page: z.number().int(),
  quote: z.string(),
  /** The page's text was recognised by OCR (it had no usable text layer): the quote may hold recognition errors. Absent otherwise. */
  ocr: z.literal(true).optional(),
});
export type Citation = z.infer<typeof Citation>;

/** The outcome of one question: answered, refused (by code or generator) or failed, with its whole trace. */
export const AnswerResult = z.object({
  schemaVersion: z.literal(1),
  status: z.enum(['answered', 'refused', 'failed']),
  question: z.string(),
  source: z.string(),
  answer: z.string().nullable(),
  confidence: z.enum(['High', 'Medium', 'Low']).nullable(),
  citations: z.array(Citation),
  refusal: z
    .object({
      text: z.string(),
      /** Stable code: a gate reason, `empty_context_after_budget`, `generator_refused`, `hallucination_detected`. */
      reason: z.string(),
      detail: z.string(),
    })
    .nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  evidence: z.array(EvidenceRecord),
  candidates: z.array(CandidateRecord),
  drops: z.array(z.object({ chunkId: z.string(), reason: z.string(), detail: z.string() })),
  flags: z.object({
    fallbackUsed: z.boolean(),
    rerankFallback: z.boolean(),
    hallucinationDetected: z.boolean(),
    regenerated: z.boolean(),
    gateDisabled: z.boolean(),
    injectionFlags: z.array(z.string()),
  }),
  retrieval: z.object({
    /** Misspelt words corrected to the source's words before retrieval (absent in older traces). */
    spellingCorrections: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
    /** Short forms the documents never use, spelled out in their words (`ND` → `non display`). */
    abbreviations: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
    normalisedQuestion: z.string(),
    forms: z.array(z.object({ text: z.string(), rule: z.string().nullable() })),
    floor: z.number(),
    topSimilarity: z.number(),
    fallbackDetail: z.string().nullable(),
    rerankMode: z.enum(['reranked', 'retrieval_only', 'rerank_fallback']),
    rerankError: z.string().nullable(),
  }),
  gate: z.object({
    decision: z.enum(['pass', 'refuse', 'disabled']),
    tier: z.string(),
    reason: z.string().nullable(),
    detail: z.string(),
    questionTerms: z.array(z.object({ kind: z.string(), text: z.string() })),
    /** The learned answer-or-refuse measurement of the reranked evidence (`GATE_FEATURES`), when the gate measured it. */
    answerability: z
      .object({
        features: z.record(z.string(), z.number()),
        probability: z.number().nullable(),
        threshold: z.number().nullable(),
        version: z.string().nullable(),
        answerable: z.boolean(),
        against: z.string(),
        strongest: z.array(z.object({ feature: z.string(), contribution: z.number() })),
      })
      .optional(),
  }),
  validation: z
    .object({
      ok: z.boolean(),
      attributionCoverage: z.number(),
      violations: z.array(z.object({ code: z.string(), sentence: z.number().int().optional(), detail: z.string() })),
      /** Violations of the first attempt when a regeneration followed. */
      firstAttemptViolations: z.array(z.object({ code: z.string(), sentence: z.number().int().optional(), detail: z.string() })),
    })
    .nullable(),
  generation: z
    .object({
      calls: z.number().int(),
      model: z.string(),
      attempts: z.number().int(),
      finishReason: z.string(),
      cached: z.boolean(),
      latencyMs: z.number(),
    })
    .nullable(),
  tokens: z.object({ question: z.number().int(), evidence: z.number().int(), prompt: z.number().int(), completion: z.number().int() }),
  promptSha256: z.string().nullable(),
  promptVersion: z.string(),
  latencyMs: z.record(z.string(), z.number()),
  versions: z.object({
    policy: z.string(),
    index: z.string(),
    embedder: z.string(),
    reranker: z.string(),
    generator: z.string(),
    expansionRules: z.string(),
    /** The learned reading of what a question asks (`AskWeights.version`); absent in traces written before it. */
    askReading: z.string().optional(),
  }),
});
export type AnswerResult = z.infer<typeof AnswerResult>;
