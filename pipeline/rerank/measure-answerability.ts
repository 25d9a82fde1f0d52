import { RERANK_FEATURES } from './measure-rerank-features.ts';
import type { RerankFeatures } from './measure-rerank-features.ts';

/** The names of the answerability features, in the order of every answerability vector. */
export const ANSWERABILITY_FEATURES = [
  'topLogit',
  'secondLogit',
  'topCoverage',
  'topBestUnitCoverage',
  'topValueUnitCoverage',
  'topSpecificCoverage',
  'topMissingSpecific',
  'topValueMissing',
  'topDefinesSubject',
  'topDoesNotDefineSubject',
  'questionWeightAbsentFromPool',
] as const;

const at = (name: (typeof RERANK_FEATURES)[number]) => RERANK_FEATURES.indexOf(name);

/**
 * How well a whole pool can answer the question, for the learned answer-or-refuse decision: the
 * best and second-best candidates' relevance (as logits), and the best candidate's coverage, value,
 * specific-term and definition features, with the share of the question's weight no candidate holds.
 * `features` and `probabilities` are per candidate, in the same order.
 */
export function measureAnswerability(features: readonly RerankFeatures[], probabilities: readonly number[]): number[] {
  const order = probabilities.map((probability, index) => ({ probability, index })).sort((a, b) => b.probability - a.probability);
  const top = features[order[0]?.index ?? -1];
  if (top === undefined) return ANSWERABILITY_FEATURES.map(() => 0);
  const logit = (probability: number | undefined) => {
    const clipped = Math.min(1 - 1e-6, Math.max(1e-6, probability ?? 1e-6));
    return Math.log(clipped / (1 - clipped));
  };
  return [
    logit(order[0]?.probability),
    logit(order[1]?.probability),
    top[at('coverage')]!,
    top[at('bestUnitCoverage')]!,
    top[at('valueUnitCoverage')]!,
    top[at('specificCoverage')]!,
    top[at('missingSpecific')]!,
    top[at('valueMissing')]!,
    top[at('definesSubject')]!,
    top[at('doesNotDefineSubject')]!,
    top[at('questionWeightAbsentFromPool')]!,
  ];
}
