import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { ClausegateError } from '../../pipeline/errors.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import type { CommandIo } from '../cli.ts';
import { formatGoldenProblem } from '../golden/format-golden-problem.ts';
import { loadSuite } from '../golden/load-suite.ts';
import { checkPerturbationQuotas, DEFAULT_PER_CASE, formatPerturbationLines, GENERATED_KINDS, generatePerturbations, loadWordNet } from '../perturb/index.ts';
import type { PerturbationSummary } from '../perturb/index.ts';

interface PerturbOptions extends GlobalOptions {
  suite: string;
  seed: number;
  perCase: number;
  out?: string;
  check: boolean;
}

/**
 * `harness perturb --suite NAME --seed N [--per-case K] [--out FILE] [--check]`: generates the
 * perturbations of a suite's baseline cases (the same suite and seed always give the same bytes)
 * and writes them to `<goldenDir>/<suite>/perturb.jsonl`, printing the counts per kind and the
 * share of distractor flips. `--check` writes nothing: it prints the lines to stdout and the
 * counts to stderr. Exit 0 when the quotas are met, 1 when not (the file is still written without
 * `--check`), 2 when the baseline has malformed lines.
 */
export function registerPerturbCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'perturb',
    'Generate the perturbation variants of a golden suite (typos, casing, fillers, synonyms, word order, abbreviations, distractor flips)',
    (command) =>
      command
        .option('suite', { type: 'string', demandOption: true, describe: 'golden suite folder under the golden directory (e.g. cme)' })
        .option('seed', { type: 'number', demandOption: true, describe: 'seed of every random choice; the same suite and seed give the same file' })
        .option('per-case', { type: 'number', default: DEFAULT_PER_CASE, describe: 'most variants per baseline case' })
        .option('out', { type: 'string', describe: 'output file (default: <goldenDir>/<suite>/perturb.jsonl)' })
        .option('check', { type: 'boolean', default: false, describe: 'write nothing: print the lines and counts, exit 1 when a quota is missed' }),
    async (argv) => {
      const options = argv as unknown as PerturbOptions;
      if (!Number.isInteger(options.seed) || !Number.isInteger(options.perCase) || options.perCase < 1) {
        throw new ClausegateError('input_invalid', `--seed must be an integer and --per-case a positive integer (got ${options.seed} and ${options.perCase})`, {
          hint: 'for example: harness perturb --suite cme --seed 1 --per-case 3',
        });
      }
      const context = createContext(options, io);
      const suite = await loadSuite(path.resolve(context.cwd, context.config.paths.goldenDir), options.suite);
      // Problems of an existing perturb.jsonl do not matter: it is about to be replaced.
      const baselineProblems = suite.problems.filter((problem) => !problem.file.endsWith('perturb.jsonl'));
      if (baselineProblems.length > 0) {
        context.stderr(baselineProblems.map(formatGoldenProblem).join('\n'));
        context.stderr(`harness perturb: fix the ${baselineProblems.length} problem(s) above first; nothing was written`);
        setExitCode(EXIT.invalid);
        return;
      }

      const wordNet = loadWordNet();
      let text: string;
      let summary: PerturbationSummary;
      try {
        const perturbations = generatePerturbations(
          suite.baseline.map((entry) => entry.value),
          { seed: options.seed, perCase: options.perCase, wordNet },
        );
        text = formatPerturbationLines(perturbations);
        summary = checkPerturbationQuotas(perturbations);
      } finally {
        wordNet.close();
      }

      const out = path.resolve(context.cwd, options.out ?? path.join(suite.directory, 'perturb.jsonl'));
      const report = formatSummary(summary, suite.baseline.length, options, context.columns);
      if (options.check) {
        if (text !== '') context.stdout(text.trimEnd());
        context.stderr(`${report}\n(--check: ${path.relative(context.cwd, out) || out} not written)`);
      } else {
        await mkdir(path.dirname(out), { recursive: true });
        await writeFileDurably(out, text);
        context.stdout(`${report}\nwrote ${path.relative(context.cwd, out) || out}`);
      }
      if (summary.problems.length > 0) context.stderr(summary.problems.map((problem) => `quota missed: ${problem}`).join('\n'));
      setExitCode(summary.problems.length > 0 ? EXIT.failed : EXIT.ok);
    },
  );
}

function formatSummary(summary: PerturbationSummary, baselineCases: number, options: PerturbOptions, width: number): string {
  const rows = GENERATED_KINDS.map((kind) => [kind, summary.byKind[kind], `${((summary.byKind[kind] / Math.max(1, summary.total)) * 100).toFixed(1)}%`]);
  rows.push(['total', summary.total, '100.0%']);
  return [
    `suite ${options.suite} · seed ${options.seed} · per case ${options.perCase} · ${summary.baseCases} of ${baselineCases} baseline cases perturbed`,
    renderTerminalTable(['kind', 'variants', 'share'], rows, { width, align: ['left', 'right', 'right'] }),
    `distractor flips: ${(summary.flipShare * 100).toFixed(1)}% · expect refuse: ${summary.expectRefuse} · expect same: ${summary.total - summary.expectRefuse}`,
  ].join('\n');
}
