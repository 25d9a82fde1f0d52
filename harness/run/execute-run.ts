import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { answerQuestion } from '../../pipeline/answer-question.ts';
import type { AnswerResult } from '../../pipeline/answer-result.ts';
import { PROMPT_VERSION } from '../../pipeline/answer/index.ts';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import type { OpenedAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { shippedAskWeights } from '../../pipeline/question/index.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { buildRunReport } from '../report/build-run-report.ts';
import type { CaseResult } from '../report/case-result.ts';
import { readRunReport } from '../report/read-run-report.ts';
import type { RunReport, RunVersions, ShardSpec } from '../report/run-report.ts';
import { REPORT_FILES, writeRunReport } from '../report/write-run-report.ts';
import { loadGates } from '../score/index.ts';
import { createRunId, validateRunId } from './create-run-id.ts';
import { digestConfig } from './digest-config.ts';
import { displayPath } from './display-path.ts';
import { filterCases } from './filter-cases.ts';
import { findInfrastructureErrors } from './find-infrastructure-errors.ts';
import { findUnfinishedRun } from './find-unfinished-run.ts';
import { acquireRunLock, RUN_LOCK_FILE } from './acquire-run-lock.ts';
import { loadCheckedSuite, type CheckedSuite } from './load-checked-suite.ts';
import { openResultJournal } from './open-result-journal.ts';
import { prepareCases, type SuiteCase } from './prepare-cases.ts';
import { RUN_CONFIG_FILE, writeRunConfig } from './run-config-file.ts';
import { RunPlan } from './run-plan.ts';
import { runSuite } from './run-suite.ts';
import { shardCases } from './shard-cases.ts';

/** The files of a run folder besides the report views. */
export const RUN_FILES = { plan: 'run.json', journal: 'journal.jsonl' } as const;

/** Which cases to run; `undefined` means "not given" (a resumed run keeps its own). */
export interface RunSelection {
  perturb?: boolean | undefined;
  filter?: string[] | undefined;
  shard?: ShardSpec | null | undefined;
}

/** Progress callbacks of a run, for a bar on a terminal or lines in CI logs. */
export interface RunEvents {
  /** The run is about to answer `remaining` of its `total` cases. */
  onStart?(plan: RunPlan, directory: string, remaining: number, total: number): void;
  onCaseFinished?(result: CaseResult, done: number, total: number): void;
  /** Something the user should know, such as a dead run's lock taken over. */
  onNote?(note: string): void;
}

/** Input of `executeRun`. */
export interface ExecuteRunInput {
  suite: string;
  /** The config with every `paths` entry absolute. */
  config: ClausegateConfig;
  /** The working directory: file names in the report are relative to it. */
  cwd: string;
  gatesFile: string;
  selection: RunSelection;
  /** `--run-id`; default a new id from the clock (or, with `resume`, the latest unfinished run). */
  runId?: string | undefined;
  resume: boolean;
  concurrency: number;
  /** Opens the answer pipeline of a source; the run closes it. */
  openPipeline: (source: string) => Promise<OpenedAnswerPipeline>;
  /** Answers a case's question; default `answerQuestion` on the opened pipeline (`--target` answers through a deployed service). */
  answer?: (pipeline: OpenedAnswerPipeline, question: string) => Promise<AnswerResult>;
  now: () => Date;
  events?: RunEvents;
  /** Consecutive infrastructure failures after which no further case starts; default 3. */
  maxConsecutiveInfrastructureErrors?: number;
}

/** How a run ended. */
export type RunOutcome =
  | { status: 'invalid_suite'; checked: CheckedSuite }
  /** Stopped by infrastructure failures; `done` counts the cases recorded without one (the others rerun on `--resume`). */
  | { status: 'aborted'; plan: RunPlan; directory: string; done: number; total: number; reason: string }
  | {
      status: 'finished';
      report: RunReport;
      directory: string;
      /** Cases whose error is an infrastructure failure (provider unreachable, cache miss…). */
      infrastructureErrors: CaseResult[];
      /** True when `--resume` found the run already finished and nothing ran. */
      alreadyFinished: boolean;
    };

/**
 * Runs a golden suite through the pipeline: checks the suite against the index, selects the cases
 * (`--perturb`, `--filter`, `--shard`), fixes the run in `run.json` (its settings in `config.json`), answers and scores every case
 * not yet in the run's journal (appending each as it finishes), then builds and writes the report.
 * A resumed run continues the same plan and refuses to mix results of another config or index.
 * After `maxConsecutiveInfrastructureErrors` infrastructure failures in a row the run stops and
 * stays resumable; cases recorded with an infrastructure error run again on `--resume`, even after
 * the run finished. The run folder is locked while cases are answered (`acquireRunLock`): a run
 * still alive elsewhere throws `run_locked`. Throws `ClausegateError` for bad input (2) and a
 * missing index (3).
 */
export async function executeRun(input: ExecuteRunInput): Promise<RunOutcome> {
  const { config, now } = input;
  const reportDir = config.paths.reportDir;
  const gates = await loadGates(input.gatesFile);
  const checked = await loadCheckedSuite({ goldenDir: config.paths.goldenDir, name: input.suite, config, cwd: input.cwd });
  if (checked.check.problems.length > 0) return { status: 'invalid_suite', checked };
  const { suite, check, manifest } = checked;
  const configDigest = digestConfig(config);

  const existing = await resolveExistingRun(input, reportDir);
  if (existing?.finished) {
    // A finished run is only run again for its cases that hit an infrastructure error.
    const report = await readRunReport(existing.directory);
    if (findInfrastructureErrors(report.cases).length === 0) {
      // A run killed after writing its report but before releasing its lock left the lock behind:
      // a dead holder's is taken over and released (a live one still throws `run_locked`).
      if (existsSync(path.join(existing.directory, RUN_LOCK_FILE))) await (await acquireRunLock(existing.directory, { runId: existing.plan.runId })).release();
      return { status: 'finished', report, directory: existing.directory, infrastructureErrors: [], alreadyFinished: true };
    }
  }

  const prepared = prepareCases(suite, check, { perturb: existing?.plan.options.perturb ?? input.selection.perturb ?? false });
  let plan: RunPlan;
  let cases: SuiteCase[];
  if (existing !== undefined) {
    plan = existing.plan;
    checkResumable(plan, input.selection, configDigest, manifest.indexVersion);
    const byId = new Map(prepared.map((item) => [item.id, item]));
    cases = plan.caseIds.map((id) => {
      const item = byId.get(id);
      if (item === undefined) {
        throw new ClausegateError('input_invalid', `run ${plan.runId} includes case ${JSON.stringify(id)}, which suite ${JSON.stringify(suite.name)} no longer has`, {
          hint: 'the golden files changed since the run started; start a new run without --resume',
        });
      }
      return item;
    });
  } else {
    const filter = input.selection.filter ?? [];
    const shard = input.selection.shard ?? null;
    cases = shardCases(filterCases(prepared, filter), shard);
    if (cases.length === 0) {
      throw new ClausegateError('input_invalid', `no case of suite ${JSON.stringify(suite.name)} matches${filter.length > 0 ? ` --filter ${filter.join(' ')}` : ''}${shard ? ` in shard ${shard.index}/${shard.count}` : ''}`, {
        hint: 'filters match case ids, categories and perturbation kinds by substring, or as a whole with * and ? globs',
      });
    }
    const runId = input.runId ?? (await createFreeRunId(reportDir, suite.name, now(), shard));
    plan = RunPlan.parse({
      schemaVersion: 1,
      runId,
      suite: suite.name,
      createdAt: now().toISOString(),
      options: { perturb: input.selection.perturb ?? false, filter, shard, provider: config.provider, replay: config.generation.cache === 'replay' },
      configDigest,
      indexVersion: manifest.indexVersion,
      caseIds: cases.map((item) => item.id),
    });
    await writePlan(path.join(reportDir, runId), plan);
  }
  const directory = path.join(reportDir, plan.runId);
  // The settings themselves, so a comparison names what changed (a run started before this file existed gets it on resume).
  if (!existsSync(path.join(directory, RUN_CONFIG_FILE))) await writeRunConfig(directory, config);

  // Only one process answers a run's cases: a second `--resume` of a live run stops here (exit 2).
  // Liveness is judged by the system clock, whatever clock the run reports with.
  const lock = await acquireRunLock(directory, { runId: plan.runId });
  if (lock.note !== undefined) input.events?.onNote?.(lock.note);
  try {
    const pipeline = await input.openPipeline(suite.settings.source);
    const journal = await openResultJournal(path.join(directory, RUN_FILES.journal));
    const results = new Map<string, CaseResult>();
    let aborted: string | undefined;
    let versions: RunVersions;
    try {
      versions = describeVersions(pipeline);
      // A finished run's journal is gone (its report holds every case): a rerun of its failed cases starts from the report.
      const recorded = existing?.finished ? (await readRunReport(directory)).cases.map((result) => [result.id, result] as const) : [...journal.recorded];
      for (const [id, result] of recorded) if (!isInfrastructureError(result)) results.set(id, result);
      const remaining = cases.filter((item) => !results.has(item.id));
      input.events?.onStart?.(plan, directory, remaining.length, cases.length);
      const controller = new AbortController();
      const limit = input.maxConsecutiveInfrastructureErrors ?? 3;
      let consecutive = 0;
      await runSuite({
        cases: remaining,
        answer: (question) => (input.answer ?? answerQuestion)(pipeline, question),
        concurrency: input.concurrency,
        now,
        pricing: config.provider === 'openai' ? config.openai.pricing : undefined,
        signal: controller.signal,
        onCaseFinished: async (result) => {
          await journal.append(result);
          results.set(result.id, result);
          input.events?.onCaseFinished?.(result, results.size, cases.length);
          consecutive = isInfrastructureError(result) ? consecutive + 1 : 0;
          if (consecutive >= limit && !controller.signal.aborted) {
            aborted = `${consecutive} cases in a row failed with infrastructure errors (last: ${result.score.error?.code}: ${result.score.error?.message})`;
            controller.abort();
          }
        },
      });
    } finally {
      await journal.close();
      await pipeline.close();
    }
    if (aborted !== undefined) {
      const done = [...results.values()].filter((result) => !isInfrastructureError(result)).length;
      return { status: 'aborted', plan, directory, done, total: cases.length, reason: aborted };
    }

    const ordered = cases.map((item) => results.get(item.id)!);
    const report = buildRunReport({
      runId: plan.runId,
      kind: 'run',
      suite: { name: suite.name, source: suite.settings.source, description: suite.settings.description, refusal: suite.settings.refusal },
      startedAt: plan.createdAt,
      finishedAt: now().toISOString(),
      options: { ...plan.options, replay: plan.options.replay && config.generation.cache === 'replay', concurrency: input.concurrency },
      versions: versions!,
      configDigest,
      gates: { ...gates, file: displayPath(input.cwd, gates.file) },
      gateScope: plan.options.shard === null ? 'run' : 'shard',
      cases: ordered,
    });
    await writeRunReport(directory, report);
    // The report holds every case: the journal, needed only to resume, would be a second copy.
    await rm(path.join(directory, RUN_FILES.journal), { force: true });
    return { status: 'finished', report, directory, infrastructureErrors: findInfrastructureErrors(ordered), alreadyFinished: false };  } finally {
    await lock.release();
  }

}

async function resolveExistingRun(input: ExecuteRunInput, reportDir: string): Promise<{ plan: RunPlan; directory: string; finished: boolean } | undefined> {
  if (input.runId !== undefined) validateRunId(input.runId);
  if (!input.resume) {
    if (input.runId !== undefined && existsSync(path.join(reportDir, input.runId))) {
      throw new ClausegateError('input_invalid', `run ${input.runId} already exists in ${reportDir}`, {
        hint: `continue it with --resume --run-id ${input.runId}, or choose another --run-id`,
      });
    }
    return undefined;
  }
  if (input.runId === undefined) {
    const plan = await findUnfinishedRun(reportDir, input.suite, input.selection.shard ?? null);
    if (plan === undefined) {
      throw new ClausegateError('input_invalid', `no unfinished run of suite ${JSON.stringify(input.suite)} in ${reportDir}`, {
        hint: 'start a run without --resume, or name one with --resume --run-id <id>',
      });
    }
    return { plan, directory: path.join(reportDir, plan.runId), finished: false };
  }
  const directory = path.join(reportDir, input.runId);
  const planFile = path.join(directory, RUN_FILES.plan);
  let text: string;
  try {
    text = await readFile(planFile, 'utf8');
  } catch {
    throw new ClausegateError('input_invalid', `there is no run ${input.runId} to resume (no ${planFile})`, { hint: 'start it without --resume' });
  }
  const parsed = RunPlan.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ClausegateError('report_invalid', `${planFile} is not a valid run plan`, { location: { file: planFile }, hint: 'start a new run' });
  if (parsed.data.suite !== input.suite) {
    throw new ClausegateError('input_invalid', `run ${input.runId} is a run of suite ${JSON.stringify(parsed.data.suite)}, not ${JSON.stringify(input.suite)}`, { hint: `pass --suite ${parsed.data.suite}` });
  }
  return { plan: parsed.data, directory, finished: existsSync(path.join(directory, REPORT_FILES.report)) };
}

function checkResumable(plan: RunPlan, selection: RunSelection, configDigest: string, indexVersion: string): void {
  const differs: string[] = [];
  if (selection.perturb !== undefined && selection.perturb !== plan.options.perturb) differs.push(`--perturb was ${plan.options.perturb}`);
  if (selection.filter !== undefined && JSON.stringify(selection.filter) !== JSON.stringify(plan.options.filter)) differs.push(`--filter was ${JSON.stringify(plan.options.filter)}`);
  if (selection.shard != null && JSON.stringify(selection.shard) !== JSON.stringify(plan.options.shard)) differs.push(`--shard was ${plan.options.shard ? `${plan.options.shard.index}/${plan.options.shard.count}` : 'not set'}`);
  if (configDigest !== plan.configDigest) differs.push(`the config changed (${plan.configDigest.slice(0, 19)} then, ${configDigest.slice(0, 19)} now)`);
  if (indexVersion !== plan.indexVersion) differs.push(`the index changed (${plan.indexVersion} then, ${indexVersion} now)`);
  if (differs.length > 0) {
    throw new ClausegateError('input_invalid', `run ${plan.runId} cannot be resumed as asked: ${differs.join('; ')}`, {
      hint: 'resume with the same settings (selection options may be left out), or start a new run',
    });
  }
}

async function createFreeRunId(reportDir: string, suite: string, now: Date, shard: ShardSpec | null): Promise<string> {
  const base = createRunId(suite, now, shard);
  let runId = base;
  for (let attempt = 2; existsSync(path.join(reportDir, runId)); attempt += 1) runId = `${base}-${attempt}`;
  return runId;
}

async function writePlan(directory: string, plan: RunPlan): Promise<void> {
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, RUN_FILES.plan);
  await writeFileDurably(`${file}.tmp`, `${JSON.stringify(plan, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

function describeVersions(pipeline: OpenedAnswerPipeline): RunVersions {
  const embedder = pipeline.embedder.info;
  return {
    policy: pipeline.config.policyVersion,
    index: pipeline.index.manifest.indexVersion,
    embedder: `${embedder.name}/${embedder.model}@${embedder.version} (${embedder.dimensions})`,
    reranker: `${pipeline.reranker.info.name}/${pipeline.reranker.info.model}`,
    generator: `${pipeline.generator.info.name}/${pipeline.generator.info.model}`,
    expansionRules: pipeline.config.retrieval.expansionRulesVersion,
    askReading: shippedAskWeights().version,
    prompt: PROMPT_VERSION,
  };
}

function isInfrastructureError(result: CaseResult): boolean {
  return findInfrastructureErrors([result]).length > 0;
}
