import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { DEFAULT_GATE_WEIGHTS_FILE, GATE_FEATURES, GateWeights } from '../../pipeline/gate/index.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import type { CommandContext } from '../cli-support/create-context.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { loadCheckedSuite, prepareCases } from '../run/index.ts';
import { collectGateRows, crossValidateGate, fitGateModel, recordFolds } from '../tune/index.ts';
import type { GateFold, GateRow } from '../tune/index.ts';

/**
 * `harness tune --model gate`: answers every baseline case of the training suites with the gate's
 * rules (its features measured all the same), cross-validates the answer-or-refuse regression over
 * the cases in `folds` folds (train against held-back figures per fold), fits it on all cases and
 * writes the gate weights file (default pipeline/gate/gate-weights.json). Returns the largest
 * train − held-back gap (0–1).
 */
export async function tuneGate(input: { context: CommandContext; config: ClausegateConfig; suites: readonly string[]; folds: number; regularisation: number; out: string | undefined }): Promise<number> {
  const { context, config } = input;
  const rows: GateRow[] = [];
  let reranker = '';
  for (const name of input.suites) {
    const checked = await loadCheckedSuite({ goldenDir: config.paths.goldenDir, name, config, cwd: context.cwd });
    if (checked.check.problems.length > 0) {
      throw new ClausegateError('golden_invalid', `suite ${name} has ${checked.check.problems.length} problem(s); run harness check --suite ${name}`, { hint: 'fix the suite first: tuning on unlocated evidence would learn wrong labels' });
    }
    // The rules decide while the features are read: no weights file is needed (nor read) to fit one.
    const unweighted = { ...config, gate: { ...config.gate, learned: false } };
    const pipeline = await openAnswerPipeline(unweighted, context.environment, checked.suite.settings.source);
    try {
      reranker = pipeline.reranker.info.name;
      const collected = await collectGateRows({ suite: name, cases: prepareCases(checked.suite, checked.check, { perturb: false }), pipeline });
      rows.push(...collected.rows);
      context.stderr(`read ${name}: ${collected.rows.length} cases (${collected.skipped} refused before the gate measured them)`);
    } finally {
      await pipeline.close();
    }
  }
  const fitOptions = { regularisation: input.regularisation };
  const folds = crossValidateGate(rows, input.folds, fitOptions);
  context.stdout(formatGateFolds(folds, context.columns));
  const model = fitGateModel(rows, fitOptions);
  const digest = createHash('sha256').update(JSON.stringify(rows.map((row) => [row.suite, row.caseId, row.features, row.label]))).digest('hex');
  const weights = GateWeights.parse({
    schemaVersion: 1,
    kind: 'clausegate-gate-weights',
    version: `g1-${digest.slice(0, 12)}`,
    reranker,
    features: [...GATE_FEATURES],
    mean: model.mean,
    scale: model.scale,
    weights: model.weights,
    bias: model.bias,
    threshold: model.threshold,
    training: {
      suites: [...input.suites],
      cases: rows.length,
      answerable: rows.filter((row) => row.label === 1).length,
      regularisation: input.regularisation,
      folds: recordFolds(folds),
    },
  });
  const out = path.resolve(context.cwd, input.out ?? DEFAULT_GATE_WEIGHTS_FILE);
  await writeFileDurably(out, `${JSON.stringify(weights, null, 2)}\n`);
  context.stdout(`\ngate weights ${weights.version}: ${rows.length} cases (${weights.training.answerable} answerable), threshold ${model.threshold.toFixed(3)} → ${path.relative(context.cwd, out)}`);
  let gap = 0;
  for (const fold of folds) gap = Math.max(gap, fold.train.accuracy - fold.heldOut.accuracy);
  return gap;
}

function formatGateFolds(folds: readonly GateFold[], width: number): string {
  const percent = (value: number) => (value * 100).toFixed(1);
  const pair = (pick: (figures: GateFold['train']) => number, fold: Pick<GateFold, 'train' | 'heldOut'>) => `${percent(pick(fold.train))} / ${percent(pick(fold.heldOut))}`;
  const mean = (pick: (fold: GateFold) => number) => folds.reduce((sum, fold) => sum + pick(fold), 0) / Math.max(1, folds.length);
  const rows = folds.map((fold) => [fold.fold, `${fold.trainCases}/${fold.heldOutCases}`, pair((f) => f.accuracy, fold), pair((f) => f.refusalAccuracy, fold), pair((f) => f.incorrectRefusal, fold)]);
  const averaged = {
    train: { accuracy: mean((fold) => fold.train.accuracy), refusalAccuracy: mean((fold) => fold.train.refusalAccuracy), incorrectRefusal: mean((fold) => fold.train.incorrectRefusal) },
    heldOut: { accuracy: mean((fold) => fold.heldOut.accuracy), refusalAccuracy: mean((fold) => fold.heldOut.refusalAccuracy), incorrectRefusal: mean((fold) => fold.heldOut.incorrectRefusal) },
  };
  rows.push(['mean', '', pair((f) => f.accuracy, averaged), pair((f) => f.refusalAccuracy, averaged), pair((f) => f.incorrectRefusal, averaged)]);
  return renderTerminalTable(['fold', 'cases train/held', 'answer-or-refuse % train / held', 'refusal accuracy % train / held', 'incorrect refusal % train / held'], rows, { width });
}
