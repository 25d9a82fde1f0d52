import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { checkFeatureArrays, FoldFigures, LINEAR_MODEL_FIELDS, predictRelevance, readWeightsFile } from '../rerank/weights-file.ts';
import type { QuestionAsk } from './question-profile.ts';

/** The ask-kind weights file shipped with the pipeline, written by `harness tune --model ask`. */
export const DEFAULT_ASK_WEIGHTS_FILE = fileURLToPath(new URL('./ask-weights.json', import.meta.url));

/** The kinds of value the learned reading of a question can tell apart from "none". */
export const LEARNED_ASK_KINDS = ['amount', 'duration', 'date', 'percentage'] as const;
export type LearnedAskKind = (typeof LEARNED_ASK_KINDS)[number];

const finite = z.number().finite();

const KindModel = z
  .object({
    kind: z.enum(LEARNED_ASK_KINDS),
    ...LINEAR_MODEL_FIELDS,
  })
  .strict()
  .superRefine(checkFeatureArrays);

/**
 * What kind of value a question asks for, learned from the wording of golden questions and the kind
 * of their expected answer terms: one logistic regression per kind (`LEARNED_ASK_KINDS`) over the
 * words and word pairs of the question, and the probability at or above which the most likely kind
 * is taken when the question's wording rules (`detectAsk`) read no value asked (and the one at which
 * it replaces a value they read). Features are English words and function words only
 * (`wordFeatures`); no name of a party, product or document.
 */
export const AskWeights = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.literal('clausegate-ask-weights'),
    /** Names this fit in traces and reports (`a1-<sha256 prefix of the training rows>`). */
    version: z.string().min(1),
    threshold: finite,
    /**
     * The probability at or above which the learned kind replaces another value kind the wording
     * rules read (a question the rules read as an amount by its head word `rate`, learned as a
     * percentage); 1 or more: never.
     */
    overrideThreshold: finite,
    models: z.array(KindModel).length(LEARNED_ASK_KINDS.length),
    training: z
      .object({
        suites: z.array(z.string()),
        cases: z.number().int().nonnegative(),
        labels: z.record(z.string(), z.number().int().nonnegative()),
        regularisation: finite,
        folds: z.array(FoldFigures),
      })
      .strict(),
  })
  .strict();
export type AskWeights = z.infer<typeof AskWeights>;

/**
 * Reads and checks the ask weights file. Throws `weights_invalid` naming the file and
 * `harness tune --model ask` when it is missing, is not JSON or does not match the schema.
 */
export function loadAskWeights(file: string = DEFAULT_ASK_WEIGHTS_FILE): AskWeights {
  return readWeightsFile(file, AskWeights, 'ask', 'run `npx harness tune --model ask` to fit and write it');
}

let shipped: AskWeights | undefined;

/** The shipped ask weights, read once on first use (`loadAskWeights`). */
export function shippedAskWeights(): AskWeights {
  shipped ??= loadAskWeights();
  return shipped;
}

/**
 * The features of a question's wording: each lower-case word, and each pair of adjacent words
 * (`how_quickly`), as `word` and `word_word`. A fit keeps those its training questions share.
 */
export function wordFeatures(question: string): Set<string> {
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  const features = new Set(words);
  for (let index = 1; index < words.length; index += 1) features.add(`${words[index - 1]}_${words[index]}`);
  return features;
}

/** Whether the wording rules' reading is one the learned reading also gives (and may replace). */
export function isLearnedAskKind(ask: QuestionAsk): ask is LearnedAskKind {
  return (LEARNED_ASK_KINDS as readonly string[]).includes(ask);
}

/**
 * What a question asks for, from what its wording rules read and the learned reading's likeliest
 * kind: when the rules read none, the learned kind at or above `threshold`; when they read a kind
 * the learned reading also gives, another learned kind at or above `overrideThreshold`; else the
 * rules' reading. `detectAsk` reads questions so, and `harness tune --model ask` measures it so.
 */
export function combineAskReadings(
  ruled: QuestionAsk,
  predicted: { kind: LearnedAskKind; probability: number },
  thresholds: Pick<AskWeights, 'threshold' | 'overrideThreshold'>,
): QuestionAsk {
  if (ruled === 'none') return predicted.probability >= thresholds.threshold ? predicted.kind : 'none';
  if (isLearnedAskKind(ruled) && predicted.kind !== ruled && predicted.probability >= thresholds.overrideThreshold) return predicted.kind;
  return ruled;
}

/** The most likely kind of value the question asks for, with its probability (each kind's own regression). */
export function predictAskKind(weights: Pick<AskWeights, 'models'>, question: string): { kind: LearnedAskKind; probability: number } {
  const present = wordFeatures(question);
  let best: { kind: LearnedAskKind; probability: number } = { kind: LEARNED_ASK_KINDS[0], probability: -1 };
  for (const model of weights.models) {
    const probability = predictFromPresent(model, present);
    if (probability > best.probability) best = { kind: model.kind, probability };
  }
  return best;
}

type KindModel = AskWeights['models'][number];

/** Each model's feature positions, and whether every mean is 0 (as a fit of 0/1 features writes). */
const modelIndexes = new WeakMap<KindModel, { positions: Map<string, number>; centredAtZero: boolean }>();

/**
 * `predictRelevance` over the model's features, 1 for those present: with every mean 0 an absent
 * feature adds exactly 0, so only the present ones are summed, in the same order (the same sum,
 * bit for bit, without a pass over the whole vocabulary per question).
 */
function predictFromPresent(model: KindModel, present: ReadonlySet<string>): number {
  let index = modelIndexes.get(model);
  if (index === undefined) {
    index = { positions: new Map(model.features.map((feature, position) => [feature, position])), centredAtZero: model.mean.every((mean) => mean === 0) };
    modelIndexes.set(model, index);
  }
  if (!index.centredAtZero) return predictRelevance(model, model.features.map((feature) => (present.has(feature) ? 1 : 0)));
  const positions = [...present].flatMap((feature) => (index.positions.has(feature) ? [index.positions.get(feature)!] : [])).sort((left, right) => left - right);
  let sum = model.bias;
  for (const position of positions) sum += model.weights[position]! * ((1 - model.mean[position]!) / model.scale[position]!);
  return 1 / (1 + Math.exp(-sum));
}
