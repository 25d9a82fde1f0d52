import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { loadConfig } from '../../pipeline/config/index.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { chooseOutputFormat, FORMAT_OPTION, type OutputFormat } from '../cli-support/output-format.ts';
import type { CommandIo } from '../cli.ts';
import { renderComparisonHtml } from '../compare/index.ts';
import { writeRunReport } from '../report/index.ts';
import { addComparisonToReport } from '../report-sections/index.ts';
import { displayPath, resolveConfigPaths, writeRunConfig } from '../run/index.ts';
import { createConfigDelta, loadReplayInputs, parseSetting, renderWhatIfMarkdown, renderWhatIfText, runWhatIf } from '../whatif/index.ts';

interface WhatIfOptions extends GlobalOptions {
  report: string;
  set: string[];
  json: boolean;
  format: OutputFormat;
  out?: string;
  writeConfig?: string;
  gates?: string;
}

/**
 * `harness whatif --report R --set path=value …`: recomputes a run's gate decisions, scores,
 * metrics and gates under changed thresholds from its stored traces, with no provider call, and
 * prints which cases would flip (tables for the terminal, `--format markdown` or `--format json`). Exit 0 whatever the gates say.
 */
export function registerWhatIfCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'whatif',
    'Recompute a run under changed thresholds from its stored traces (no model call): which cases flip, metrics, gates',
    (command) =>
      command
        .option('report', { type: 'string', demandOption: true, describe: 'run folder (reports/<run-id>) or its report.json' })
        .option('set', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'path=value, repeatable: gate.relevanceThreshold=3, retrieval.minSimilarity=0.25, gate.minChunksRequired=2, rerank.keepMax=4, budget.maxChunks=4 …',
        })
        .option('format', FORMAT_OPTION)
        .option('json', { type: 'boolean', default: false, describe: 'print the what-if as JSON (= --format json)' })
        .option('out', {
          type: 'string',
          describe: 'also write the what-if report folder here (report.json, config.json, summary.md, whatif.md, comparison.json, comparison.md, comparison.html, and report.html with the comparison with the run as a section)',
        })
        .option('write-config', { type: 'string', describe: 'write the changed settings here (with "extends" naming the run\'s config file), to confirm with a real run: harness run --config FILE' })
        .option('gates', { type: 'string', describe: "gates file to judge by (default: the run's own gates)" }),
    async (argv) => {
      const options = argv as unknown as WhatIfOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      const inputs = await loadReplayInputs({ report: options.report, config, cwd: context.cwd, gatesFile: options.gates });
      try {
        for (const warning of inputs.warnings) context.stderr(`harness: ${warning}`);
        const result = await runWhatIf({
          report: inputs.report,
          config,
          settings: options.set.map(String).map(parseSetting),
          index: inputs.index,
          docAliases: inputs.docAliases,
          gates: inputs.gates,
          now: () => new Date(),
        });
        const markdown = renderWhatIfMarkdown(result, inputs.report.cases);
        const format = chooseOutputFormat(options);
        if (format === 'json') {
          const stored = new Map(inputs.report.cases.map((item) => [item.id, item]));
          const side = (item: (typeof inputs.report.cases)[number]) => ({ outcome: item.outcome, status: item.score.status, ...(item.score.refusalReason !== undefined ? { refusalReason: item.score.refusalReason } : {}) });
          context.stdout(
            JSON.stringify(
              {
                schemaVersion: 1,
                runId: inputs.report.runId,
                applied: result.applied,
                counts: result.counts,
                cases: result.cases.map((item) => ({ id: item.id, replay: item.replay, ...(item.note !== undefined ? { note: item.note } : {}), before: side(stored.get(item.id)!), after: side(item.result) })),
                comparison: result.comparison,
              },
              null,
              2,
            ),
          );
        } else {
          context.stdout(format === 'markdown' ? markdown : renderWhatIfText(result, inputs.report.cases, { width: context.columns }));
        }
        if (options.writeConfig !== undefined) {
          const file = path.resolve(context.cwd, options.writeConfig);
          await mkdir(path.dirname(file), { recursive: true });
          const load = (settings: Record<string, unknown>) => {
            const loaded = loadConfig({ file: context.file, cwd: context.cwd, env: context.env, overrides: settings }).config;
            return { ...loaded, provider: context.config.provider };
          };
          const delta = createConfigDelta({ applied: result.applied, target: result.config, configFile: context.file, outputFile: file, load });
          await writeFile(file, `${JSON.stringify(delta, null, 2)}\n`);
          context.stderr(`what-if config: ${displayPath(context.cwd, file)} (confirm with: harness run --suite ${inputs.report.suite.name}${inputs.report.options.perturb ? ' --perturb' : ''} --config ${displayPath(context.cwd, file)})`);
        }
        if (options.out !== undefined) {
          const directory = path.resolve(context.cwd, options.out);
          await writeRunReport(directory, result.report);
          await writeFile(path.join(directory, 'whatif.md'), markdown);
          await writeFile(path.join(directory, 'comparison.html'), renderComparisonHtml(result.comparison));
          await writeRunConfig(directory, result.config);
          await addComparisonToReport(directory, result.comparison);
          context.stderr(`what-if report: ${displayPath(context.cwd, directory)}`);
        }
        setExitCode(EXIT.ok);
      } finally {
        await inputs.index.close();
      }
    },
  );
}
