import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClausegateError } from '../errors.ts';

// What every weights file shares (reranker, gate, ask): reading and checking it, its fold figures,
// and the linear model's prediction. Nothing here knows a feature list, so any stage may import it.

const finite = z.number().finite();

/**
 * The fields of one linear model over named features, as every weights file holds them: the
 * features, their standardisation (`mean`, `scale`), the weights and the bias (check their lengths
 * with `checkFeatureArrays`).
 */
export const LINEAR_MODEL_FIELDS = {
  features: z.array(z.string()),
  mean: z.array(finite),
  scale: z.array(finite.positive()),
  weights: z.array(finite),
  bias: finite,
};

/** One fold of the cross-validation `harness tune` ran, as recorded in the weights file. */
export const FoldFigures = z
  .object({
    fold: z.number().int().nonnegative(),
    trainCases: z.number().int().nonnegative(),
    heldOutCases: z.number().int().nonnegative(),
    train: z.record(z.string(), finite),
    heldOut: z.record(z.string(), finite),
  })
  .strict();
export type FoldFigures = z.infer<typeof FoldFigures>;

/** A linear model's `mean`, `scale` and `weights` give one value per feature (a zod `superRefine`). */
export function checkFeatureArrays(value: { features: readonly string[]; mean: readonly number[]; scale: readonly number[]; weights: readonly number[] }, context: z.RefinementCtx): void {
  const count = value.features.length;
  for (const field of ['mean', 'scale', 'weights'] as const) {
    if (value[field].length !== count) context.addIssue({ code: 'custom', path: [field], message: `has ${value[field].length} values for ${count} features` });
  }
}

/**
 * Throws `weights_invalid` naming the file and `fix` unless each fitted feature list equals the one
 * this pipeline measures (`[fitted, measured]` pairs; the first pair's counts are named).
 */
export function checkFittedFeatures(file: string, what: string, fix: string, lists: readonly (readonly [readonly string[], readonly string[]])[]): void {
  if (lists.every(([fitted, measured]) => fitted.join(',') === measured.join(','))) return;
  const [fitted, measured] = lists[0]!;
  throw new ClausegateError('weights_invalid', `the ${what} weights file ${file} was fitted on other features (${fitted.length}) than this pipeline measures (${measured.length})`, {
    hint: fix,
    location: { file, field: 'features' },
  });
}

/**
 * Reads a weights file and checks it against `schema`. Throws `weights_invalid` naming the file (and
 * the field, for a schema mismatch) with `fix` as the hint when it cannot be read, is not JSON or does
 * not match. `what` names the model in the message (`reranker`, `gate`).
 */
export function readWeightsFile<Schema extends z.ZodType>(file: string, schema: Schema, what: string, fix: string): z.infer<Schema> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ClausegateError('weights_invalid', `the ${what} weights file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { hint: fix, location: { file } });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClausegateError('weights_invalid', `the ${what} weights file ${file} is not valid JSON: ${(error as Error).message}`, { hint: fix, location: { file } });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ClausegateError('weights_invalid', `the ${what} weights file ${file} is invalid at ${issue.path.join('.') || '(top level)'}: ${issue.message}`, {
      hint: fix,
      location: { file, field: issue.path.join('.') },
    });
  }
  return parsed.data;
}

/** The probability a linear model gives a feature vector (logistic function of the standardised features). */
export function predictRelevance(weights: { mean: readonly number[]; scale: readonly number[]; weights: readonly number[]; bias: number }, features: readonly number[]): number {
  return 1 / (1 + Math.exp(-linearScore(weights, features, weights.bias)));
}

/** A linear model's weighted sum of the standardised features, added to `start` (its bias, or 0 for a ranker's score). */
export function linearScore(weights: { mean: readonly number[]; scale: readonly number[]; weights: readonly number[] }, features: readonly number[], start = 0): number {
  let sum = start;
  for (let index = 0; index < features.length; index += 1) {
    sum += weights.weights[index]! * ((features[index]! - weights.mean[index]!) / weights.scale[index]!);
  }
  return sum;
}
