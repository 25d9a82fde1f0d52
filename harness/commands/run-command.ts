import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { ClausegateError } from '../../pipeline/errors.ts';
import type { AnswerResult } from '../../pipeline/answer-result.ts';
import { openAnswerPipeline, type OpenedAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { answerWithTemplate, BUILT_IN_TEMPLATES, createServiceAnswerer, type PromptTemplate } from '../../service/index.ts';
import { createActionsAdapter, isGitHubActions, publishToActions } from '../actions/index.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { createProgress } from '../cli-support/create-progress.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';
import { compareReports, loadComparableReport } from '../compare/index.ts';
import { joinToWidth, wrapToWidth } from '../cli-support/fit-to-width.ts';
import { formatCaseLine, formatCompactRunSummary, formatRunSummary, REPORT_FILES } from '../report/index.ts';
import { addComparisonToReport, REPORT_SECTION_FILES } from '../report-sections/index.ts';
import { displayPath, executeRun, formatSuiteCheck, parseShard, pruneRuns, resolveConfigPaths, RUN_FILES } from '../run/index.ts';
import { defaultGatesFile } from '../score/index.ts';

interface RunOptions extends GlobalOptions {
  suite: string;
  perturb?: boolean;
  filter?: string[];
  shard?: string;
  concurrency?: number;
  runId?: string;
  resume: boolean;
  replay: boolean;
  gates?: string;
  compare?: string;
  target?: string;
  apiKey?: string;
  template?: string;
  verbose: boolean;
}

/**
 * Default `--concurrency` per provider. OpenAI calls wait on the network, so 4 in flight overlap
 * well. The offline pipeline is CPU-bound on the one JavaScript thread: measured on the sample
 * suite, 4 in flight took as long as 1 and inflated every case's latency by the time spent
 * waiting for the others, so offline runs answer one case at a time.
 */
const DEFAULT_CONCURRENCY = { offline: 1, openai: 4 } as const;

/**
 * `harness run`: replays a golden suite through the pipeline, scores it, checks the gates, writes
 * the reports and prints a compact summary within the terminal's width (`--verbose`: the details);
 * with `--compare <baseline>`, also compares the run with that baseline and adds the
 * comparison to its `report.html` (the baseline is read before any case runs, so a wrong one fails fast).
 */
export function registerRunCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'run',
    'Run a golden suite through the pipeline, score every case, check the gates, write reports/<run-id>/',
    (command) =>
      command
        .option('suite', { type: 'string', default: 'sample', describe: 'golden suite: golden/<suite>/ (suite.json, baseline.jsonl, perturb.jsonl)' })
        .option('perturb', { type: 'boolean', describe: 'also run perturb.jsonl (default: baseline only)' })
        .option('filter', {
          type: 'string',
          array: true,
          describe: 'only cases whose id, category or perturbation kind matches: a case-insensitive substring, or a whole-value glob with * and ? (fee-*, *.typo); repeat for a union',
        })
        .option('shard', { type: 'string', describe: 'i/n: only shard i of n (stable hash of the case id; perturbations go with their base); merge shard runs with harness merge' })
        .option('concurrency', { type: 'number', describe: `cases answered at once (default ${DEFAULT_CONCURRENCY.offline} offline, CPU-bound; ${DEFAULT_CONCURRENCY.openai} with openai)` })
        .option('run-id', { type: 'string', describe: 'name of the run folder under reports/ (default <suite>-<UTC timestamp>[-shard<i>of<n>])' })
        .option('resume', { type: 'boolean', default: false, describe: 'continue a killed run without repeating a finished case: --run-id, or the latest unfinished run of the suite' })
        .option('replay', { type: 'boolean', default: false, describe: 'use only cached provider responses (generation.cache = replay); a miss is an infrastructure error' })
        .option('gates', { type: 'string', describe: 'gates file (default <goldenDir>/<suite>/gates.json if the suite has one, else <goldenDir>/gates.json)' })
        .option('target', { type: 'string', describe: 'answer through a deployed service at this URL (http://HOST:PORT) instead of in process; the local index must be the one it serves' })
        .option('template', { type: 'string', describe: 'answer through a built-in prompt template (balanced, terse, detailed); its id and sha256 go to template.json in the run folder' })
        .option('verbose', {
          type: 'boolean',
          default: false,
          describe: 'print the details too: each case that did not pass as it finishes (with all its reasons), every metric with its definition, usage, the warnings, every report file',
        })
        .option('api-key', { type: 'string', describe: 'tenant key for --target (default CLAUSEGATE_TARGET_API_KEY)' })
        .option('compare', {
          type: 'string',
          describe:
            "baseline to compare the finished run with, added to its report.html as the section \"Comparison with baseline\" (comparison.json, comparison.md beside it): a run folder, a report.json, reports/baseline/<suite>.json, or a git ref (origin/main reads that suite's committed baseline)",
        }),
    async (argv) => {
      const options = argv as unknown as RunOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      if (options.replay) config.generation.cache = 'replay';
      if (config.provider === 'openai' && !context.environment.openaiApiKey) {
        throw new ClausegateError('provider_missing_key', 'harness run --provider openai needs OPENAI_API_KEY, which is not set (questions are embedded, reranked and answered through the OpenAI API; --replay replays recorded rerank and generation responses but still embeds each question)', {
          hint: 'export OPENAI_API_KEY=… (OPENAI_BASE_URL for a compatible server), or run offline: harness run --provider offline',
        });
      }
      const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY[config.provider];
      if (!Number.isInteger(concurrency) || concurrency < 1) {
        throw new ClausegateError('input_invalid', `--concurrency ${options.concurrency} is not a positive whole number`, { hint: 'for example --concurrency 4' });
      }
      // The baseline is read first: a wrong one fails before any case is answered.
      const comparableOptions = { cwd: context.cwd, baselineDir: path.join(config.paths.reportDir, 'baseline'), suite: options.suite, config: context.config };
      const baseline = options.compare === undefined ? undefined : await loadComparableReport(String(options.compare), comparableOptions);
      const progress = createProgress(context.interactive, context.stderr);
      let notPassed = 0;
      const outcome = await executeRun({
        suite: options.suite,
        config,
        cwd: context.cwd,
        gatesFile: options.gates === undefined ? defaultGatesFile(config.paths.goldenDir, options.suite) : path.resolve(context.cwd, options.gates),
        selection: {
          perturb: options.perturb,
          filter: options.filter?.map(String),
          shard: options.shard === undefined ? undefined : parseShard(options.shard),
        },
        runId: options.runId,
        resume: options.resume,
        concurrency,
        openPipeline: (source) => openAnswerPipeline(config, context.environment, source),
        ...chooseAnswerer(options, context.env.CLAUSEGATE_TARGET_API_KEY),
        now: () => new Date(),
        events: {
          onStart(plan, directory, remaining, total) {
            const resumed = total - remaining;
            const started = `run ${plan.runId}: ${total} cases of suite ${plan.suite}${resumed > 0 ? `, ${resumed} already done (resumed)` : ''}`;
            context.stderr(options.verbose ? joinToWidth([started, `journal ${displayPath(context.cwd, path.join(directory, RUN_FILES.journal))}`], context.columns) : started);
          },
          onNote(note) {
            context.stderr(`note: ${note}`);
          },
          onCaseFinished(result, done, total) {
            if (result.outcome !== 'passed') {
              notPassed += 1;
              if (options.verbose && !context.interactive) context.stderr(wrapToWidth(formatCaseLine(result), context.columns, '    '));
            }
            progress.update(`run ${options.suite}`, done, total, notPassed > 0 ? `${notPassed} not passed` : '');
          },
        },
      }).finally(() => progress.stop());

      if (outcome.status === 'invalid_suite') {
        context.stderr(formatSuiteCheck(outcome.checked));
        setExitCode(EXIT.invalid);
        return;
      }
      if (outcome.status === 'aborted') {
        context.stderr(
          `harness: run ${outcome.plan.runId} stopped: ${outcome.reason}. ${outcome.done} of ${outcome.total} cases are done.\n  → fix the provider, then continue: harness run --suite ${outcome.plan.suite} --resume --run-id ${outcome.plan.runId}`,
        );
        setExitCode(EXIT.infrastructure);
        return;
      }
      const { report, directory } = outcome;
      if (options.template !== undefined) {
        const template = findBuiltInTemplate(options.template);
        await writeFile(path.join(directory, 'template.json'), `${JSON.stringify({ schemaVersion: 1, id: template.id, sha256: template.sha256, maxSentences: template.maxSentences ?? null, instructions: template.instructions }, null, 2)}\n`);
        context.stderr(`template ${template.id} (sha256 ${template.sha256})`);
      }
      if (outcome.alreadyFinished) context.stderr(`run ${report.runId} had already finished; showing its report`);
      const relative = (name: string) => displayPath(context.cwd, path.join(directory, name));
      const width = context.columns;
      if (options.verbose) {
        context.stdout(formatRunSummary(report, { width }));
        const files = [REPORT_FILES.report, REPORT_FILES.summary, REPORT_FILES.junit, REPORT_FILES.html, REPORT_FILES.traces].map(relative);
        context.stdout(`\n${joinToWidth([`Reports: ${files[0]}`, ...files.slice(1)], width)}`);
      } else context.stdout(formatCompactRunSummary(report, { width, reportFile: relative(REPORT_FILES.html) }));
      if (baseline !== undefined) {
        const head = await loadComparableReport(directory, comparableOptions);
        const comparison = compareReports({ report: baseline.report, label: String(options.compare) }, { report: head.report, label: displayPath(context.cwd, directory) });
        const written = await addComparisonToReport(directory, comparison);
        for (const warning of written.warnings) context.stderr(`harness: ${warning}`);
        context.stdout(
          joinToWidth(
            [
              `Compared with ${options.compare}: ${comparison.flips.passToFail.length} pass → fail, ${comparison.flips.failToPass.length} fail → pass`,
              `${relative(REPORT_FILES.html)} (section "Comparison with baseline")`,
              relative(REPORT_SECTION_FILES.comparisonMarkdown),
            ],
            width,
          ),
        );
      }
      if (isGitHubActions(context.env)) await publishToActions(report, displayPath(context.cwd, directory), await createActionsAdapter(context.env)); // GitHub Actions: job summary, annotations, outputs
      if (config.reports.keepRuns !== null) {
        const pruned = await pruneRuns(config.paths.reportDir, config.reports.keepRuns);
        if (pruned.deleted.length > 0) context.stderr(`reports: ${pruned.deleted.length} older run(s) deleted (reports.keepRuns ${config.reports.keepRuns}): ${pruned.deleted.map((folder) => path.basename(folder)).join(', ')}`);
      }
      if (outcome.infrastructureErrors.length > 0) {
        const first = outcome.infrastructureErrors[0]!.score.error;
        context.stderr(
          `harness: ${outcome.infrastructureErrors.length} case(s) failed with infrastructure errors (first: ${first?.code}: ${first?.message}); the gates cannot be trusted.\n  → fix it, then rerun only those cases: harness run --suite ${report.suite.name} --resume --run-id ${report.runId}`,
        );
        setExitCode(EXIT.infrastructure);
        return;
      }
      setExitCode(report.gateScope === 'shard' || report.passed ? EXIT.ok : EXIT.failed);
    },
  );
}


/** How cases are answered: in process (default), through a built-in template, through a deployed service. */
function chooseAnswerer(options: RunOptions, envKey: string | undefined): { answer?: (pipeline: OpenedAnswerPipeline, question: string) => Promise<AnswerResult> } {
  const template = options.template === undefined ? undefined : findBuiltInTemplate(options.template);
  if (options.target !== undefined) return { answer: answerThroughTarget(options.target, options.apiKey ?? envKey, template?.id) };
  if (template === undefined) return {};
  return {
    answer: (pipeline, question) =>
      answerWithTemplate(pipeline, question, {
        template,
        strictness: 'normal',
        topK: pipeline.config.budget.maxChunks,
        tokenBudget: pipeline.config.budget.evidenceTokens,
        retriesOnHallucination: pipeline.config.generation.regenerateOnViolation ? 1 : 0,
      }),
  };
}

function findBuiltInTemplate(id: string): PromptTemplate {
  const template = BUILT_IN_TEMPLATES.find((entry) => entry.id === id);
  if (template === undefined) {
    throw new ClausegateError('input_invalid', `--template ${JSON.stringify(id)} is not a built-in template`, { hint: `use one of: ${BUILT_IN_TEMPLATES.map((entry) => entry.id).join(', ')}` });
  }
  return template;
}

/** `--target`: each case answered by the deployed service, scored as in process. */
function answerThroughTarget(target: string, apiKey: string | undefined, templateId: string | undefined): (pipeline: OpenedAnswerPipeline, question: string) => Promise<AnswerResult> {
  if (apiKey === undefined || apiKey === '') {
    throw new ClausegateError('input_invalid', '--target needs a tenant key: --api-key KEY or CLAUSEGATE_TARGET_API_KEY', { hint: 'use a key whose tenant reads the suite\'s source and may see every document' });
  }
  try {
    new URL(target);
  } catch {
    throw new ClausegateError('input_invalid', `--target is not a URL: ${JSON.stringify(target)}`, { hint: 'for example --target http://127.0.0.1:8080' });
  }
  const answerers = new Map<string, (question: string) => Promise<AnswerResult>>();
  return (pipeline, question) => {
    let answer = answerers.get(pipeline.source);
    if (answer === undefined) {
      answer = createServiceAnswerer({ target, apiKey, source: pipeline.source, ...(templateId === undefined ? {} : { templateId }) });
      answerers.set(pipeline.source, answer);
    }
    return answer(question);
  };
}
