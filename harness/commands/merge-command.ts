import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { createActionsAdapter, isGitHubActions, publishToActions } from '../actions/index.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';
import { formatRunSummary, mergeRunReports, readRunReport, REPORT_FILES, writeRunReport } from '../report/index.ts';
import { createRunId, displayPath, findInfrastructureErrors, resolveConfigPaths, RUN_CONFIG_FILE, validateRunId } from '../run/index.ts';
import { defaultGatesFile, loadGates } from '../score/index.ts';

interface MergeOptions extends GlobalOptions {
  dirs: string[];
  runId?: string;
  gates?: string;
}

/** `harness merge`: one report, gates checked once, from the report folders of shard runs. */
export function registerMergeCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'merge <dirs..>',
    'Merge the report folders of shard runs (harness run --shard i/n) into one report and check the gates once',
    (command) =>
      command
        .positional('dirs', { type: 'string', array: true, demandOption: true, describe: 'report folders of every shard run, e.g. reports/cme-20261122T043520Z-shard1of4 …' })
        .option('run-id', { type: 'string', describe: 'folder of the merged report under reports/ (default <suite>-<UTC timestamp>-merged)' })
        .option('gates', { type: 'string', describe: 'gates file (default <goldenDir>/<suite>/gates.json if the suite has one, else <goldenDir>/gates.json)' }),
    async (argv) => {
      const options = argv as unknown as MergeOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      const reports = [];
      for (const directory of options.dirs.map(String)) reports.push({ directory, report: await readRunReport(path.resolve(context.cwd, directory)) });
      const suite = reports[0]?.report.suite.name ?? 'merged';
      // The gates the shards' suite is run against, as `harness run` picks them.
      const gates = await loadGates(options.gates === undefined ? defaultGatesFile(config.paths.goldenDir, suite) : path.resolve(context.cwd, options.gates));
      const runId = options.runId === undefined ? `${createRunId(suite, new Date(), null)}-merged` : validateRunId(options.runId);
      const report = mergeRunReports({ reports, runId, gates: { ...gates, file: displayPath(context.cwd, gates.file) } });
      const directory = path.join(config.paths.reportDir, runId);
      await writeRunReport(directory, report);
      // The shards share one config digest (the merge checks it): the first shard's settings are the run's.
      const firstConfig = path.join(path.resolve(context.cwd, reports[0]!.directory), RUN_CONFIG_FILE);
      if (existsSync(firstConfig)) await copyFile(firstConfig, path.join(directory, RUN_CONFIG_FILE));
      context.stdout(formatRunSummary(report, { width: context.columns }));
      context.stdout(`\nReports: ${displayPath(context.cwd, path.join(directory, REPORT_FILES.report))} · ${displayPath(context.cwd, path.join(directory, REPORT_FILES.html))}`);
      if (isGitHubActions(context.env)) await publishToActions(report, displayPath(context.cwd, directory), await createActionsAdapter(context.env)); // GitHub Actions: job summary, annotations, outputs
      const infrastructure = findInfrastructureErrors(report.cases);
      if (infrastructure.length > 0) {
        context.stderr(`harness: ${infrastructure.length} case(s) of the shards failed with infrastructure errors; resume those shard runs, then merge again`);
        setExitCode(EXIT.infrastructure);
        return;
      }
      setExitCode(report.passed ? EXIT.ok : EXIT.failed);
    },
  );
}
