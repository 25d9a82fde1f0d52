import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { checkFeatureArrays, checkFittedFeatures, FoldFigures, LINEAR_MODEL_FIELDS, linearScore, readWeightsFile } from '../rerank/weights-file.ts';
import { ANSWER_UNIT_FEATURES } from './measure-answer-units.ts';

/** The answer-unit weights file shipped with the pipeline, written by `harness tune --model answer`. */
export const DEFAULT_ANSWER_UNIT_WEIGHTS_FILE = fileURLToPath(new URL('./answer-unit-weights.json', import.meta.url));

const finite = z.number().finite();

/**
 * The learned choice of the unit that answers: a pairwise logistic ranker over
 * `ANSWER_UNIT_FEATURES` (standardised by `scale`), fitted on which unit of the kept evidence holds
 * a golden case's answer terms. The generator states the unit it scores highest first.
 */
export const AnswerUnitWeights = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.literal('clausegate-answer-unit-weights'),
    /** Names this fit in traces and reports (`u1-<sha256 prefix of the training rows>`). */
    version: z.string().min(1),
    ...LINEAR_MODEL_FIELDS,
    training: z
      .object({
        suites: z.array(z.string()),
        cases: z.number().int().nonnegative(),
        regularisation: finite,
        folds: z.array(FoldFigures),
      })
      .strict(),
  })
  .strict()
  .superRefine(checkFeatureArrays);
export type AnswerUnitWeights = z.infer<typeof AnswerUnitWeights>;

/**
 * Reads and checks the answer-unit weights file. Throws `weights_invalid` naming the file and
 * `harness tune --model answer` when it is missing, is not JSON, does not match the schema, or was
 * fitted on other features than the generator measures (`ANSWER_UNIT_FEATURES`).
 */
export function loadAnswerUnitWeights(file: string = DEFAULT_ANSWER_UNIT_WEIGHTS_FILE): AnswerUnitWeights {
  const fix = 'run `npx harness tune --model answer` to fit and write it (or set generation.offlineUnitChoice to "rules")';
  const data = readWeightsFile(file, AnswerUnitWeights, 'answer-unit', fix);
  checkFittedFeatures(file, 'answer-unit', fix, [[data.features, ANSWER_UNIT_FEATURES]]);
  return data;
}

/** A unit's score: the ranker's linear score over its standardised features (higher answers better). */
export function scoreAnswerUnit(weights: Pick<AnswerUnitWeights, 'mean' | 'scale' | 'weights'>, features: readonly number[]): number {
  return linearScore(weights, features);
}
