import { z } from 'zod';

/**
 * The schema version of golden files. `suite.json` must carry it; a JSONL line may carry it too
 * (`"schemaVersion": 1`) but may omit it, since the suite file versions the whole folder.
 */
export const GOLDEN_SCHEMA_VERSION = 1;

/** The kinds of perturbation a golden set may use. Adding a kind is a schema change: add it here. */
export const PERTURBATION_KINDS = [
  'typo',
  'casing_punct',
  'filler_prefix',
  'synonym',
  'word_order',
  'abbreviation',
  'distractor_flip',
  'paraphrase',
] as const;

const lineSchemaVersion = z.literal(GOLDEN_SCHEMA_VERSION).optional();

/** Case ids are referenced from reports and from `base_id`: no spaces, so they survive copy and paste. */
const CaseId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'ids start with a letter or digit and use only letters, digits, . _ : -');

const nonEmptyText = z.string().trim().min(1, 'must not be empty');

/**
 * One piece of expected evidence: a verbatim quote from one page of one document. The harness
 * locates the quote in the indexed text of that page (see `locateQuote`), so a quote copied from a
 * PDF viewer or another extractor is fine; a chunk id is never used.
 */
export const ExpectedEvidence = z
  .object({
    /** File name or path relative to the suite's corpus root, with `/` separators. */
    doc: nonEmptyText,
    /** 1-based page number; DOCX and TXT documents have a single page 1. */
    page: z.number().int().positive(),
    /** A verbatim quote from that page. */
    quote: nonEmptyText,
  })
  .strict();
export type ExpectedEvidence = z.infer<typeof ExpectedEvidence>;

/**
 * One line of `golden/<suite>/baseline.jsonl`: a question and what a correct run does with it.
 * An answerable case (`should_refuse: false`) needs at least one piece of evidence and one answer
 * term; a should-refuse case has neither (both default to `[]`).
 */
export const BaselineCase = z
  .object({
    schemaVersion: lineSchemaVersion,
    id: CaseId,
    question: nonEmptyText,
    should_refuse: z.boolean(),
    evidence: z.array(ExpectedEvidence).default([]),
    /** Strings a correct answer must contain (case-insensitive; see `matchAnswerTerms`). */
    answer_terms: z.array(nonEmptyText).default([]),
    category: nonEmptyText,
    notes: z.string().optional(),
    /** Free labels, for example `origin:reference` on questions converted from an earlier system. */
    tags: z.array(nonEmptyText).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.should_refuse) {
      if (value.evidence.length > 0) {
        context.addIssue({ code: 'custom', path: ['evidence'], message: 'a should-refuse case has no evidence; remove it or set should_refuse to false' });
      }
      if (value.answer_terms.length > 0) {
        context.addIssue({ code: 'custom', path: ['answer_terms'], message: 'a should-refuse case has no answer terms; remove them or set should_refuse to false' });
      }
      return;
    }
    if (value.evidence.length === 0) {
      context.addIssue({ code: 'custom', path: ['evidence'], message: 'an answerable case needs at least one evidence quote' });
    }
    if (value.answer_terms.length === 0) {
      context.addIssue({ code: 'custom', path: ['answer_terms'], message: 'an answerable case needs at least one answer term' });
    }
  });
export type BaselineCase = z.infer<typeof BaselineCase>;

/**
 * One line of `golden/<suite>/perturb.jsonl`: a variant of a baseline case. `expect: 'same'` means a
 * correct run answers it like its base (evidence and answer terms are repeated on the line);
 * `expect: 'refuse'` means the change makes it unanswerable (no evidence, no answer terms).
 */
export const PerturbationCase = z
  .object({
    schemaVersion: lineSchemaVersion,
    id: CaseId,
    base_id: CaseId,
    question: nonEmptyText,
    kind: z.enum(PERTURBATION_KINDS),
    expect: z.enum(['same', 'refuse']),
    evidence: z.array(ExpectedEvidence).default([]),
    answer_terms: z.array(nonEmptyText).default([]),
    notes: z.string().optional(),
    tags: z.array(nonEmptyText).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.expect === 'same') {
      if (value.evidence.length === 0) {
        context.addIssue({ code: 'custom', path: ['evidence'], message: "expect 'same' needs the base case's evidence on this line" });
      }
      if (value.answer_terms.length === 0) {
        context.addIssue({ code: 'custom', path: ['answer_terms'], message: "expect 'same' needs the base case's answer terms on this line" });
      }
      return;
    }
    if (value.evidence.length > 0) {
      context.addIssue({ code: 'custom', path: ['evidence'], message: "expect 'refuse' has no evidence; remove it or use expect 'same'" });
    }
    if (value.answer_terms.length > 0) {
      context.addIssue({ code: 'custom', path: ['answer_terms'], message: "expect 'refuse' has no answer terms; remove them or use expect 'same'" });
    }
  });
export type PerturbationCase = z.infer<typeof PerturbationCase>;

/** `golden/<suite>/suite.json`: what the suite runs against. */
export const SuiteSettings = z
  .object({
    schemaVersion: z.literal(GOLDEN_SCHEMA_VERSION),
    /** Must equal the suite's folder name. */
    name: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'suite names are lowercase letters, digits, - and _'),
    /** The configured source (`sources.<name>` in the config) the suite questions are asked of. */
    source: nonEmptyText,
    /** Where the documents are, relative to the repository root, e.g. `../shared/corpus/cme`. */
    corpusRoot: nonEmptyText,
    /** The exact refusal string a should-refuse case must receive. */
    refusal: nonEmptyText,
    description: nonEmptyText,
    tags: z.array(nonEmptyText).optional(),
  })
  .strict();
export type SuiteSettings = z.infer<typeof SuiteSettings>;
