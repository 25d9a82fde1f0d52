import { z } from 'zod';
import { MetricName, MetricPopulation } from '../score/index.ts';
import { RunVersions } from '../report/run-report.ts';

const count = z.number().min(0);
const GateStatus = z.enum(['passed', 'failed', 'not_applicable']);

/** Which report a side of a comparison is, as the user named it. */
export const ComparedSide = z
  .object({
    /** What was given on the command line: a path, a run folder or `<git ref>`. */
    label: z.string(),
    runId: z.string(),
    suite: z.string(),
    versions: RunVersions,
    configDigest: z.string(),
    gatesFile: z.object({ file: z.string(), version: z.string(), sha256: z.string() }).strict(),
    passed: z.boolean(),
    cases: z.number().int().min(0),
  })
  .strict();
export type ComparedSide = z.infer<typeof ComparedSide>;

/** A rate on both sides (`null` when a side does not report it) and the change. */
export const MetricDelta = z
  .object({
    name: MetricName,
    population: MetricPopulation,
    base: z.object({ numerator: count, denominator: count, rate: z.number().nullable() }).strict().nullable(),
    head: z.object({ numerator: count, denominator: count, rate: z.number().nullable() }).strict().nullable(),
    /** `head.rate − base.rate`; `null` when either is unknown. */
    delta: z.number().nullable(),
    /** True when a gate of either side reads this metric. */
    gated: z.boolean(),
  })
  .strict();
export type MetricDelta = z.infer<typeof MetricDelta>;

/** A gate's verdict on each side, each under that side's own gates file. */
export const GateComparison = z
  .object({
    id: z.string(),
    metric: MetricName,
    population: MetricPopulation,
    base: z.object({ comparison: z.string(), threshold: z.number(), actual: z.number().nullable(), status: GateStatus }).strict().nullable(),
    head: z.object({ comparison: z.string(), threshold: z.number(), actual: z.number().nullable(), status: GateStatus }).strict().nullable(),
    /** The head's metrics checked against the base's gate: tells a changed threshold from a changed result. */
    headUnderBaseGate: GateStatus.nullable(),
  })
  .strict();
export type GateComparison = z.infer<typeof GateComparison>;

/** A difference between the two gates files, by gate id. */
export const GateChange = z
  .object({
    id: z.string(),
    change: z.enum(['added', 'removed', 'changed']),
    /** For `changed`: which fields differ, e.g. `threshold 0.95 → 0.9`. */
    fields: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() }).strict()),
  })
  .strict();
export type GateChange = z.infer<typeof GateChange>;

/** One config setting that differs between the sides (a leaf path such as `gate.relevanceThreshold`). */
export const ConfigChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() }).strict();
export type ConfigChange = z.infer<typeof ConfigChange>;

/** One side of a case in a flip: its outcome and why it did not pass. */
export const CaseSide = z
  .object({
    outcome: z.enum(['passed', 'failed', 'error']),
    status: z.enum(['answered', 'refused', 'failed']),
    refusalReason: z.string().optional(),
    reasons: z.array(z.string()),
  })
  .strict();
export type CaseSide = z.infer<typeof CaseSide>;

/** A case whose result differs between the sides. */
export const CaseChange = z
  .object({
    id: z.string(),
    kind: z.enum(['baseline', 'perturbation']),
    category: z.string(),
    expectation: z.enum(['answer', 'refuse']),
    location: z.object({ file: z.string(), line: z.number().int() }).strict(),
    base: CaseSide,
    head: CaseSide,
  })
  .strict();
export type CaseChange = z.infer<typeof CaseChange>;

/**
 * `harness compare --json`: the before/after of two reports of the same suite — metric deltas with
 * counts, each side's gates under its own gates file, what changed in the gates file, the policy
 * and the config, and the cases that flipped.
 */
export const Comparison = z
  .object({
    schemaVersion: z.literal(1),
    base: ComparedSide,
    head: ComparedSide,
    metrics: z.array(MetricDelta),
    gates: z.array(GateComparison),
    gateChanges: z.array(GateChange),
    gatesFileChanged: z.object({ before: z.string(), after: z.string() }).strict().nullable(),
    policyChanged: z.object({ before: z.string(), after: z.string() }).strict().nullable(),
    /** Versions other than the policy that differ (index, embedder, prompt…). */
    versionChanges: z.array(z.object({ name: z.string(), before: z.string(), after: z.string() }).strict()),
    config: z
      .object({
        digestChanged: z.boolean(),
        /** The settings that differ; `null` when a side's config is not known (only its digest). */
        changes: z.array(ConfigChange).nullable(),
      })
      .strict(),
    flips: z.object({ passToFail: z.array(CaseChange), failToPass: z.array(CaseChange) }).strict(),
    /** Cases whose status changed (answered ↔ refused ↔ failed) without a pass/fail flip. */
    statusChanges: z.array(CaseChange),
    cases: z
      .object({
        common: z.number().int().min(0),
        /** Case ids only the head has (new golden lines) or only the base has (removed ones). */
        added: z.array(z.string()),
        removed: z.array(z.string()),
      })
      .strict(),
  })
  .strict();
export type Comparison = z.infer<typeof Comparison>;
