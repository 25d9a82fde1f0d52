import { combineAskReadings, LEARNED_ASK_KINDS, predictAskKind, wordFeatures } from '../../pipeline/question/index.ts';
import type { AskWeights, LearnedAskKind, QuestionAsk } from '../../pipeline/question/index.ts';

/** The kind of value a golden case's answer terms are (`labelAnswerKind`): what its question asks for. */
export type AnswerKind = LearnedAskKind | 'number' | 'none';

/** One answerable golden question: its suite, id, wording, what its rules read, and the kind of its answer. */
export interface AskRow {
  suite: string;
  caseId: string;
  question: string;
  /** What the wording rules (`readAskByRules`) read: `none` when no value asked. */
  ruled: QuestionAsk;
  label: AnswerKind;
}

const MONTH = '(?:january|february|march|april|may|june|july|august|september|october|november|december)';
const UNIT = String.raw`(?:\(\d+\)\s*)?(?:calendar\s+|business\s+|full\s+|consecutive\s+)?(?:minute|hour|day|week|month|year)s?\b`;
const NUMBER_WORDS = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)$/i;
/** The order kinds are taken in when a case's terms are of several: a value before a bare number. */
const KIND_ORDER: readonly AnswerKind[] = ['amount', 'duration', 'date', 'percentage', 'number'];

/**
 * The kind of value an answer term is, read from the term and, for a bare number, from where its
 * evidence quotes state it (`$` before it: an amount; `days` after it: a duration; `%`: a percentage).
 */
export function labelTermKind(term: string, quotes: readonly string[]): AnswerKind {
  const text = term.trim();
  if (/[$€£]\s?\d|\b(?:usd|dollars)\b/i.test(text)) return 'amount';
  if (/%|\bpercent/i.test(text)) return 'percentage';
  if (new RegExp(`${MONTH}\\s+\\d|\\d\\s+${MONTH}`, 'i').test(text)) return 'date';
  const hasDigit = /\d/.test(text);
  if (hasDigit && new RegExp(UNIT, 'i').test(text)) return 'duration';
  if (!hasDigit && !NUMBER_WORDS.test(text)) return 'none';
  for (const quote of quotes) {
    const at = quote.toLowerCase().indexOf(text.toLowerCase());
    if (at < 0) continue;
    const before = quote.slice(Math.max(0, at - 3), at);
    const after = quote.slice(at + text.length, at + text.length + 40);
    if (hasDigit && (/[$€£]\s?$/.test(before) || /^\s*(?:usd|dollars)/i.test(after))) return 'amount';
    if (hasDigit && /^\s*(?:\(\d+\)\s*)?(?:%|percent)/i.test(after)) return 'percentage';
    if (new RegExp(`^\\s*\\)?\\s*${UNIT}`, 'i').test(after)) return 'duration';
  }
  return hasDigit ? 'number' : 'none';
}

/** The kind of a case's answer: the first of `KIND_ORDER` among its terms' kinds, else `none`. */
export function labelAnswerKind(terms: readonly string[], quotes: readonly string[]): AnswerKind {
  const kinds = new Set(terms.map((term) => labelTermKind(term, quotes)));
  return KIND_ORDER.find((kind) => kinds.has(kind)) ?? 'none';
}

/** A binary logistic regression over sparse 0/1 features (no standardisation: every feature is 0 or 1). */
interface SparseModel {
  weights: number[];
  bias: number;
}

/**
 * Fits a logistic regression on rows given as the indices of their features that are 1, by
 * full-batch Adam with an L2 penalty, deterministically. Sparse because a question has a dozen of
 * the vocabulary's hundreds of words.
 */
export function fitSparseLogistic(rows: readonly number[][], labels: readonly number[], width: number, regularisation: number, iterations = 400, rate = 0.05): SparseModel {
  const weights = new Array<number>(width).fill(0);
  const first = new Array<number>(width + 1).fill(0);
  const second = new Array<number>(width + 1).fill(0);
  let bias = 0;
  const gradient = new Array<number>(width + 1).fill(0);
  for (let step = 1; step <= iterations; step += 1) {
    gradient.fill(0);
    rows.forEach((row, index) => {
      let sum = bias;
      for (const feature of row) sum += weights[feature]!;
      const error = 1 / (1 + Math.exp(-sum)) - labels[index]!;
      for (const feature of row) gradient[feature]! += error / rows.length;
      gradient[width]! += error / rows.length;
    });
    for (let j = 0; j < width; j += 1) gradient[j]! += regularisation * weights[j]!;
    for (let j = 0; j <= width; j += 1) {
      first[j] = 0.9 * first[j]! + 0.1 * gradient[j]!;
      second[j] = 0.999 * second[j]! + 0.001 * gradient[j]! ** 2;
      const move = (rate * (first[j]! / (1 - 0.9 ** step))) / (Math.sqrt(second[j]! / (1 - 0.999 ** step)) + 1e-8);
      if (j === width) bias -= move;
      else weights[j]! -= move;
    }
  }
  return { weights, bias };
}

/** Fitted per-kind models, as the pipeline's weights file holds them (`AskWeights['models']`). */
export type AskModel = AskWeights['models'];

/**
 * The vocabulary of a fit: word and word-pair features (`wordFeatures`) of at least `minimumQuestions`
 * training questions from at least three suites, whose words are each English or function words
 * (`isWord`): what a question's wording says of the answer, never a name only one corpus uses.
 */
export function chooseVocabulary(rows: readonly AskRow[], isWord: (word: string) => boolean, minimumQuestions = 4): string[] {
  const questions = new Map<string, number>();
  const suites = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const feature of wordFeatures(row.question)) {
      if (!feature.split('_').every(isWord)) continue;
      questions.set(feature, (questions.get(feature) ?? 0) + 1);
      if (!suites.has(feature)) suites.set(feature, new Set());
      suites.get(feature)!.add(row.suite);
    }
  }
  return [...questions].filter(([feature, count]) => count >= minimumQuestions && suites.get(feature)!.size >= 3).map(([feature]) => feature).sort();
}

/**
 * The words the questions mostly write capitalised inside a sentence (`Hertz`, `Village`, `Greeks`):
 * names of parties, products and places, which a fit must not learn, however English they are. A
 * question's first word, and a word after `.`, `?`, `!` or `:`, say nothing. Lower case.
 */
export function findCapitalisedWords(questions: readonly string[]): Set<string> {
  const capitalised = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const question of questions) {
    for (const match of question.matchAll(/\p{L}+/gu)) {
      if (/^\s*$|[.?!:]\s*$/.test(question.slice(0, match.index))) continue;
      const word = match[0];
      const lower = word.toLowerCase();
      seen.set(lower, (seen.get(lower) ?? 0) + 1);
      if (/^\p{Lu}/u.test(word)) capitalised.set(lower, (capitalised.get(lower) ?? 0) + 1);
    }
  }
  return new Set([...capitalised].filter(([word, count]) => count >= 0.5 * seen.get(word)!).map(([word]) => word));
}

/**
 * Fits one regression per learned kind (that kind against every other label) over `vocabulary`, as
 * the weights file holds them: every feature is 0 or 1, so mean 0 and scale 1.
 */
export function fitAskModel(rows: readonly AskRow[], vocabulary: readonly string[], regularisation: number): AskModel {
  const index = new Map(vocabulary.map((feature, position) => [feature, position]));
  const sparse = rows.map((row) => [...wordFeatures(row.question)].flatMap((feature) => (index.has(feature) ? [index.get(feature)!] : [])));
  return LEARNED_ASK_KINDS.map((kind) => ({
    kind,
    features: [...vocabulary],
    mean: vocabulary.map(() => 0),
    scale: vocabulary.map(() => 1),
    ...fitSparseLogistic(sparse, rows.map((row) => (row.label === kind ? 1 : 0)), vocabulary.length, regularisation),
  }));
}

/** What the learned reading does to a set of questions at a threshold. */
export interface AskFigures {
  /** Share of questions whose learned kind (or none, below the threshold) is their label's kind (a bare number counts as none). */
  accuracy: number;
  /** Questions the rules read no value in that the model gives a kind, and how many of those are right. */
  switched: number;
  switchedRight: number;
  /** Questions the rules read one value in that the model, at or above the override threshold, reads another, and how many of those are right. */
  overridden: number;
  overriddenRight: number;
  /** Share of questions whose kind the rules alone read right (a rule's other asks count as none). */
  rulesAccuracy: number;
  /** …and the rules with the model where they read none or it overrides them, as `detectAsk` reads. */
  combinedAccuracy: number;
}

/**
 * Measures the model on rows at `threshold` (switches from none) and `overrideThreshold` (from a
 * value the rules read to another the model reads; 1 or more never overrides).
 */
export function measureAskModel(model: AskModel, rows: readonly AskRow[], threshold: number, overrideThreshold = 1): AskFigures {
  let right = 0;
  let switched = 0;
  let switchedRight = 0;
  let overridden = 0;
  let overriddenRight = 0;
  let rulesRight = 0;
  let combinedRight = 0;
  const learned = (kind: string): AnswerKind => ((LEARNED_ASK_KINDS as readonly string[]).includes(kind) ? (kind as AnswerKind) : 'none');
  for (const row of rows) {
    const predicted = predictAskKind({ models: model }, row.question);
    const kind: AnswerKind = predicted.probability >= threshold ? predicted.kind : 'none';
    const truth = learned(row.label);
    if (kind === truth) right += 1;
    if (learned(row.ruled) === truth) rulesRight += 1;
    // As `detectAsk` reads: the rules, the learned kind where they read none or it overrides them.
    const chosen = combineAskReadings(row.ruled, predicted, { threshold, overrideThreshold });
    if (learned(chosen) === truth) combinedRight += 1;
    if (chosen !== row.ruled) {
      const isRight = chosen === row.label ? 1 : 0;
      if (row.ruled === 'none') {
        switched += 1;
        switchedRight += isRight;
      } else {
        overridden += 1;
        overriddenRight += isRight;
      }
    }
  }
  const share = (count: number) => (rows.length === 0 ? 0 : count / rows.length);
  return { accuracy: share(right), switched, switchedRight, overridden, overriddenRight, rulesAccuracy: share(rulesRight), combinedAccuracy: share(combinedRight) };
}

/** One fold of the suite-grouped cross-validation: fitted on the other suites, measured on its own. */
export interface AskFold {
  fold: number;
  heldOutSuites: string[];
  trainCases: number;
  heldOutCases: number;
  train: AskFigures;
  heldOut: AskFigures;
}

/** Thresholds tried; the lowest whose held-back switches are right at least `precision` of the time is kept. */
const THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];

/**
 * Cross-validates by whole suites (each fold holds back every case of some suites, so a fold is
 * measured on questions written by another hand) and chooses two thresholds, returning the folds
 * at them: the lowest whose switches from none over all held-back folds are right in at least
 * `precision` of cases (0.9 unless given), then the lowest at or above it whose overrides of a
 * value the rules read are right that often. 1 (never) when none is.
 */
export function crossValidateAsk(
  rows: readonly AskRow[],
  folds: number,
  regularisation: number,
  isWord: (word: string) => boolean,
  precision = 0.9,
): { threshold: number; overrideThreshold: number; folds: AskFold[] } {
  const suites = [...new Set(rows.map((row) => row.suite))].sort();
  const fitted = Array.from({ length: folds }, (_, fold) => {
    const held = new Set(suites.filter((_, position) => position % folds === fold));
    const train = rows.filter((row) => !held.has(row.suite));
    const heldOut = rows.filter((row) => held.has(row.suite));
    return { fold, held: [...held], train, heldOut, model: fitAskModel(train, chooseVocabulary(train, isWord), regularisation) };
  });
  /** The lowest candidate whose held-back moves (`count` of the figures) are right often enough. */
  const lowestPrecise = (candidates: readonly number[], figuresAt: (candidate: number) => AskFigures[], count: (figures: AskFigures) => [moved: number, right: number]) => {
    for (const candidate of candidates) {
      const [moved, right] = figuresAt(candidate).map(count).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
      if (moved > 0 && right / moved >= precision) return candidate;
    }
    return 1;
  };
  const threshold = lowestPrecise(THRESHOLDS, (candidate) => fitted.map((fold) => measureAskModel(fold.model, fold.heldOut, candidate)), (figures) => [figures.switched, figures.switchedRight]);
  const overrideThreshold = lowestPrecise(
    THRESHOLDS.filter((candidate) => candidate >= threshold),
    (candidate) => fitted.map((fold) => measureAskModel(fold.model, fold.heldOut, threshold, candidate)),
    (figures) => [figures.overridden, figures.overriddenRight],
  );
  return {
    threshold,
    overrideThreshold,
    folds: fitted.map((fold) => ({
      fold: fold.fold,
      heldOutSuites: fold.held,
      trainCases: fold.train.length,
      heldOutCases: fold.heldOut.length,
      train: measureAskModel(fold.model, fold.train, threshold, overrideThreshold),
      heldOut: measureAskModel(fold.model, fold.heldOut, threshold, overrideThreshold),
    })),
  };
}
