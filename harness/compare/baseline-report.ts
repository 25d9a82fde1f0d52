import { z } from 'zod';
import { CaseOutcome } from '../report/case-result.ts';
import { GateResultRecord, RateMetricRecord, RunVersions } from '../report/run-report.ts';

/** One case of a baseline: what it is, where it is written, and what the run did with it. */
export const BaselineCase = z
  .object({
    id: z.string().min(1),
    kind: z.enum(['baseline', 'perturbation']),
    baseId: z.string().optional(),
    perturbationKind: z.string().optional(),
    category: z.string(),
    /** `golden/<suite>/<file>` and the 1-based line of the case. */
    location: z.object({ file: z.string().min(1), line: z.number().int().positive() }).strict(),
    expectation: z.enum(['answer', 'refuse']),
    outcome: CaseOutcome,
    status: z.enum(['answered', 'refused', 'failed']),
    /** The pipeline's refusal reason (`confidence_too_low`, …) when refused. */
    refusalReason: z.string().optional(),
    /** Why the case did not pass, in the scorer's words (empty when it passed). */
    failures: z.array(z.object({ reason: z.string(), detail: z.string() }).strict()),
    /** The answer text when answered, so a reviewer sees answers change in the diff. */
    answer: z.string().nullable(),
  })
  .strict();
export type BaselineCase = z.infer<typeof BaselineCase>;

/**
 * `reports/baseline/<suite>.json`: the committed, reviewed record of a suite's expected results,
 * written by `harness baseline`. It keeps what `harness compare` reads from a run report (gates,
 * rates, and every case's outcome with its reasons) and leaves out what changes on every run
 * (timings, latencies, the traces), so a refreshed baseline diffs only where results changed.
 * `config` is the answer-shaping config that produced it (the config without `paths` and
 * `logging`), when known, so a comparison can name the setting that changed.
 */
export const BaselineReport = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.literal('baseline'),
    runId: z.string().min(1),
    suite: z.object({ name: z.string().min(1), source: z.string().min(1) }).strict(),
    options: z
      .object({
        perturb: z.boolean(),
        filter: z.array(z.string()),
        provider: z.enum(['offline', 'openai']),
        replay: z.boolean(),
      })
      .strict(),
    versions: RunVersions,
    configDigest: z.string(),
    config: z.record(z.string(), z.unknown()).nullable(),
    gatesFile: z.object({ file: z.string(), version: z.string(), sha256: z.string() }).strict(),
    gateScope: z.enum(['run', 'shard']),
    passed: z.boolean(),
    gates: z.array(GateResultRecord),
    metrics: z.object({ cases: z.object({ baseline: z.number().int().min(0), perturb: z.number().int().min(0) }).strict(), rates: z.array(RateMetricRecord) }).strict(),
    cases: z.array(BaselineCase),
  })
  .strict();
export type BaselineReport = z.infer<typeof BaselineReport>;
