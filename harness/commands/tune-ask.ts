import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { AskWeights, DEFAULT_ASK_WEIGHTS_FILE, isEnglishWord, loadAskWeights, QUESTION_STOP_WORDS, readAskByRules } from '../../pipeline/question/index.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { normalizeForMatching } from '../../pipeline/text/index.ts';
import type { CommandContext } from '../cli-support/create-context.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { loadSuite } from '../golden/index.ts';
import { chooseVocabulary, crossValidateAsk, findCapitalisedWords, fitAskModel, labelAnswerKind, measureAskModel, recordFolds } from '../tune/index.ts';
import type { AskFold, AskRow } from '../tune/index.ts';


/**
 * `harness tune --model ask`: reads every answerable baseline case of the suites, labels it with
 * the kind of value its answer terms are (`labelAnswerKind`), cross-validates the per-kind
 * regressions over the question's words by whole suites (train against held-back accuracy per
 * fold), chooses the probability threshold, fits on all cases and writes the ask weights file
 * (default pipeline/question/ask-weights.json). Needs no index. Returns the largest train − held-back gap.
 */
export async function tuneAsk(input: { context: CommandContext; config: ClausegateConfig; suites: readonly string[]; folds: number; regularisation: number; out: string | undefined }): Promise<number> {
  const { context, config } = input;
  const { rows, written } = await readAskRows(context, config, input.suites);
  const suites = new Set(rows.map((row) => row.suite));
  if (suites.size < input.folds) {
    throw new ClausegateError('input_invalid', `--model ask holds back whole suites: ${input.folds} folds need at least ${input.folds} suites with answerable cases (got ${suites.size})`, { hint: 'name more suites with --suite, or lower --folds' });
  }
  // A word a fit may use: a function word, or an English word (WordNet) the questions do not write
  // as a name (`Hertz`, `Village`): no party, product or place only a corpus uses.
  const names = findCapitalisedWords(written);
  const isWord = (word: string) => QUESTION_STOP_WORDS.has(word) || (isEnglishWord(word) && !names.has(word));
  const validated = crossValidateAsk(rows, input.folds, input.regularisation, isWord);
  context.stdout(formatAskFolds(validated.folds, context.columns));
  const vocabulary = chooseVocabulary(rows, isWord);
  const model = fitAskModel(rows, vocabulary, input.regularisation);
  const labels: Record<string, number> = {};
  for (const row of rows) labels[row.label] = (labels[row.label] ?? 0) + 1;
  const digest = createHash('sha256').update(JSON.stringify([rows.map((row) => [row.suite, row.caseId, row.question, row.label]), vocabulary, input.regularisation])).digest('hex');
  const weights = AskWeights.parse({
    schemaVersion: 1,
    kind: 'clausegate-ask-weights',
    version: `a1-${digest.slice(0, 12)}`,
    threshold: validated.threshold,
    overrideThreshold: validated.overrideThreshold,
    models: model,
    training: {
      suites: [...input.suites],
      cases: rows.length,
      labels,
      regularisation: input.regularisation,
      folds: recordFolds(validated.folds),
    },
  });
  const out = path.resolve(context.cwd, input.out ?? DEFAULT_ASK_WEIGHTS_FILE);
  await writeFileDurably(out, `${JSON.stringify(weights)}\n`);
  context.stdout(`\nask weights ${weights.version}: ${rows.length} questions, ${vocabulary.length} word features, threshold ${validated.threshold.toFixed(2)}, override ${validated.overrideThreshold.toFixed(2)} → ${path.relative(context.cwd, out)}`);
  return Math.max(0, ...validated.folds.map((fold) => fold.train.accuracy - fold.heldOut.accuracy));
}

function formatAskFolds(folds: readonly AskFold[], width: number): string {
  const percent = (value: number) => (value * 100).toFixed(1);
  const rows = folds.map((fold) => [
    fold.fold,
    fold.heldOutSuites.join(' '),
    `${fold.trainCases}/${fold.heldOutCases}`,
    `${percent(fold.train.accuracy)} / ${percent(fold.heldOut.accuracy)}`,
    `${percent(fold.heldOut.rulesAccuracy)} → ${percent(fold.heldOut.combinedAccuracy)}`,
    `${fold.heldOut.switchedRight}/${fold.heldOut.switched}`,
    `${fold.heldOut.overriddenRight}/${fold.heldOut.overridden}`,
  ]);
  return renderTerminalTable(['fold', 'held-back suites', 'questions train/held', 'model kind accuracy % train / held', 'held back: rules → rules+model %', 'held-back switches right', 'held-back overrides right'], rows, { width });
}

/** Every answerable baseline case of the suites as a row (`AskRow`), and the questions as written. */
async function readAskRows(context: CommandContext, config: ClausegateConfig, suites: readonly string[]): Promise<{ rows: AskRow[]; written: string[] }> {
  const rows: AskRow[] = [];
  const written: string[] = [];
  for (const name of suites) {
    const suite = await loadSuite(path.resolve(context.cwd, config.paths.goldenDir), name);
    if (suite.problems.length > 0) {
      throw new ClausegateError('golden_invalid', `suite ${name} has ${suite.problems.length} problem(s); run harness check --suite ${name}`, { hint: 'fix the suite first' });
    }
    for (const { value } of suite.baseline) {
      if (value.should_refuse) continue;
      written.push(value.question);
      const normalized = normalizeForMatching(value.question).trim();
      rows.push({ suite: name, caseId: value.id, question: normalized, ruled: readAskByRules(normalized), label: labelAnswerKind(value.answer_terms, value.evidence.map((evidence) => evidence.quote)) });
    }
    context.stderr(`read ${name}`);
  }
  return { rows, written };
}

/**
 * `harness tune --model ask --held-out NAME…`: measures the weights file (default the shipped one)
 * on suites it was not fitted on, per suite: how often the rules alone, and the rules with the
 * learned reading, read the kind of value the answer is; how many questions the learned reading
 * switches from none, and how many of those rightly. Writes nothing.
 */
export async function measureAsk(input: { context: CommandContext; config: ClausegateConfig; suites: readonly string[]; weightsFile: string | undefined }): Promise<void> {
  const { context, config } = input;
  const weights = loadAskWeights(input.weightsFile === undefined ? DEFAULT_ASK_WEIGHTS_FILE : path.resolve(context.cwd, input.weightsFile));
  const fitted = new Set(weights.training.suites);
  const table: (string | number)[][] = [];
  for (const name of input.suites) {
    const { rows } = await readAskRows(context, config, [name]);
    const figures = measureAskModel(weights.models, rows, weights.threshold, weights.overrideThreshold);
    const count = (share: number) => Math.round(share * rows.length);
    table.push([
      fitted.has(name) ? `${name} (fitted on)` : name,
      rows.length,
      `${count(figures.rulesAccuracy)} → ${count(figures.combinedAccuracy)}`,
      `${figures.switchedRight}/${figures.switched}`,
      `${figures.overriddenRight}/${figures.overridden}`,
    ]);
  }
  context.stdout(`ask weights ${weights.version}, threshold ${weights.threshold.toFixed(2)}, override ${weights.overrideThreshold.toFixed(2)}`);
  context.stdout(renderTerminalTable(['suite', 'answerable', 'kind read right: rules → rules+model', 'switches right', 'overrides right'], table, { width: context.columns }));
}
