import { z } from 'zod';
import { MetricPopulation } from '../score/index.ts';

const Rate = z.object({ numerator: z.number().min(0), denominator: z.number().int().min(0), rate: z.number().nullable() }).strict();

/** One value of a sweep and what the suite would do at it. */
export const SweepPoint = z
  .object({
    value: z.number(),
    /** False when the config rejects the value (a floor below its fallback floor, say); `error` says why. */
    valid: z.boolean(),
    error: z.string().optional(),
    /** Answerable cases refused (`incorrect_refusal_rate`). */
    falseRefusals: Rate,
    /** Should-refuse cases answered (`false_acceptance_rate`). */
    falseAcceptances: Rate,
    passRate: Rate,
    /** Cases refused, for any reason, in the population. */
    refused: z.number().int().min(0),
    /** Cases refused by the confidence gate or the similarity floor (before any generator call). */
    refusedByGate: z.number().int().min(0),
    passed: z.boolean(),
    failedGates: z.array(z.string()),
    /** Cases that flip against the run as stored. */
    flips: z.object({ passToFail: z.number().int().min(0), failToPass: z.number().int().min(0) }).strict(),
    /** Cases needing a model call or a real rerun to know (their stored result is counted). */
    unknown: z.number().int().min(0),
  })
  .strict();
export type SweepPoint = z.infer<typeof SweepPoint>;

/**
 * `sweep.json` of `harness sweep`: one what-if per value of a setting, recomputed from a run's
 * stored traces, with false refusals, false acceptances and pass rate at each value.
 */
export const SweepResult = z
  .object({
    schemaVersion: z.literal(1),
    runId: z.string(),
    suite: z.string(),
    parameter: z
      .object({
        /** As given with `--param`. */
        requested: z.string(),
        /** The config path actually varied (an embedder's own floor, for the similarity floors). */
        path: z.string(),
        /** Its value in the run's config. */
        current: z.number().nullable(),
      })
      .strict(),
    population: MetricPopulation,
    points: z.array(SweepPoint),
    /** Cases the self-check set aside (their stored result is used at every value). */
    mismatches: z.number().int().min(0),
  })
  .strict();
export type SweepResult = z.infer<typeof SweepResult>;
