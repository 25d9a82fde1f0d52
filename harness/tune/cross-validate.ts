import { createHash } from 'node:crypto';
import { measureAnswerability } from '../../pipeline/rerank/measure-answerability.ts';
import { RERANK_FEATURES } from '../../pipeline/rerank/measure-rerank-features.ts';
import type { TuningGroup } from './collect-tuning-rows.ts';
import { fitLogisticRegression, predictProbability } from './fit-logistic-regression.ts';
import type { FitOptions, LogisticModel } from './fit-logistic-regression.ts';

/** How well a model ranks and decides on a set of cases. */
export interface RankingFigures {
  /** Answerable cases with an expected chunk in the pool whose top-scored candidate is one. */
  top1: number;
  /** …whose five top-scored candidates hold one (the reranker keeps up to five). */
  recallAt5: number;
  /** Cases whose best probability falls on the right side of the relevance threshold (answerable above, should-refuse below). */
  decision: number;
}

/** One fold: fitted on the other folds' cases, measured on its own (held back) and on the training cases. */
export interface FoldResult {
  fold: number;
  trainCases: number;
  heldOutCases: number;
  train: RankingFigures;
  heldOut: RankingFigures;
}

/** The fold (0 … k-1) a case belongs to: a hash of its suite and id, so folds are stable across runs. */
export function foldOf(group: Pick<TuningGroup, 'suite' | 'caseId'>, folds: number): number {
  const digest = createHash('sha256').update(`${group.suite}\u0000${group.caseId}`).digest();
  return digest.readUInt32BE(0) % folds;
}

/**
 * Features that say how well the pool as a whole can answer (rather than which candidate answers
 * best): they are the same for every candidate of a pool, or nearly, so the pairwise ranker cannot
 * learn them, and the calibration step weighs them for the answer-or-refuse decision.
 */
const CALIBRATION_FEATURES: readonly (typeof RERANK_FEATURES)[number][] = ['questionWeightAbsentFromPool', 'missingSpecific', 'specificCoverage', 'valueMissing', 'valueUnitCoverage', 'doesNotDefineSubject'];

/**
 * Fits the reranker on the groups in two steps. First a pairwise ranker: within each answerable
 * case's pool, every (expected chunk, other chunk) pair's feature difference is a training row of a
 * logistic regression (both orders, labels 1 and 0), so the weights learn what sets the right chunk
 * above its neighbours rather than what an average chunk looks like. Then a logistic regression of the ranking score and the
 * `CALIBRATION_FEATURES` over every candidate (should-refuse cases' included) turns that ranking score into a
 * probability of being expected evidence, which the relevance thresholds cut. Returned as one model
 * whose probability is `σ(bias + Σ weight·feature/scale)`.
 */
export function fitGroups(groups: readonly TuningGroup[], options: FitOptions): LogisticModel {
  const pairs: number[][] = [];
  const pairLabels: number[] = [];
  for (const group of groups) {
    const positives = group.rows.filter((_, index) => group.labels[index] === 1);
    const negatives = group.rows.filter((_, index) => group.labels[index] === 0);
    for (const positive of positives) {
      for (const negative of negatives) {
        const difference = positive.map((value, j) => value - negative[j]!);
        pairs.push(difference, difference.map((value) => -value));
        pairLabels.push(1, 0);
      }
    }
  }
  const ranker = fitLogisticRegression(pairs, pairLabels, options);
  const rankScore = (row: readonly number[]) => row.reduce((sum, value, j) => sum + (ranker.weights[j]! * value) / ranker.scale[j]!, 0);
  const calibrationIndexes = CALIBRATION_FEATURES.map((name) => RERANK_FEATURES.indexOf(name));
  const calibration = fitLogisticRegression(
    groups.flatMap((group) => group.rows.map((row) => [rankScore(row), ...calibrationIndexes.map((index) => row[index]!)])),
    groups.flatMap((group) => group.labels),
    { regularisation: options.regularisation ?? 0.01, iterations: 400 },
  );
  // Fold the two linear steps into one model over the raw features (mean 0, scale 1).
  const slope = calibration.weights[0]! / calibration.scale[0]!;
  const weights = ranker.weights.map((weight, j) => (slope * weight) / ranker.scale[j]!);
  let bias = calibration.bias - slope * calibration.mean[0]!;
  calibrationIndexes.forEach((index, k) => {
    const weight = calibration.weights[k + 1]! / calibration.scale[k + 1]!;
    weights[index]! += weight;
    bias -= weight * calibration.mean[k + 1]!;
  });
  return { mean: weights.map(() => 0), scale: weights.map(() => 1), weights, bias };
}

/** A fitted reranker: the candidate model and the pool's answer-or-refuse model with its threshold. */
export interface TunedModel {
  ranker: LogisticModel;
  answerability: LogisticModel & { threshold: number };
}

/** The answerability vector of each group under a candidate model (see `measureAnswerability`). */
function answerabilityRows(ranker: LogisticModel, groups: readonly TuningGroup[]): number[][] {
  return groups.map((group) => measureAnswerability(group.rows, group.rows.map((row) => predictProbability(ranker, row))));
}

/**
 * Fits both models on the groups: the candidate model (`fitGroups`), then a logistic regression of
 * answerable (1) against should-refuse (0) over the groups' `ANSWERABILITY_FEATURES`, with the
 * threshold that puts the most training cases on the right side (the middle one among ties).
 */
export function fitTunedModel(groups: readonly TuningGroup[], options: FitOptions): TunedModel {
  const ranker = fitGroups(groups, options);
  const rows = answerabilityRows(ranker, groups);
  const labels = groups.map((group) => (group.expectation === 'answer' ? 1 : 0));
  const model = fitLogisticRegression(rows, labels, { regularisation: options.regularisation ?? 0.01 });
  const scores = rows.map((row) => predictProbability(model, row));
  return { ranker, answerability: { ...model, threshold: chooseThreshold(scores, labels) } };
}

/** The cut that puts the most scores on their label's side (score ≥ cut for 1); the middle one among ties. */
export function chooseThreshold(scores: readonly number[], labels: readonly number[]): number {
  return chooseBestCut(scores, (cut) => scores.filter((score, position) => (score >= cut) === (labels[position] === 1)).length);
}

/**
 * The cut between two neighbouring distinct scores (or below or above them all) that `measure`
 * rates highest; the middle one among ties (within 1e-12). 0.5 when there are no scores to cut.
 */
export function chooseBestCut(scores: readonly number[], measure: (cut: number) => number): number {
  const cuts = [...new Set(scores)].sort((a, b) => a - b);
  let bestScore = -Infinity;
  let best: number[] = [];
  for (let index = 0; index <= cuts.length; index += 1) {
    const cut = ((cuts[index - 1] ?? 0) + (cuts[index] ?? 1)) / 2;
    const score = measure(cut);
    if (score > bestScore + 1e-12) {
      bestScore = score;
      best = [cut];
    } else if (Math.abs(score - bestScore) <= 1e-12) {
      best.push(cut);
    }
  }
  return best[Math.floor(best.length / 2)] ?? 0.5;
}

/** Measures a tuned model on groups (see `RankingFigures`). */
export function measureGroups(model: TunedModel, groups: readonly TuningGroup[]): RankingFigures {
  let ranked = 0;
  let top1 = 0;
  let top5 = 0;
  let correct = 0;
  const decisions = answerabilityRows(model.ranker, groups).map((row) => predictProbability(model.answerability, row) >= model.answerability.threshold);
  groups.forEach((group, position) => {
    if (decisions[position] === (group.expectation === 'answer')) correct += 1;
    if (group.expectation !== 'answer' || !group.labels.includes(1)) return;
    const scored = group.rows.map((row, index) => ({ probability: predictProbability(model.ranker, row), label: group.labels[index]! }));
    scored.sort((a, b) => b.probability - a.probability);
    ranked += 1;
    if (scored[0]?.label === 1) top1 += 1;
    if (scored.slice(0, 5).some((entry) => entry.label === 1)) top5 += 1;
  });
  return { top1: share(top1, ranked), recallAt5: share(top5, ranked), decision: share(correct, groups.length) };
}

/** k-fold cross-validation by case: each fold is held back once while the models are fitted on the rest. */
export function crossValidate(groups: readonly TuningGroup[], folds: number, options: FitOptions): FoldResult[] {
  const results: FoldResult[] = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const heldOut = groups.filter((group) => foldOf(group, folds) === fold);
    const train = groups.filter((group) => foldOf(group, folds) !== fold);
    if (heldOut.length === 0 || train.length === 0) continue;
    const model = fitTunedModel(train, options);
    results.push({ fold, trainCases: train.length, heldOutCases: heldOut.length, train: measureGroups(model, train), heldOut: measureGroups(model, heldOut) });
  }
  return results;
}

/** The relevance threshold of the candidate model: the cut between expected evidence and the rest that puts the most candidates on their side, over answerable pools. */
export function chooseRelevanceThreshold(ranker: LogisticModel, groups: readonly TuningGroup[]): number {
  const answerable = groups.filter((group) => group.expectation === 'answer');
  const best = answerable.map((group) => Math.max(0, ...group.rows.filter((_, index) => group.labels[index] === 1).map((row) => predictProbability(ranker, row))));
  // The expected chunk of most answerable cases should reach the threshold: the 10th percentile of their best probabilities.
  const sorted = best.filter((value) => value > 0).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.1)] ?? 0.5;
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
