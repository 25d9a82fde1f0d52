import { z } from 'zod';

/**
 * The rate metrics a run reports and gates can name. Each is a proportion with its own
 * denominator; `computeMetrics` documents which cases each one counts.
 */
export const MetricName = z.enum([
  'pass_rate',
  'evidence_recall',
  'pool_evidence_recall',
  'refusal_accuracy',
  'incorrect_refusal_rate',
  'false_acceptance_rate',
  'hallucination_rate',
  'fallback_used_rate',
  'rerank_fallback_rate',
  'attribution_coverage',
  'answer_precision',
  'error_rate',
  'perturbation_invariance',
]);
export type MetricName = z.infer<typeof MetricName>;

/**
 * Which golden file's cases a metric is computed over: `baseline`, `perturb`, or `all` (both).
 * `perturbation_invariance` exists only for `perturb`.
 */
export const MetricPopulation = z.enum(['baseline', 'perturb', 'all']);
export type MetricPopulation = z.infer<typeof MetricPopulation>;
