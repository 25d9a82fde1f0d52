import { z } from 'zod';
import { AnswerResult } from '../../pipeline/index.ts';
import { CitationStyle, Strictness } from '../templates/prompt-template.ts';

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** The body of `POST /api/v1/rag/query`. Unknown fields are rejected with their path. */
export const QueryRequest = z
  .object({
    query: z.string().min(1).max(20_000),
    mode: z.enum(['sync', 'async']).default('sync'),
    /** Evidence chunks that may reach the prompt (default `RAG_DEFAULT_TOP_K`). */
    top_k: z.number().int().min(1).max(20).optional(),
    template_id: z.string().min(1).max(63).optional(),
    citation_style: CitationStyle.default('bracketed_ids'),
    /** `plain` (default) or `markdown` (the answer, then a bullet list of its sources). */
    response_style: z.enum(['plain', 'markdown']).default('plain'),
    strictness: Strictness.default('normal'),
    follow_up_count: z.number().int().min(0).max(5).default(2),
    filters: z
      .object({
        /** Sources to answer from; default every source of the tenant. Each must be one of the tenant's. */
        sources: z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'a source name: lowercase letters, digits, - and _')).min(1).max(20).optional(),
        /** Only documents of these types are searched: their format (`pdf`, `docx`, `txt`) or the type the source's config gives them; an unknown type is 400 naming the known ones. */
        doc_types: z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a document type: lowercase letters, digits, - and _')).min(1).max(20).optional(),
        /** Only documents dated on or after this day (YYYY-MM-DD) are searched; the date is the one ingest recorded (the source's config, the text's effective or edition date, else the file's mtime). */
        date_range_start: IsoDate.optional(),
        /** Only documents dated on or before this day are searched. */
        date_range_end: IsoDate.optional(),
      })
      .strict()
      .refine((filters) => filters.date_range_start === undefined || filters.date_range_end === undefined || filters.date_range_start <= filters.date_range_end, {
        message: 'date_range_start must not be after date_range_end',
        path: ['date_range_start'],
      })
      .default({}),
    /** Return what would be sent to the model (prompt, snippets, drop reasons) without calling it. */
    dry_run: z.boolean().default(false),
    /** Add the pipeline's whole `AnswerResult` as `trace` (what `harness run --target` scores); only for a tenant that may read every document. */
    include_trace: z.boolean().default(false),
  })
  .strict();
export type QueryRequest = z.infer<typeof QueryRequest>;

/** One citation of an answer. */
export const QueryCitation = z.object({
  citation_id: z.string(),
  doc: z.string(),
  page: z.number().int(),
  section: z.string(),
  snippet: z.string(),
  similarity_score: z.number(),
  rank_score: z.number(),
  /** The cited page's text was recognised by OCR (no usable text layer); absent otherwise. */
  ocr: z.literal(true).optional(),
});

/** The response of a sync query (and of a finished async job). */
export const QueryResponse = z.object({
  answer: z.string().nullable(),
  refused: z.boolean(),
  reason_code: z.string().nullable(),
  citations: z.array(QueryCitation),
  follow_up_questions: z.array(z.string()),
  confidence_score: z.number(),
  flags: z.object({
    hallucination_warning: z.boolean(),
    redactions_applied: z.boolean(),
    needs_verification: z.boolean(),
    cache_hit: z.boolean(),
    injection_suspected: z.boolean(),
    fallback_used: z.boolean(),
  }),
  provenance: z.object({
    source: z.string(),
    index_version: z.string(),
    template_id: z.string(),
    template_sha256: z.string(),
    prompt_sha256: z.string().nullable(),
    model: z.string(),
    tokens_used: z.number().int(),
    cost_estimate: z.number(),
    timing: z.object({ search_ms: z.number(), rank_ms: z.number(), build_ms: z.number(), inference_ms: z.number(), total_ms: z.number() }),
  }),
  request_id: z.string(),
  timestamp: z.string(),
  /** The pipeline's whole result, when the request asked for it (`include_trace`). */
  trace: AnswerResult.optional(),
});
export type QueryResponse = z.infer<typeof QueryResponse>;

/** What a dry run returns: the prompt that would be sent, the snippets kept and dropped, estimated tokens, the model. */
export const SimulationResponse = z.object({
  dry_run: z.literal(true),
  source: z.string(),
  refused_before_model: z.boolean(),
  reason_code: z.string().nullable(),
  prompt: z.string().nullable(),
  prompt_sha256: z.string().nullable(),
  template_id: z.string(),
  template_sha256: z.string(),
  estimated_tokens: z.object({ prompt: z.number().int(), evidence: z.number().int() }),
  model: z.string(),
  selected: z.array(z.object({ citation_id: z.string(), doc: z.string(), page: z.number().int(), section: z.string(), snippet: z.string(), rank_score: z.number() })),
  dropped: z.array(z.object({ chunk_id: z.string(), reason: z.string(), detail: z.string() })),
  request_id: z.string(),
  timestamp: z.string(),
});
export type SimulationResponse = z.infer<typeof SimulationResponse>;

/** The 202 body of an async query. */
export const JobAccepted = z.object({ job_id: z.string(), status: z.enum(['queued', 'running', 'succeeded', 'failed']), poll_url: z.string() });

/** The error body of every error response. */
export const ErrorResponse = z.object({ error: z.object({ code: z.string(), message: z.string(), fix: z.string() }) });
