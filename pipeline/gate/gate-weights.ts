import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { checkFeatureArrays, checkFittedFeatures, FoldFigures, LINEAR_MODEL_FIELDS, predictRelevance, readWeightsFile } from '../rerank/weights-file.ts';
import { GATE_FEATURES } from './measure-gate-features.ts';

/** The gate weights file shipped with the pipeline, written by `harness tune --model gate`. */
export const DEFAULT_GATE_WEIGHTS_FILE = fileURLToPath(new URL('./gate-weights.json', import.meta.url));

const finite = z.number().finite();

/**
 * The confidence gate's learned answer-or-refuse decision: a logistic regression over standardised
 * `GATE_FEATURES`, and the probability below which the gate refuses. Written by `harness tune --model gate`.
 */
export const GateWeights = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.literal('clausegate-gate-weights'),
    /** Names this fit in traces and reports (`g1-<sha256 prefix of the training rows>`). */
    version: z.string().min(1),
    /** The reranker whose 0–3 scores the relevance features were measured on. */
    reranker: z.string().min(1),
    ...LINEAR_MODEL_FIELDS,
    /** Below this probability of being answerable the gate refuses. */
    threshold: finite,
    training: z
      .object({
        suites: z.array(z.string()),
        cases: z.number().int().nonnegative(),
        answerable: z.number().int().nonnegative(),
        regularisation: finite,
        folds: z.array(FoldFigures),
      })
      .strict(),
  })
  .strict()
  .superRefine(checkFeatureArrays);
export type GateWeights = z.infer<typeof GateWeights>;

/**
 * Reads and checks the gate weights file. Throws `weights_invalid` naming the file and
 * `harness tune --model gate` when it is missing, is not JSON, does not match the schema, or was
 * fitted on other features than this pipeline measures (`GATE_FEATURES`).
 */
export function loadGateWeights(file: string = DEFAULT_GATE_WEIGHTS_FILE): GateWeights {
  const fix = 'run `npx harness tune --model gate` to fit and write it (or point gate.weightsFile at a good file)';
  const data = readWeightsFile(file, GateWeights, 'gate', fix);
  checkFittedFeatures(file, 'gate', fix, [[data.features, GATE_FEATURES]]);
  return data;
}

/** The probability the gate model gives a feature vector: that the evidence can answer the question. */
export function predictAnswerable(weights: GateWeights, features: readonly number[]): number {
  return predictRelevance(weights, features);
}
