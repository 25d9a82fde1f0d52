import { z } from 'zod';
import type { GateResult, RunMetrics } from '../score/index.ts';
import { MetricName, MetricPopulation } from '../score/index.ts';
import { CaseResult } from './case-result.ts';

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1);
const interval = z.tuple([rate, rate]);
const timestamp = z.iso.datetime({ offset: true });

/** `RateMetric` of `harness/score` as stored. */
export const RateMetricRecord = z
  .object({
    name: MetricName,
    population: MetricPopulation,
    definition: z.string(),
    numerator: z.number().min(0),
    denominator: count,
    rate: rate.nullable(),
    interval: interval.optional(),
  })
  .strict();

const LatencyRecord = z.object({ p50: z.number().nullable(), p95: z.number().nullable(), max: z.number().nullable() }).strict();
const UsageRecord = z
  .object({
    cases: count,
    latencyMs: LatencyRecord,
    tokens: z.object({ prompt: count, completion: count, total: count }).strict(),
    costUsd: z.number().min(0),
  })
  .strict();

/** `RunMetrics` of `harness/score` as stored. */
export const RunMetricsRecord = z
  .object({
    cases: z.object({ baseline: count, perturb: count }).strict(),
    rates: z.array(RateMetricRecord),
    usage: z.object({ baseline: UsageRecord, perturb: UsageRecord, all: UsageRecord }).strict(),
    invarianceBreaks: z.array(
      z
        .object({
          baseId: z.string(),
          perturbationId: z.string(),
          perturbationKind: z.string().optional(),
          expect: z.enum(['same', 'refuse']).optional(),
        })
        .strict(),
    ),
  })
  .strict();

/** `GateResult` of `harness/score` as stored. */
export const GateResultRecord = z
  .object({
    id: z.string().min(1),
    metric: MetricName,
    population: MetricPopulation,
    comparison: z.enum(['>=', '<=', '==']),
    threshold: rate,
    actual: rate.nullable(),
    numerator: z.number().min(0),
    denominator: count,
    interval: interval.optional(),
    status: z.enum(['passed', 'failed', 'not_applicable']),
    passed: z.boolean(),
    message: z.string(),
    warning: z.string().optional(),
  })
  .strict();

// Stored shapes and the scorer's types must stay the same; these fail to compile when they drift.
const sameMetricsShape: [RunMetrics, z.infer<typeof RunMetricsRecord>] extends [z.infer<typeof RunMetricsRecord>, RunMetrics] ? true : never = true;
const sameGateShape: [GateResult, z.infer<typeof GateResultRecord>] extends [z.infer<typeof GateResultRecord>, GateResult] ? true : never = true;
void sameMetricsShape;
void sameGateShape;

/** `--shard i/n`: this run holds the cases whose hash puts them in shard `index` of `count` (1-based). */
export const ShardSpec = z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).strict();
export type ShardSpec = z.infer<typeof ShardSpec>;

/** What selected a run's cases and how it ran. */
export const RunOptions = z
  .object({
    /** Whether `perturb.jsonl` was run besides the baseline. */
    perturb: z.boolean(),
    /** `--filter` patterns (empty: every case). */
    filter: z.array(z.string()),
    shard: ShardSpec.nullable(),
    provider: z.enum(['offline', 'openai']),
    /** `--replay`: only cached provider responses were used. */
    replay: z.boolean(),
    concurrency: z.number().int().positive(),
  })
  .strict();
export type RunOptions = z.infer<typeof RunOptions>;

/** Cases, passes, failures and errors of one category in one population. */
export const CategoryBreakdown = z
  .object({
    category: z.string(),
    population: z.enum(['baseline', 'perturb']),
    cases: count,
    passed: count,
    failed: count,
    errors: count,
  })
  .strict();
export type CategoryBreakdown = z.infer<typeof CategoryBreakdown>;

/** What produced the answers: the pipeline's versions (the same for every case of a run). */
export const RunVersions = z
  .object({
    policy: z.string(),
    index: z.string(),
    embedder: z.string(),
    reranker: z.string(),
    generator: z.string(),
    expansionRules: z.string(),
    /** The learned reading of what a question asks (`AskWeights.version`); absent in runs written before it. */
    askReading: z.string().optional(),
    prompt: z.string(),
  })
  .strict();
export type RunVersions = z.infer<typeof RunVersions>;

/**
 * `reports/<run-id>/report.json`: the one canonical record of a run (or of merged shard runs).
 * `cases.jsonl`, `summary.md`, `junit.xml`, `report.html` and the printed summary are views of it.
 */
export const RunReport = z
  .object({
    schemaVersion: z.literal(1),
    runId: z.string().min(1),
    /** `run`: one `harness run`; `merged`: `harness merge` of shard runs. */
    kind: z.enum(['run', 'merged']),
    suite: z
      .object({
        name: z.string(),
        source: z.string(),
        description: z.string(),
        /** The suite's exact refusal string. */
        refusal: z.string(),
      })
      .strict(),
    startedAt: timestamp,
    finishedAt: timestamp,
    /** Wall time from start to finish, including time between a kill and its resume. */
    durationMs: z.number().min(0),
    options: RunOptions,
    /** The shard runs a merged report was built from (empty for a plain run). */
    shards: z.array(z.object({ runId: z.string(), shard: ShardSpec.nullable(), cases: count }).strict()),
    versions: RunVersions,
    /** `sha256:<hex>` of the answer-shaping config (see `digestConfig`). */
    configDigest: z.string(),
    gatesFile: z.object({ file: z.string(), version: z.string(), sha256: z.string() }).strict(),
    /**
     * `run`: the gates decide the exit code. `shard`: measured over one shard only and not enforced;
     * `harness merge` checks them once over all shards.
     */
    gateScope: z.enum(['run', 'shard']),
    /** True when no gate failed (not-applicable gates do not fail). */
    passed: z.boolean(),
    gates: z.array(GateResultRecord),
    metrics: RunMetricsRecord,
    categories: z.array(CategoryBreakdown),
    /** Cases in suite order: baseline file order, then perturbation file order. */
    cases: z.array(CaseResult),
    /** Gate warnings and anything else a reader should not miss. */
    warnings: z.array(z.string()),
  })
  .strict();
export type RunReport = z.infer<typeof RunReport>;
