import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { formatIssues, loadConfig } from '../../pipeline/config/load-config.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { chooseOutputFormat, FORMAT_OPTION, type OutputFormat } from '../cli-support/output-format.ts';
import type { CommandIo } from '../cli.ts';
import { compareReports, loadComparableReport, renderComparisonHtml, renderComparisonMarkdown, renderComparisonText, type ComparableReport } from '../compare/index.ts';
import { REPORT_FILES } from '../report/index.ts';
import { addComparisonToReport } from '../report-sections/index.ts';
import { displayPath, resolveConfigPaths } from '../run/index.ts';
import { renderSweepSection, SweepResult } from '../whatif/index.ts';

interface CompareOptions extends GlobalOptions {
  base: string;
  head: string;
  suite?: string;
  json: boolean;
  format: OutputFormat;
  html?: string;
  sweep?: string[];
  reportHtml?: boolean;
  markdown?: string;
  baseConfig?: string;
  headConfig?: string;
}

/**
 * `harness compare <base> <head>`: the before/after of two reports — each a run folder, a
 * `report.json`, a committed baseline file, or a git ref whose committed baseline is read
 * (`git show <ref>:reports/baseline/<suite>.json`). Prints tables for the terminal, `--format
 * markdown` (for a pull-request comment or job summary) or `--format json`. When the head is a run folder (or its `report.json`) the comparison
 * becomes the "Comparison with baseline" section of that run's `report.html` (`comparison.json`
 * and `comparison.md` beside it; `--no-report-html` leaves the folder alone); `--html` also writes
 * a self-contained page, with `--sweep` charts added. Exit 0: the gates of each run decide, a
 * comparison only informs.
 */
export function registerCompareCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'compare <base> <head>',
    'Compare two reports (run folders, report.json, baselines or git refs): metric deltas, gates on each side, contract changes, pass ↔ fail flips',
    (command) =>
      command
        .positional('base', { type: 'string', demandOption: true, describe: 'before: reports/<run-id>, a report.json, reports/baseline/<suite>.json, or a git ref (origin/main)' })
        .positional('head', { type: 'string', demandOption: true, describe: 'after: the same kinds' })
        .option('suite', { type: 'string', describe: "suite whose committed baseline a git ref names (default: the other side's suite)" })
        .option('format', FORMAT_OPTION)
        .option('json', { type: 'boolean', default: false, describe: 'print the comparison as JSON (= --format json)' })
        .option('markdown', { type: 'string', describe: 'also write the Markdown to this file' })
        .option('report-html', {
          type: 'boolean',
          describe: "add the comparison to HEAD's report.html as the section \"Comparison with baseline\" (comparison.json, comparison.md beside it); default: when HEAD is a run folder or its report.json; --no-report-html: never",
        })
        .option('html', { type: 'string', describe: 'also write a self-contained HTML page of the comparison to this file' })
        .option('sweep', { type: 'string', array: true, describe: 'sweep.json files (harness sweep) whose charts join the HTML page' })
        .option('base-config', { type: 'string', describe: 'the config file the base run used, so changed settings are named (default: --config, when its digest matches)' })
        .option('head-config', { type: 'string', describe: 'the config file the head run used (default: --config, when its digest matches)' }),
    async (argv) => {
      const options = argv as unknown as CompareOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      const loadOptions = { cwd: context.cwd, baselineDir: path.join(config.paths.reportDir, 'baseline') };
      // The config a run folder was made with is known only by its digest: the current one, or the one named, is attached when it matches.
      const configOf = (file: string | undefined) => (file === undefined ? context.config : loadConfig({ file, cwd: context.cwd, env: context.env }).config);
      const configs = { base: configOf(options.baseConfig), head: configOf(options.headConfig) };
      // A git ref needs the suite: read a side that is a file or folder first and take its suite.
      const specs = { base: String(options.base), head: String(options.head) };
      const isLocal = (spec: string) => existsSync(path.resolve(context.cwd, spec));
      const order: ('base' | 'head')[] = !isLocal(specs.base) && isLocal(specs.head) ? ['head', 'base'] : ['base', 'head'];
      const loaded: Partial<Record<'base' | 'head', ComparableReport>> = {};
      let suite = options.suite;
      for (const side of order) {
        const report = await loadComparableReport(specs[side], { ...loadOptions, suite, config: configs[side] });
        loaded[side] = report;
        suite ??= report.report.suite.name;
      }
      const base = loaded.base!;
      const head = loaded.head!;
      if (base.report.suite.name !== head.report.suite.name) {
        context.stderr(`harness: comparing suite ${base.report.suite.name} with suite ${head.report.suite.name}: cases are matched by id`);
      }
      const comparison = compareReports({ report: base.report, label: specs.base }, { report: head.report, label: specs.head });
      const markdown = renderComparisonMarkdown(comparison);
      const format = chooseOutputFormat(options);
      context.stdout(format === 'json' ? JSON.stringify(comparison, null, 2) : format === 'markdown' ? markdown : renderComparisonText(comparison, { width: context.columns }));
      if (options.markdown !== undefined) await writeOut(context.cwd, options.markdown, markdown);
      const headFolder = runFolderOf(path.resolve(context.cwd, specs.head), head);
      if (options.reportHtml === true && headFolder === null) {
        throw new ClausegateError('input_invalid', `--report-html adds the comparison to the head run's report.html, but ${JSON.stringify(specs.head)} is not a run folder or its ${REPORT_FILES.report}`, {
          hint: 'pass the run folder as HEAD (reports/<run-id>), or leave --report-html out',
        });
      }
      if (options.reportHtml !== false && headFolder !== null) {
        const written = await addComparisonToReport(headFolder, comparison);
        for (const warning of written.warnings) context.stderr(`harness: ${warning}`);
        context.stderr(`report: ${displayPath(context.cwd, written.file)} (section "Comparison with baseline"${written.sweeps.length > 0 ? `, ${written.sweeps.length} sweep(s)` : ''})`);
      }
      if (options.html !== undefined) {
        const sections: string[] = [];
        for (const file of options.sweep ?? []) sections.push(renderSweepSection(await readSweep(path.resolve(context.cwd, String(file)))));
        const written = await writeOut(context.cwd, options.html, renderComparisonHtml(comparison, { sections }));
        context.stderr(`comparison: ${displayPath(context.cwd, written)}`);
      }
      setExitCode(EXIT.ok);
    },
  );
}

/** The run folder a side was read from: a folder, or the folder of a `report.json`; `null` for a baseline file or a git ref. */
function runFolderOf(resolved: string, side: ComparableReport): string | null {
  if (side.origin === 'run folder') return resolved;
  if (side.origin === 'file' && path.basename(resolved) === REPORT_FILES.report) return path.dirname(resolved);
  return null;
}

async function writeOut(cwd: string, file: string, text: string): Promise<string> {
  const resolved = path.resolve(cwd, file);
  await mkdir(path.dirname(resolved), { recursive: true });
  await writeFile(resolved, text);
  return resolved;
}

async function readSweep(file: string): Promise<SweepResult> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ClausegateError('input_invalid', `cannot read the sweep ${file}: ${(error as Error).message}`, { hint: 'pass the sweep.json that harness sweep wrote' });
  }
  const parsed = SweepResult.safeParse(value);
  if (!parsed.success) throw new ClausegateError('report_invalid', `${file} is not a sweep:\n${formatIssues(parsed.error.issues.slice(0, 10))}`, { location: { file } });
  return parsed.data;
}
