import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { ANSWERABILITY_FEATURES } from '../../pipeline/rerank/measure-answerability.ts';
import { RERANK_FEATURES } from '../../pipeline/rerank/measure-rerank-features.ts';
import { DEFAULT_RERANK_WEIGHTS_FILE, RerankWeights } from '../../pipeline/rerank/rerank-weights.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import type { CommandIo } from '../cli.ts';
import { loadCheckedSuite, prepareCases, resolveConfigPaths } from '../run/index.ts';
import { chooseRelevanceThreshold, collectTuningRows, crossValidate, fitTunedModel, recordFolds } from '../tune/index.ts';
import type { FoldResult, TuningGroup } from '../tune/index.ts';
import { tuneAnswer } from './tune-answer.ts';
import { measureAsk, tuneAsk } from './tune-ask.ts';
import { tuneGate } from './tune-gate.ts';

interface TuneOptions extends GlobalOptions {
  model: 'reranker' | 'gate' | 'ask' | 'answer';
  suite?: string[];
  folds: number;
  regularisation: number;
  out?: string;
  heldOut?: string[];
}

/** Suites tagged `training` in their suite.json are what `harness tune` fits on by default. */
const TRAINING_TAG = 'training';

/**
 * `harness tune [--suite NAME…] [--folds K] [--regularisation L] [--out FILE]`: measures the learned
 * reranker's features on every baseline case of the training suites (those tagged `training`, or
 * the ones named), cross-validates a logistic regression over the cases in K folds (printing train
 * against held-back figures per fold), fits it on all cases and writes the versioned weights file the
 * pipeline reads (default pipeline/rerank/rerank-weights.json). `--model gate` fits the gate's
 * answer-or-refuse model (`tuneGate`), `--model ask` the learned reading of what a question asks
 * for (`tuneAsk`, folds by whole suites). Exit 0 when written, 1 when a held-back fold falls more
 * than 5 points below its training figure, 2 on bad input.
 */
export function registerTuneCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'tune',
    'Fit a learned model (the reranker, the gate, or what a question asks for) on golden suites with cross-validation and write its weights file',
    (command) =>
      command
        .option('model', {
          choices: ['reranker', 'gate', 'ask', 'answer'] as const,
          default: 'reranker' as const,
          describe: 'what to fit: the learned reranker (pipeline/rerank/rerank-weights.json), the confidence gate\'s answer-or-refuse decision (pipeline/gate/gate-weights.json), the kind of value a question asks for (pipeline/question/ask-weights.json), or which unit of the kept evidence the offline generator states first (pipeline/providers/answer-unit-weights.json); ask and answer folds hold back whole suites',
        })
        .option('suite', { type: 'string', array: true, describe: 'golden suites to fit on (default: every suite tagged "training")' })
        .option('folds', { type: 'number', default: 5, describe: 'cross-validation folds (cases are assigned by a hash of suite and id)' })
        .option('regularisation', { type: 'number', default: 0.01, describe: 'L2 penalty of the logistic regression' })
        .option('held-out', { type: 'string', array: true, describe: 'with --model ask: measure the weights file (--out, or the shipped one) on these suites instead of fitting' })
        .option('out', { type: 'string', describe: `weights file to write (default ${path.relative(process.cwd(), DEFAULT_RERANK_WEIGHTS_FILE)}, or the gate's beside pipeline/gate/)` }),
    async (argv) => {
      const options = argv as unknown as TuneOptions;
      if (!Number.isInteger(options.folds) || options.folds < 2 || !(options.regularisation >= 0)) {
        throw new ClausegateError('input_invalid', `--folds must be an integer ≥ 2 and --regularisation ≥ 0 (got ${options.folds} and ${options.regularisation})`, {
          hint: 'for example: harness tune --folds 5 --regularisation 0.01',
        });
      }
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      if (options.heldOut !== undefined && options.model !== 'ask') {
        throw new ClausegateError('input_invalid', '--held-out measures the learned reading of what a question asks; it needs --model ask', { hint: 'for example: harness tune --model ask --held-out cme-fresh-9' });
      }
      if (options.model === 'ask' && options.heldOut !== undefined) {
        await measureAsk({ context, config, suites: options.heldOut, weightsFile: options.out });
        return;
      }
      const suites = options.suite ?? (await findTrainingSuites(config.paths.goldenDir));
      if (suites.length === 0) {
        throw new ClausegateError('input_invalid', `no golden suite is tagged "${TRAINING_TAG}" under ${config.paths.goldenDir}`, { hint: 'name suites with --suite, or add "training" to a suite.json\'s tags' });
      }
      // The gate, the reading of what a question asks and the choice of answer unit each fit their own model and report the largest gap.
      const fitters = { gate: tuneGate, ask: tuneAsk, answer: tuneAnswer } as const;
      if (options.model !== 'reranker') {
        const gap = await fitters[options.model]({ context, config, suites, folds: options.folds, regularisation: options.regularisation, out: options.out });
        context.stdout(`largest train − held-back gap: ${(gap * 100).toFixed(1)} points (goal ≤ 5)`);
        setExitCode(gap > 0.05 ? EXIT.failed : EXIT.ok);
        return;
      }
      const groups: TuningGroup[] = [];
      for (const name of suites) {
        const checked = await loadCheckedSuite({ goldenDir: config.paths.goldenDir, name, config, cwd: context.cwd });
        if (checked.check.problems.length > 0) {
          throw new ClausegateError('golden_invalid', `suite ${name} has ${checked.check.problems.length} problem(s); run harness check --suite ${name}`, { hint: 'fix the suite first: tuning on unlocated evidence would learn wrong labels' });
        }
        const pipeline = await openAnswerPipeline(config, context.environment, checked.suite.settings.source);
        try {
          const cases = prepareCases(checked.suite, checked.check, { perturb: false });
          const statistics = pipeline.index.corpus.statistics;
          groups.push(...(await collectTuningRows({ suite: name, cases, pipeline, statistics, aliases: checked.check.aliases })));
        } finally {
          await pipeline.close();
        }
        context.stderr(`read ${name}: ${groups.filter((group) => group.suite === name).length} cases`);
      }
      const fitOptions = { regularisation: options.regularisation };
      const folds = crossValidate(groups, options.folds, fitOptions);
      context.stdout(formatFolds(folds, context.columns));
      const tuned = fitTunedModel(groups, fitOptions);
      const model = tuned.ranker;
      const relevant = chooseRelevanceThreshold(model, groups);
      const rows = groups.flatMap((group) => group.rows);
      const digest = createHash('sha256').update(JSON.stringify(groups.map((group) => [group.suite, group.caseId, group.rows, group.labels]))).digest('hex');
      const weights = RerankWeights.parse({
        schemaVersion: 1,
        kind: 'clausegate-rerank-weights',
        version: `w1-${digest.slice(0, 12)}`,
        features: [...RERANK_FEATURES],
        mean: model.mean,
        scale: model.scale,
        weights: model.weights,
        bias: model.bias,
        thresholds: { related: relevant / 2, relevant, answers: relevant + (1 - relevant) / 2 },
        answerability: {
          features: [...ANSWERABILITY_FEATURES],
          mean: tuned.answerability.mean,
          scale: tuned.answerability.scale,
          weights: tuned.answerability.weights,
          bias: tuned.answerability.bias,
          threshold: tuned.answerability.threshold,
        },
        training: {
          suites,
          cases: groups.length,
          rows: rows.length,
          positives: groups.reduce((sum, group) => sum + group.labels.filter((label) => label === 1).length, 0),
          regularisation: options.regularisation,
          folds: recordFolds(folds),
        },
      });
      const out = path.resolve(context.cwd, options.out ?? DEFAULT_RERANK_WEIGHTS_FILE);
      await writeFileDurably(out, `${JSON.stringify(weights, null, 2)}\n`);
      context.stdout(`\nweights ${weights.version}: ${groups.length} cases, ${rows.length} rows, relevance threshold ${relevant.toFixed(3)}, answerability threshold ${tuned.answerability.threshold.toFixed(3)} → ${path.relative(context.cwd, out)}`);
      const gap = largestGap(folds);
      context.stdout(`largest train − held-back gap: ${(gap * 100).toFixed(1)} points (goal ≤ 5)`);
      setExitCode(gap > 0.05 ? EXIT.failed : EXIT.ok);
    },
  );
}

async function findTrainingSuites(goldenDir: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of (await readdir(goldenDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const text = await readFile(path.join(goldenDir, entry.name, 'suite.json'), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const tags = (JSON.parse(text) as { tags?: unknown }).tags;
    if (Array.isArray(tags) && tags.includes(TRAINING_TAG)) names.push(entry.name);
  }
  return names;
}

function formatFolds(folds: readonly FoldResult[], width: number): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}`;
  const rows = folds.map((fold) => [
    fold.fold,
    `${fold.trainCases}/${fold.heldOutCases}`,
    `${percent(fold.train.top1)} / ${percent(fold.heldOut.top1)}`,
    `${percent(fold.train.recallAt5)} / ${percent(fold.heldOut.recallAt5)}`,
    `${percent(fold.train.decision)} / ${percent(fold.heldOut.decision)}`,
  ]);
  const mean = (pick: (fold: FoldResult) => number) => folds.reduce((sum, fold) => sum + pick(fold), 0) / Math.max(1, folds.length);
  rows.push([
    'mean',
    '',
    `${percent(mean((fold) => fold.train.top1))} / ${percent(mean((fold) => fold.heldOut.top1))}`,
    `${percent(mean((fold) => fold.train.recallAt5))} / ${percent(mean((fold) => fold.heldOut.recallAt5))}`,
    `${percent(mean((fold) => fold.train.decision))} / ${percent(mean((fold) => fold.heldOut.decision))}`,
  ]);
  return renderTerminalTable(['fold', 'cases train/held', 'top-1 % train / held', 'recall@5 % train / held', 'answer-or-refuse % train / held'], rows, { width });
}

function largestGap(folds: readonly FoldResult[]): number {
  let gap = 0;
  for (const fold of folds) {
    gap = Math.max(gap, fold.train.top1 - fold.heldOut.top1, fold.train.recallAt5 - fold.heldOut.recallAt5, fold.train.decision - fold.heldOut.decision);
  }
  return gap;
}
