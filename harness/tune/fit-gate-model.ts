import { answerQuestion } from '../../pipeline/answer-question.ts';
import type { AnswerPipeline } from '../../pipeline/answer-question.ts';
import { GATE_FEATURES } from '../../pipeline/gate/index.ts';
import type { SuiteCase } from '../run/prepare-cases.ts';
import { chooseBestCut, foldOf } from './cross-validate.ts';
import { fitLogisticRegression, predictProbability } from './fit-logistic-regression.ts';
import type { FitOptions, LogisticModel } from './fit-logistic-regression.ts';

/** One golden case as a gate training row: its gate features and whether it should be answered. */
export interface GateRow {
  suite: string;
  caseId: string;
  features: number[];
  /** 1 for an answerable case, 0 for a should-refuse one. */
  label: number;
  /** Whether the gate's rules (with the answer-kind check) answered. */
  rulesAnswer: boolean;
  /** Whether the rules refused for a reason the model may overturn (relevance, a term the evidence lacks). */
  rescuable: boolean;
}

/** The rule refusals the gate lets the model overturn (see `applyConfidenceGate`). */
const RESCUABLE = new Set(['confidence_too_low', 'not_enough_relevant_chunks', 'question_term_not_in_evidence']);

/** How well a gate model decides on a set of cases. */
export interface GateFigures {
  /** Cases decided on their label's side. */
  accuracy: number;
  /** Should-refuse cases refused. */
  refusalAccuracy: number;
  /** Answerable cases refused. */
  incorrectRefusal: number;
}

/** One fold of the gate's cross-validation: fitted on the other folds, measured on its own and on the training cases. */
export interface GateFold {
  fold: number;
  trainCases: number;
  heldOutCases: number;
  train: GateFigures;
  heldOut: GateFigures;
}

/**
 * Answers every case through the pipeline without gate weights (the rules and the answer-kind check
 * decide; the gate measures its features all the same) and reads the gate features from the result. Cases refused before the
 * gate measured anything (a name no document holds, an empty pool) give no row: the learned decision
 * never sees them. Returns the rows and the number of cases skipped.
 */
export async function collectGateRows(input: { suite: string; cases: readonly SuiteCase[]; pipeline: AnswerPipeline }): Promise<{ rows: GateRow[]; skipped: number }> {
  const rows: GateRow[] = [];
  let skipped = 0;
  const pipeline = { ...input.pipeline, gateWeights: undefined };
  for (const suiteCase of input.cases) {
    const result = await answerQuestion(pipeline, suiteCase.question);
    const features = result.gate.answerability?.features;
    if (features === undefined) {
      skipped += 1;
      continue;
    }
    const reason = result.gate.reason ?? '';
    rows.push({
      suite: input.suite,
      caseId: suiteCase.id,
      features: GATE_FEATURES.map((name) => features[name] ?? 0),
      label: suiteCase.expected.expectation === 'answer' ? 1 : 0,
      rulesAnswer: result.gate.decision === 'pass',
      rescuable: result.gate.decision === 'refuse' && RESCUABLE.has(reason),
    });
  }
  return { rows, skipped };
}

/** A fitted gate model with its refusal threshold. */
export type GateModel = LogisticModel & { threshold: number };

/**
 * Fits the gate's logistic regression on every row (what answerable evidence looks like) and
 * chooses the rescue threshold: the cut with the highest balanced accuracy of the whole gate over
 * all rows (the mean of the answered share of answerable cases and the refused share of
 * should-refuse ones, where a row is answered when the rules answer it or when they refused it for
 * a rescuable reason and its probability reaches the cut); among equal cuts the highest, which
 * overturns the fewest rule refusals.
 */
export function fitGateModel(rows: readonly GateRow[], options: FitOptions): GateModel {
  const model = fitLogisticRegression(
    rows.map((row) => row.features),
    rows.map((row) => row.label),
    options,
  );
  const scored = rows.map((row) => ({ row, score: predictProbability(model, row.features) }));
  const cuts = [...new Set(scored.filter((entry) => entry.row.rescuable).map((entry) => entry.score))].sort((a, b) => a - b);
  let threshold = 1;
  let best = measureDecisions(scored.map((entry) => ({ label: entry.row.label, answers: entry.row.rulesAnswer })));
  for (let index = cuts.length - 1; index >= 0; index -= 1) {
    const cut = ((cuts[index - 1] ?? 0) + cuts[index]!) / 2;
    const balanced = measureDecisions(scored.map((entry) => ({ label: entry.row.label, answers: entry.row.rulesAnswer || (entry.row.rescuable && entry.score >= cut) })));
    if (balanced > best + 1e-12) {
      best = balanced;
      threshold = cut;
    }
  }
  return { ...model, threshold };
}

/** Balanced accuracy of decisions: the mean of the answered share of answerable rows and the refused share of the others. */
function measureDecisions(decisions: readonly { label: number; answers: boolean }[]): number {
  const positives = decisions.filter((entry) => entry.label === 1);
  const negatives = decisions.filter((entry) => entry.label !== 1);
  const answered = positives.filter((entry) => entry.answers).length;
  const refused = negatives.filter((entry) => !entry.answers).length;
  return (positives.length === 0 ? 1 : answered / positives.length) / 2 + (negatives.length === 0 ? 1 : refused / negatives.length) / 2;
}

/** The cut (score ≥ cut answers) with the highest balanced accuracy; the middle one among ties. */
export function chooseBalancedThreshold(scores: readonly number[], labels: readonly number[]): number {
  return chooseBestCut(scores, (cut) => measureDecisions(scores.map((score, position) => ({ label: labels[position]!, answers: score >= cut }))));
}

/** Measures a gate model on rows (see `GateFigures`). */
export function measureGateModel(model: GateModel, rows: readonly GateRow[]): GateFigures {
  let correct = 0;
  let refusals = 0;
  let refused = 0;
  let answerable = 0;
  let wronglyRefused = 0;
  for (const row of rows) {
    const answers = row.rulesAnswer || (row.rescuable && predictProbability(model, row.features) >= model.threshold);
    if (answers === (row.label === 1)) correct += 1;
    if (row.label === 1) {
      answerable += 1;
      if (!answers) wronglyRefused += 1;
    } else {
      refusals += 1;
      if (!answers) refused += 1;
    }
  }
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  return { accuracy: share(correct, rows.length), refusalAccuracy: share(refused, refusals), incorrectRefusal: share(wronglyRefused, answerable) };
}

/** k-fold cross-validation by case (folds by a hash of suite and id): each fold is held back once. */
export function crossValidateGate(rows: readonly GateRow[], folds: number, options: FitOptions): GateFold[] {
  const results: GateFold[] = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const heldOut = rows.filter((row) => foldOf(row, folds) === fold);
    const train = rows.filter((row) => foldOf(row, folds) !== fold);
    if (heldOut.length === 0 || train.length === 0) continue;
    const model = fitGateModel(train, options);
    results.push({ fold, trainCases: train.length, heldOutCases: heldOut.length, train: measureGateModel(model, train), heldOut: measureGateModel(model, heldOut) });
  }
  return results;
}
