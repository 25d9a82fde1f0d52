import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { AnswerUnitWeights, DEFAULT_ANSWER_UNIT_WEIGHTS_FILE } from '../../pipeline/providers/answer-unit-weights.ts';
import { ANSWER_UNIT_FEATURES } from '../../pipeline/providers/measure-answer-units.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import type { CommandContext } from '../cli-support/create-context.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { loadCheckedSuite, prepareCases } from '../run/index.ts';
import { collectUnitGroups, crossValidateUnitRanker, fitUnitRanker, recordFolds } from '../tune/index.ts';
import type { UnitFold, UnitGroup } from '../tune/index.ts';

/**
 * `harness tune --model answer`: answers every answerable baseline case of the suites offline with
 * the generator's rules, reads the units of the kept evidence that may answer with their features
 * and which hold the case's answer terms, cross-validates a pairwise ranker by whole suites (the
 * ranker's top unit against the rules' first, train and held back), fits it on all cases and writes
 * the answer-unit weights file (default pipeline/providers/answer-unit-weights.json). Returns the
 * largest train − held-back gap of the ranker's top-1.
 */
export async function tuneAnswer(input: { context: CommandContext; config: ClausegateConfig; suites: readonly string[]; folds: number; regularisation: number; out: string | undefined }): Promise<number> {
  const { context, config } = input;
  const groups: UnitGroup[] = [];
  for (const name of input.suites) {
    const checked = await loadCheckedSuite({ goldenDir: config.paths.goldenDir, name, config, cwd: context.cwd });
    if (checked.check.problems.length > 0) {
      throw new ClausegateError('golden_invalid', `suite ${name} has ${checked.check.problems.length} problem(s); run harness check --suite ${name}`, { hint: 'fix the suite first: tuning on unlocated evidence would learn wrong labels' });
    }
    const source = checked.suite.settings.source;
    const rulesOnly = { ...config, provider: 'offline' as const, generation: { ...config.generation, offlineUnitChoice: 'rules' as const } };
    const pipeline = await openAnswerPipeline(rulesOnly, context.environment, source);
    try {
      const lexical = { expansions: pipeline.config.retrieval.expansions, ...pipeline.config.sources[source]?.lexical };
      const collected = await collectUnitGroups({ suite: name, cases: prepareCases(checked.suite, checked.check, { perturb: false }), pipeline, lexical });
      groups.push(...collected.groups);
      context.stderr(`read ${name}: ${collected.groups.length} cases (${collected.skipped} refused, or with no unit holding an answer term)`);
    } finally {
      await pipeline.close();
    }
  }
  const suites = new Set(groups.map((group) => group.suite));
  if (suites.size < input.folds) {
    throw new ClausegateError('input_invalid', `--model answer holds back whole suites: ${input.folds} folds need at least ${input.folds} suites with cases (got ${suites.size})`, { hint: 'name more suites with --suite, or lower --folds' });
  }
  const fitOptions = { regularisation: input.regularisation };
  const folds = crossValidateUnitRanker(groups, input.folds, fitOptions);
  context.stdout(formatUnitFolds(folds, context.columns));
  const ranker = fitUnitRanker(groups, fitOptions);
  const digest = createHash('sha256').update(JSON.stringify([groups.map((group) => [group.suite, group.caseId, group.rows, group.labels]), input.regularisation])).digest('hex');
  const weights = AnswerUnitWeights.parse({
    schemaVersion: 1,
    kind: 'clausegate-answer-unit-weights',
    version: `u1-${digest.slice(0, 12)}`,
    features: [...ANSWER_UNIT_FEATURES],
    mean: ranker.mean,
    scale: ranker.scale,
    weights: ranker.weights,
    bias: 0,
    training: {
      suites: [...input.suites],
      cases: groups.length,
      regularisation: input.regularisation,
      folds: recordFolds(folds),
    },
  });
  const out = path.resolve(context.cwd, input.out ?? DEFAULT_ANSWER_UNIT_WEIGHTS_FILE);
  await writeFileDurably(out, `${JSON.stringify(weights, null, 2)}\n`);
  context.stdout(`\nanswer-unit weights ${weights.version}: ${groups.length} cases → ${path.relative(context.cwd, out)}`);
  return Math.max(0, ...folds.map((fold) => fold.train.top1 - fold.heldOut.top1));
}

function formatUnitFolds(folds: readonly UnitFold[], width: number): string {
  const percent = (value: number) => (value * 100).toFixed(1);
  const rows = folds.map((fold) => [fold.fold, fold.heldOutSuites.join(' '), `${fold.trainCases}/${fold.heldOutCases}`, `${percent(fold.train.top1)} / ${percent(fold.heldOut.top1)}`, `${percent(fold.heldOut.rulesTop1)} → ${percent(fold.heldOut.top1)}`]);
  return renderTerminalTable(['fold', 'held-back suites', 'cases train/held', 'ranker top-1 % train / held', 'held back: rules → ranker top-1 %'], rows, { width });
}
