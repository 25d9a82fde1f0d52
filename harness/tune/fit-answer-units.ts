import { answerQuestion } from '../../pipeline/answer-question.ts';
import type { AnswerPipeline } from '../../pipeline/answer-question.ts';
import { scoreAnswerUnit } from '../../pipeline/providers/answer-unit-weights.ts';
import type { GenerationRequest, Generator } from '../../pipeline/providers/generator.ts';
import { findStatedValues } from '../../pipeline/providers/find-stated-values.ts';
import { measureAnswerUnits } from '../../pipeline/providers/measure-answer-units.ts';
import { readAnswerPool } from '../../pipeline/providers/read-answer-units.ts';
import type { OfflineLexicalOptions } from '../../pipeline/question/index.ts';
import type { SuiteCase } from '../run/prepare-cases.ts';
import { fitLogisticRegression } from './fit-logistic-regression.ts';
import type { FitOptions } from './fit-logistic-regression.ts';

/** One answerable case as the generator read it: the features of each unit that may answer, and which hold its answer terms. */
export interface UnitGroup {
  suite: string;
  caseId: string;
  /** `ANSWER_UNIT_FEATURES` of each unit, in the rules' order (the first is the rules' choice). */
  rows: number[][];
  /**
   * 1 for the units holding the most of the case's answer terms (at least one) and stating no
   * amount, date or percentage its expected evidence does not (when some such unit does), else 0.
   */
  labels: number[];
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Answers every answerable case with the pipeline (the generator's rules deciding) and reads, from
 * the request its generator was given, the units that may answer (`readAnswerPool`) with their
 * features. A case is left out when it was refused before generation, or when no unit holds any of
 * its answer terms (nothing to learn which unit answers).
 */
export async function collectUnitGroups(input: { suite: string; cases: readonly SuiteCase[]; pipeline: AnswerPipeline; lexical: OfflineLexicalOptions }): Promise<{ groups: UnitGroup[]; skipped: number }> {
  let captured: GenerationRequest | undefined;
  const inner = input.pipeline.generator;
  const capturing: Generator = {
    info: inner.info,
    generate: (request) => {
      captured = request;
      return inner.generate(request);
    },
  };
  const pipeline = { ...input.pipeline, generator: capturing };
  const groups: UnitGroup[] = [];
  let skipped = 0;
  for (const suiteCase of input.cases) {
    if (suiteCase.expected.expectation !== 'answer') continue;
    captured = undefined;
    await answerQuestion(pipeline, suiteCase.question);
    const read = captured === undefined ? undefined : readAnswerPool(captured, input.lexical);
    const terms = suiteCase.expected.answerTerms.map(normalise);
    const held = read?.pool.map((unit) => terms.filter((term) => normalise(unit.text).includes(term)).length) ?? [];
    const most = Math.max(0, ...held);
    if (read === undefined || most === 0 || held.every((count) => count === most)) {
      skipped += 1;
      continue;
    }
    // Of the units holding the most terms, those stating nothing the expected evidence does not
    // (`answer_precision`), when some do: a unit giving the asked fee beside other rows' fees is a worse answer.
    const expected = new Set(suiteCase.expected.quotes.flatMap((quote) => findStatedValues(quote)));
    const precise = read.pool.map((unit, place) => held[place] === most && findStatedValues(unit.text).every((value) => expected.has(value)));
    const best = precise.some(Boolean) ? precise : held.map((count) => count === most);
    if (best.every(Boolean)) {
      skipped += 1;
      continue;
    }
    groups.push({ suite: input.suite, caseId: suiteCase.id, rows: measureAnswerUnits(read.pool, captured!.question, read.profile), labels: best.map((label) => (label ? 1 : 0)) });
  }
  return { groups, skipped };
}

/** A pairwise ranker over unit features: score = Σ weight·feature/scale (mean 0). */
export interface UnitRanker {
  mean: number[];
  scale: number[];
  weights: number[];
}

/**
 * Fits the ranker: within each case, every (unit holding the answer, other unit) pair's feature
 * difference is a row of a logistic regression, both orders (labels 1 and 0), so the weights learn
 * what sets the answering unit above its neighbours.
 */
export function fitUnitRanker(groups: readonly UnitGroup[], options: FitOptions): UnitRanker {
  const pairs: number[][] = [];
  const labels: number[] = [];
  for (const group of groups) {
    group.rows.forEach((positive, i) => {
      if (group.labels[i] !== 1) return;
      group.rows.forEach((negative, j) => {
        if (group.labels[j] !== 0) return;
        const difference = positive.map((value, k) => value - negative[k]!);
        pairs.push(difference, difference.map((value) => -value));
        labels.push(1, 0);
      });
    });
  }
  const model = fitLogisticRegression(pairs, labels, options);
  return { mean: model.weights.map(() => 0), scale: model.scale, weights: model.weights };
}

/** The place of the unit a ranker scores highest (the first of equals; `scoreAnswerUnit`). */
export function chooseUnit(ranker: UnitRanker, rows: readonly number[][]): number {
  const scores = rows.map((row) => scoreAnswerUnit(ranker, row));
  return scores.indexOf(Math.max(...scores));
}

/** Share of cases whose chosen unit holds the answer: the ranker's, and the rules' (the first unit). */
export interface UnitFigures {
  top1: number;
  rulesTop1: number;
}

export function measureUnitRanker(ranker: UnitRanker, groups: readonly UnitGroup[]): UnitFigures {
  const share = (count: number) => (groups.length === 0 ? 0 : count / groups.length);
  return {
    top1: share(groups.filter((group) => group.labels[chooseUnit(ranker, group.rows)] === 1).length),
    rulesTop1: share(groups.filter((group) => group.labels[0] === 1).length),
  };
}

/** One fold, held back by whole suites. */
export interface UnitFold {
  fold: number;
  heldOutSuites: string[];
  trainCases: number;
  heldOutCases: number;
  train: UnitFigures;
  heldOut: UnitFigures;
}

/** Cross-validation holding back whole suites (suites in name order, dealt round the folds). */
export function crossValidateUnitRanker(groups: readonly UnitGroup[], folds: number, options: FitOptions): UnitFold[] {
  const suites = [...new Set(groups.map((group) => group.suite))].sort();
  return Array.from({ length: folds }, (_, fold) => {
    const held = new Set(suites.filter((_, place) => place % folds === fold));
    const train = groups.filter((group) => !held.has(group.suite));
    const heldOut = groups.filter((group) => held.has(group.suite));
    const ranker = fitUnitRanker(train, options);
    return { fold, heldOutSuites: [...held], trainCases: train.length, heldOutCases: heldOut.length, train: measureUnitRanker(ranker, train), heldOut: measureUnitRanker(ranker, heldOut) };
  });
}
