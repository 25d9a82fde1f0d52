/** A fitted logistic regression over standardised features. */
export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/** Options of `fitLogisticRegression`. */
export interface FitOptions {
  /** L2 penalty on the weights (not the bias); default 0.01. */
  regularisation?: number;
  /** Full-batch gradient steps; default 600. */
  iterations?: number;
  /** Adam step size; default 0.05. */
  learningRate?: number;
}

/**
 * Fits a logistic regression by full-batch gradient descent with Adam on standardised features
 * (mean 0, standard deviation 1 per feature; a constant feature keeps scale 1) and an L2 penalty.
 * Deterministic: the same rows give the same model. Small and dependency-free on purpose: the
 * reranker's training sets are a few thousand rows of two dozen features, and the maintained JS
 * libraries for this either pull in a matrix stack or offer no regularisation.
 */
export function fitLogisticRegression(rows: readonly number[][], labels: readonly number[], options: FitOptions = {}): LogisticModel {
  const count = rows.length;
  const width = rows[0]?.length ?? 0;
  if (count === 0 || width === 0) throw new Error('fitLogisticRegression needs at least one row with one feature');
  const regularisation = options.regularisation ?? 0.01;
  const iterations = options.iterations ?? 600;
  const rate = options.learningRate ?? 0.05;
  const mean = new Array<number>(width).fill(0);
  const scale = new Array<number>(width).fill(0);
  for (const row of rows) for (let j = 0; j < width; j += 1) mean[j]! += row[j]! / count;
  for (const row of rows) for (let j = 0; j < width; j += 1) scale[j]! += (row[j]! - mean[j]!) ** 2 / count;
  for (let j = 0; j < width; j += 1) scale[j] = Math.sqrt(scale[j]!) > 1e-9 ? Math.sqrt(scale[j]!) : 1;
  const standard = rows.map((row) => row.map((value, j) => (value - mean[j]!) / scale[j]!));

  const weights = new Array<number>(width + 1).fill(0); // the last one is the bias
  const first = new Array<number>(width + 1).fill(0);
  const second = new Array<number>(width + 1).fill(0);
  const gradient = new Array<number>(width + 1).fill(0);
  for (let step = 1; step <= iterations; step += 1) {
    gradient.fill(0);
    for (let i = 0; i < count; i += 1) {
      const row = standard[i]!;
      let sum = weights[width]!;
      for (let j = 0; j < width; j += 1) sum += weights[j]! * row[j]!;
      const error = 1 / (1 + Math.exp(-sum)) - labels[i]!;
      for (let j = 0; j < width; j += 1) gradient[j]! += (error * row[j]!) / count;
      gradient[width]! += error / count;
    }
    for (let j = 0; j < width; j += 1) gradient[j]! += regularisation * weights[j]!;
    for (let j = 0; j <= width; j += 1) {
      first[j] = 0.9 * first[j]! + 0.1 * gradient[j]!;
      second[j] = 0.999 * second[j]! + 0.001 * gradient[j]! ** 2;
      const corrected = first[j]! / (1 - 0.9 ** step);
      const spread = second[j]! / (1 - 0.999 ** step);
      weights[j]! -= (rate * corrected) / (Math.sqrt(spread) + 1e-8);
    }
  }
  return { mean, scale, weights: weights.slice(0, width), bias: weights[width]! };
}

/** The model's probability for one row. */
export function predictProbability(model: LogisticModel, row: readonly number[]): number {
  let sum = model.bias;
  for (let j = 0; j < row.length; j += 1) sum += model.weights[j]! * ((row[j]! - model.mean[j]!) / model.scale[j]!);
  return 1 / (1 + Math.exp(-sum));
}
