import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { checkFeatureArrays, checkFittedFeatures, FoldFigures, LINEAR_MODEL_FIELDS, readWeightsFile } from './weights-file.ts';
import { ANSWERABILITY_FEATURES } from './measure-answerability.ts';
import { RERANK_FEATURES } from './measure-rerank-features.ts';

/** The weights file shipped with the pipeline, written by `harness tune`. */
export const DEFAULT_RERANK_WEIGHTS_FILE = fileURLToPath(new URL('./rerank-weights.json', import.meta.url));

const finite = z.number().finite();

/**
 * The learned reranker's weights: a logistic regression over standardised `RERANK_FEATURES`, and
 * the probability thresholds that map it to the 0–3 relevance scale. Written by `harness tune`.
 */
export const RerankWeights = z
  .object({
    schemaVersion: z.literal(1),
    kind: z.literal('clausegate-rerank-weights'),
    /** Names this fit in traces and reports (`w1-<sha256 prefix of the training rows>`). */
    version: z.string().min(1),
    ...LINEAR_MODEL_FIELDS,
    /** Probabilities at or above which a candidate scores 1 (related), 2 (relevant) and 3 (answers). */
    thresholds: z.object({ related: finite, relevant: finite, answers: finite }).strict(),
    /**
     * The learned answer-or-refuse decision over the pool (`ANSWERABILITY_FEATURES`): below
     * `threshold`, no candidate scores above 1, so the confidence gate refuses.
     */
    answerability: z
      .object({ ...LINEAR_MODEL_FIELDS, threshold: finite })
      .strict(),
    training: z
      .object({
        suites: z.array(z.string()),
        cases: z.number().int().nonnegative(),
        rows: z.number().int().nonnegative(),
        positives: z.number().int().nonnegative(),
        regularisation: finite,
        folds: z.array(FoldFigures),
      })
      .strict(),
  })
  .strict()
  .superRefine(checkFeatureArrays);
export type RerankWeights = z.infer<typeof RerankWeights>;

/**
 * Reads and checks a weights file. Throws `weights_invalid` naming the file and `harness tune` when
 * it is missing, is not JSON, does not match the schema, or was fitted on other features than this
 * pipeline measures (`RERANK_FEATURES`).
 */
export function loadRerankWeights(file: string = DEFAULT_RERANK_WEIGHTS_FILE): RerankWeights {
  const fix = 'run `npx harness tune` to fit and write it (or point rerank.weightsFile at a good file)';
  const data = readWeightsFile(file, RerankWeights, 'reranker', fix);
  checkFittedFeatures(file, 'reranker', fix, [
    [data.features, RERANK_FEATURES],
    [data.answerability.features, ANSWERABILITY_FEATURES],
  ]);
  return data;
}

