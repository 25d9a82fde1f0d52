import { z } from 'zod';
import { AnswerResult } from '../../pipeline/answer-result.ts';
import type { CaseScore } from '../score/index.ts';

const count = z.number().int().min(0);

const SpanRecallRecord = z
  .object({
    overlapped: count,
    expected: count,
    rate: z.number().min(0).max(1).nullable(),
  })
  .strict();

/** `CaseScore` of `harness/score` as stored on disk; a compile-time check below keeps the two equal. */
export const CaseScoreRecord = z
  .object({
    id: z.string().min(1),
    kind: z.enum(['baseline', 'perturbation']),
    baseId: z.string().optional(),
    perturbationKind: z.string().optional(),
    expect: z.enum(['same', 'refuse']).optional(),
    category: z.string().optional(),
    expectation: z.enum(['answer', 'refuse']),
    status: z.enum(['answered', 'refused', 'failed']),
    passed: z.boolean(),
    failures: z.array(
      z
        .object({
          reason: z.enum([
            'pipeline_failed',
            'refused_answerable',
            'missing_answer_terms',
            'evidence_missed',
            'hallucination',
            'answer_imprecise',
            'answered_should_refuse',
            'wrong_refusal_text',
            'generator_called',
          ]),
          detail: z.string(),
        })
        .strict(),
    ),
    evidenceRecall: SpanRecallRecord,
    poolRecall: SpanRecallRecord,
    answerTerms: z.array(z.object({ term: z.string(), present: z.boolean() }).strict()),
    /** Absent in reports written before answer precision was scored. */
    unexpectedSpans: z.array(z.object({ kind: z.enum(['amount', 'percentage', 'date', 'party']), text: z.string() }).strict()).optional(),
    refusalReason: z.string().optional(),
    refusalTextExact: z.boolean().optional(),
    generatorCalls: count,
    hallucinations: z.array(
      z
        .object({
          kind: z.enum(['invented_anchor', 'uncited_factual_sentence', 'unsupported_number', 'unsupported_date']),
          detail: z.string(),
        })
        .strict(),
    ),
    fallbackUsed: z.boolean(),
    rerankFallback: z.boolean(),
    attributionCoverage: z.number().min(0).max(1).optional(),
    latencyMs: z.number().min(0),
    tokens: z.object({ prompt: count, completion: count }).strict(),
    costUsd: z.number().min(0),
    error: z.object({ code: z.string(), message: z.string() }).strict().optional(),
  })
  .strict();
export type CaseScoreRecord = z.infer<typeof CaseScoreRecord>;

// The stored score and the scorer's type must stay the same; this fails to compile when they drift.
const sameScoreShape: [CaseScore, CaseScoreRecord] extends [CaseScoreRecord, CaseScore] ? true : never = true;
void sameScoreShape;

/** An expected quote of a case, as written in the golden file and as located in the indexed page text. */
export const LocatedEvidence = z
  .object({
    doc: z.string().min(1),
    page: z.number().int().positive(),
    quote: z.string(),
    /** Character offsets of the located quote in the page text of `doc` (or of the document it duplicates). */
    start: count,
    end: count,
    /** Share of the quote's tokens found (see `locateQuote`). */
    score: z.number().min(0).max(1),
    /**
     * The same quote word for word in other documents (another edition of a schedule, a renamed
     * copy): selected evidence there counts as this quote (see `createVerbatimCopyFinder`).
     */
    copies: z.array(z.object({ doc: z.string().min(1), page: z.number().int().positive(), start: count, end: count }).strict()).optional(),
  })
  .strict();
export type LocatedEvidence = z.infer<typeof LocatedEvidence>;

/** `passed`; `failed` (scored, did not pass); `error` (the pipeline failed or the case threw). */
export const CaseOutcome = z.enum(['passed', 'failed', 'error']);
export type CaseOutcome = z.infer<typeof CaseOutcome>;

/**
 * One scored case of a run: one line of `journal.jsonl` (appended as the case finishes) and of
 * `cases.jsonl`, and one entry of `report.json`. Holds what was asked, what was expected, the score
 * with its reasons and the pipeline's whole trace (candidates with every score, the gate decision,
 * the evidence), so what-if analysis can recompute without rerunning. Timing lives in `timing`,
 * `score.latencyMs` and `trace.latencyMs`/`trace.generation.latencyMs`; everything else is
 * deterministic for a deterministic pipeline.
 */
export const CaseResult = z
  .object({
    schemaVersion: z.literal(1),
    id: z.string().min(1),
    kind: z.enum(['baseline', 'perturbation']),
    baseId: z.string().optional(),
    perturbationKind: z.string().optional(),
    expect: z.enum(['same', 'refuse']).optional(),
    /** The case's category; a perturbation carries its base case's. */
    category: z.string().min(1),
    question: z.string(),
    /** Where the case is written: `golden/<suite>/<file>` and its 1-based line. */
    location: z.object({ file: z.string().min(1), line: z.number().int().positive() }).strict(),
    expected: z
      .object({
        expectation: z.enum(['answer', 'refuse']),
        answerTerms: z.array(z.string()),
        evidence: z.array(LocatedEvidence),
        refusal: z.string(),
      })
      .strict(),
    outcome: CaseOutcome,
    score: CaseScoreRecord,
    /** The pipeline's result; `null` when the answer function threw. */
    trace: AnswerResult.nullable(),
    /** What the answer function threw, when it did (recorded, never a crash of the run). */
    thrown: z
      .object({ name: z.string(), code: z.string().optional(), message: z.string() })
      .strict()
      .nullable(),
    timing: z
      .object({
        startedAt: z.iso.datetime({ offset: true }),
        finishedAt: z.iso.datetime({ offset: true }),
        durationMs: z.number().min(0),
      })
      .strict(),
  })
  .strict();
export type CaseResult = z.infer<typeof CaseResult>;
