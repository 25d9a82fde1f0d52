import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { createProgress } from '../cli-support/create-progress.ts';
import { describeFileSystemError } from '../cli-support/describe-file-system-error.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { chooseOutputFormat, FORMAT_OPTION, type OutputFormat } from '../cli-support/output-format.ts';
import type { CommandIo } from '../cli.ts';
import { REPORT_SECTION_FILES, sweepDirectory, writeReportHtml } from '../report-sections/index.ts';
import { displayPath, resolveConfigPaths } from '../run/index.ts';
import { loadReplayInputs, parseSweepRange, renderSweepHtml, renderSweepMarkdown, renderSweepText, runSweep, SweepResult } from '../whatif/index.ts';

interface SweepOptions extends GlobalOptions {
  report: string;
  param: string;
  population: 'all' | 'baseline' | 'perturb';
  out?: string;
  json: boolean;
  format: OutputFormat;
  gates?: string;
}

/**
 * `harness sweep --report R --param path=from:to:step`: one what-if per value, no model call;
 * prints the table (false refusals, false acceptances, pass rate, gates, flips; the current value
 * marked) and writes `sweep.json`, `sweep.md` and `sweep.html` (inline SVG chart) to `--out`
 * (default `<run folder>/sweep-<setting>`). A sweep in its run folder is also a "Threshold sweep"
 * section of the run's `report.html`, which is rewritten with it. Exit 0.
 */
export function registerSweepCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'sweep',
    'Sweep a threshold over a range from a run\'s stored traces (no model call): false refusals vs false acceptances, pass rate, chart',
    (command) =>
      command
        .option('report', { type: 'string', demandOption: true, describe: 'run folder (reports/<run-id>) or its report.json' })
        .option('param', { type: 'string', demandOption: true, describe: 'path=from:to:step, e.g. retrieval.minSimilarity=0.10:0.40:0.02 or gate.relevanceThreshold=0:3:1' })
        .option('population', { choices: ['all', 'baseline', 'perturb'] as const, default: 'all' as const, describe: 'cases the rates count' })
        .option('out', {
          type: 'string',
          describe: "folder for sweep.json, sweep.md, sweep.html (default <run folder>/sweep-<setting>, which also adds the chart to the run's report.html; another folder leaves report.html as it is)",
        })
        .option('format', FORMAT_OPTION)
        .option('json', { type: 'boolean', default: false, describe: 'print sweep.json instead of the table (= --format json)' })
        .option('gates', { type: 'string', describe: "gates file to judge by (default: the run's own gates)" }),
    async (argv) => {
      const options = argv as unknown as SweepOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      const parameter = parseSweepRange(options.param);
      const inputs = await loadReplayInputs({ report: options.report, config, cwd: context.cwd, gatesFile: options.gates });
      const progress = createProgress(context.interactive, context.stderr);
      let stopped = false;
      const stopProgress = () => {
        if (!stopped) progress.stop();
        stopped = true;
      };
      try {
        for (const warning of inputs.warnings) context.stderr(`harness: ${warning}`);
        const sweep = SweepResult.parse(
          await runSweep({
            report: inputs.report,
            config,
            parameter,
            population: options.population,
            index: inputs.index,
            docAliases: inputs.docAliases,
            gates: inputs.gates,
            now: () => new Date(),
            onPoint: (point, done, total) => progress.update(`sweep ${parameter.path}`, done, total, `${point.value}`),
          }),
        );
        stopProgress();
        const directory = options.out === undefined ? sweepDirectory(inputs.directory, parameter.path) : path.resolve(context.cwd, options.out);
        const markdown = renderSweepMarkdown(sweep);
        // The sweep is printed before its files are written: a full or read-only disk must not
        // lose what was computed.
        const format = chooseOutputFormat(options);
        context.stdout(format === 'json' ? JSON.stringify(sweep, null, 2) : format === 'markdown' ? markdown : renderSweepText(sweep, { width: context.columns }));
        try {
          await mkdir(directory, { recursive: true });
          await writeFile(path.join(directory, REPORT_SECTION_FILES.sweep), `${JSON.stringify(sweep, null, 2)}\n`);
          await writeFile(path.join(directory, REPORT_SECTION_FILES.sweepMarkdown), markdown);
          await writeFile(path.join(directory, REPORT_SECTION_FILES.sweepHtml), renderSweepHtml(sweep));
        } catch (error) {
          const named = describeFileSystemError(error);
          if (named === undefined) throw error;
          context.stderr(`harness: the sweep above was computed but its files were not written: ${named.describe()}`);
          setExitCode(EXIT.infrastructure);
          return;
        }
        context.stderr(`sweep: ${displayPath(context.cwd, path.join(directory, REPORT_SECTION_FILES.sweepHtml))} · ${displayPath(context.cwd, path.join(directory, REPORT_SECTION_FILES.sweep))}`);
        // The run's report.html shows the sweeps kept in its folder (sweep-*/sweep.json).
        if (path.dirname(directory) === inputs.directory && path.basename(directory).startsWith(REPORT_SECTION_FILES.sweepPrefix)) {
          const written = await writeReportHtml(inputs.directory);
          for (const warning of written.warnings) context.stderr(`harness: ${warning}`);
          context.stderr(`report: ${displayPath(context.cwd, written.file)} (${written.sweeps.length} sweep section(s)${written.comparison === null ? '' : ', comparison with baseline'})`);
        }
        setExitCode(EXIT.ok);
      } finally {
        stopProgress();
        await inputs.index.close();
      }
    },
  );
}
