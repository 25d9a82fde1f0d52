import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { ClausegateError } from '../../pipeline/errors.ts';
import { openAnswerPipeline } from '../../pipeline/open-answer-pipeline.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';
import { compareReports, loadComparableReport, renderComparisonMarkdown, toBaselineReport } from '../compare/index.ts';
import { readRunReport, type RunReport } from '../report/index.ts';
import { digestConfig, displayPath, executeRun, findInfrastructureErrors, formatSuiteCheck, resolveConfigPaths } from '../run/index.ts';
import { defaultGatesFile } from '../score/index.ts';

interface BaselineOptions extends GlobalOptions {
  suite: string;
  from?: string;
  out?: string;
  perturb: boolean;
  gates?: string;
}

/**
 * `harness baseline --suite NAME [--from RUN]`: refreshes the committed baseline
 * `<reportDir>/baseline/<suite>.json` (default `reports/baseline/`) from a finished run (`--from`)
 * or from a new run of the whole suite (with its perturbations unless `--no-perturb`), then prints
 * what changed against the previous baseline, for review like code. Exit 0 when written (even
 * when gates fail: the baseline records what is), 2 for a partial run or an invalid suite, 3 when
 * cases hit infrastructure errors (nothing is written).
 */
export function registerBaselineCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'baseline',
    'Refresh the committed baseline reports/baseline/<suite>.json from a run (--from) or a new run of the suite; prints what changed',
    (command) =>
      command
        .option('suite', { type: 'string', demandOption: true, describe: 'golden suite (golden/<suite>/)' })
        .option('from', { type: 'string', describe: 'a finished run folder or report.json to take the baseline from (default: run the suite now)' })
        .option('perturb', { type: 'boolean', default: true, describe: 'when running: include perturb.jsonl, as CI does (--no-perturb for the baseline cases only)' })
        .option('out', { type: 'string', describe: 'baseline file (default <reportDir>/baseline/<suite>.json)' })
        .option('gates', { type: 'string', describe: 'gates file (default <goldenDir>/<suite>/gates.json if the suite has one, else <goldenDir>/gates.json)' }),
    async (argv) => {
      const options = argv as unknown as BaselineOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      let report: RunReport;
      if (options.from !== undefined) {
        const resolved = path.resolve(context.cwd, options.from);
        report = await readRunReport(resolved.endsWith('.json') ? path.dirname(resolved) : resolved);
      } else {
        const outcome = await executeRun({
          suite: options.suite,
          config,
          cwd: context.cwd,
          gatesFile: options.gates === undefined ? defaultGatesFile(config.paths.goldenDir, options.suite) : path.resolve(context.cwd, options.gates),
          selection: { perturb: options.perturb, filter: [], shard: null },
          resume: false,
          concurrency: config.provider === 'openai' ? 4 : 1,
          openPipeline: (source) => openAnswerPipeline(config, context.environment, source),
          now: () => new Date(),
        });
        if (outcome.status === 'invalid_suite') {
          context.stderr(formatSuiteCheck(outcome.checked));
          setExitCode(EXIT.invalid);
          return;
        }
        if (outcome.status === 'aborted') {
          context.stderr(`harness: the run stopped (${outcome.reason}); no baseline was written. Resume it, then: harness baseline --suite ${options.suite} --from ${displayPath(context.cwd, outcome.directory)}`);
          setExitCode(EXIT.infrastructure);
          return;
        }
        report = outcome.report;
        context.stderr(`ran ${report.runId}: ${displayPath(context.cwd, outcome.directory)}`);
      }

      if (report.suite.name !== options.suite) {
        throw new ClausegateError('input_invalid', `run ${report.runId} is a run of suite ${report.suite.name}, not ${options.suite}`, { hint: `pass --suite ${report.suite.name}` });
      }
      if (report.options.filter.length > 0 || report.gateScope === 'shard') {
        throw new ClausegateError('input_invalid', `run ${report.runId} holds part of the suite (${report.gateScope === 'shard' ? 'one shard' : `--filter ${report.options.filter.join(' ')}`}); a baseline holds the whole suite`, {
          hint: 'merge the shards first (harness merge), or run the whole suite',
        });
      }
      const infrastructure = findInfrastructureErrors(report.cases);
      if (infrastructure.length > 0) {
        context.stderr(`harness: ${infrastructure.length} case(s) of ${report.runId} failed with infrastructure errors; a baseline must not record them. Resume the run, then try again.`);
        setExitCode(EXIT.infrastructure);
        return;
      }

      const file = path.resolve(context.cwd, options.out ?? path.join(config.paths.reportDir, 'baseline', `${options.suite}.json`));
      const previous = existsSync(file) ? await loadComparableReport(file, { cwd: context.cwd, baselineDir: path.dirname(file), suite: options.suite }).catch(() => undefined) : undefined;
      const baseline = toBaselineReport(report, digestConfig(context.config) === report.configDigest ? context.config : undefined);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFileDurably(`${file}.tmp`, `${JSON.stringify(baseline, null, 2)}\n`);
      await rename(`${file}.tmp`, file);

      const failed = report.gates.filter((gate) => gate.status === 'failed').map((gate) => gate.id);
      context.stdout(`baseline ${displayPath(context.cwd, file)}: run ${report.runId}, ${report.cases.length} cases, ${failed.length === 0 ? 'every gate passed' : `FAIL (${failed.join(', ')})`}${baseline.config === null ? '; config not recorded (the current config is not the one the run used)' : ''}`);
      if (previous !== undefined) {
        context.stdout('');
        context.stdout(renderComparisonMarkdown(compareReports({ report: previous.report, label: 'previous baseline' }, { report: baseline, label: 'new baseline' })));
      }
      if (failed.length > 0) context.stderr(`harness: the baseline records failing gates (${failed.join(', ')}); review before committing`);
      setExitCode(EXIT.ok);
    },
  );
}
