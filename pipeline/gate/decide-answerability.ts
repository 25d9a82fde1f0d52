import type { GateWeights } from './gate-weights.ts';
import { predictAnswerable } from './gate-weights.ts';
import { GATE_FEATURES } from './measure-gate-features.ts';

/** What the learned decision says of one question's evidence. */
export interface Answerability {
  /** Every gate feature by name (see `GATE_FEATURES`). */
  features: Record<string, number>;
  /** The model's probability that the evidence answers the question; null without weights. */
  probability: number | null;
  threshold: number | null;
  /** The weights file's version; null without weights. */
  version: string | null;
  /** Whether the model would answer; true without weights (the rules decide then). */
  answerable: boolean;
  /** The refusal code of the feature group that weighed most against answering. */
  against: 'question_term_not_in_evidence' | 'answer_type_not_in_evidence' | 'confidence_too_low';
  /** The three features that weighed most against answering, with their contributions (log-odds). */
  strongest: { feature: string; contribution: number }[];
}

// Which refusal a feature's weight speaks for, when it is what tipped the decision.
const TERM_FEATURES = new Set(['termsMissing', 'termShareMissing', 'namesMissing', 'nameSpecificityMissing', 'rareTermMissing', 'specificCoverage']);
const TYPE_FEATURES = new Set(['valueAsked', 'valueMissing', 'valueNotNearTerms', 'valueUnitCoverage', 'yearAsked', 'yearNotInEvidence', 'yearNotEdition', 'definitionAsked', 'definitionMissing', 'statedKindAsked', 'valueNotStated', 'statedValueCoverage']);

/**
 * Applies the learned answer-or-refuse model to a gate feature vector: answerable when the
 * probability reaches the fitted threshold. The refusal reason is the group of features (the
 * question's specific terms, the kind of answer asked, relevance) whose contributions weigh most
 * against answering. Without `weights`, only the features are reported.
 */
export function decideAnswerability(vector: readonly number[], weights: GateWeights | undefined): Answerability {
  const features = Object.fromEntries(GATE_FEATURES.map((name, index) => [name, round(vector[index] ?? 0)]));
  if (weights === undefined) {
    return { features, probability: null, threshold: null, version: null, answerable: true, against: 'confidence_too_low', strongest: [] };
  }
  const probability = predictAnswerable(weights, vector);
  const contributions = GATE_FEATURES.map((feature, index) => ({
    feature,
    contribution: (weights.weights[index] ?? 0) * (((vector[index] ?? 0) - (weights.mean[index] ?? 0)) / (weights.scale[index] ?? 1)),
  }));
  const sum = (group: (feature: string) => boolean) => contributions.filter((entry) => group(entry.feature)).reduce((total, entry) => total + entry.contribution, 0);
  const groups = [
    { reason: 'question_term_not_in_evidence' as const, total: sum((feature) => TERM_FEATURES.has(feature)) },
    { reason: 'answer_type_not_in_evidence' as const, total: sum((feature) => TYPE_FEATURES.has(feature)) },
    { reason: 'confidence_too_low' as const, total: sum((feature) => !TERM_FEATURES.has(feature) && !TYPE_FEATURES.has(feature)) },
  ].sort((a, b) => a.total - b.total);
  const strongest = contributions
    .filter((entry) => entry.contribution < 0)
    .sort((a, b) => a.contribution - b.contribution)
    .slice(0, 3)
    .map((entry) => ({ feature: entry.feature, contribution: round(entry.contribution) }));
  return { features, probability: round(probability), threshold: round(weights.threshold), version: weights.version, answerable: probability >= weights.threshold, against: groups[0]!.reason, strongest };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
