import type { Argv } from 'yargs';
import { ClausegateError } from '../../pipeline/errors.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';
import { displayPath, pruneRuns, resolveConfigPaths } from '../run/index.ts';

interface PruneOptions extends GlobalOptions {
  keep?: number;
}

/** `harness reports prune --keep N`: deletes all but the N newest finished runs (never the baselines or an unfinished run). */
export function registerReportsCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command('reports', 'Manage the run folders under reports/: harness reports prune --keep N', (reports) =>
    reports
      .command(
        'prune',
        'Delete all but the N newest finished runs (committed baselines and unfinished runs are kept)',
        (command) => command.option('keep', { type: 'number', describe: 'finished runs to keep (default: reports.keepRuns of the config)' }),
        async (argv) => {
          const options = argv as unknown as PruneOptions;
          const context = createContext(options, io);
          const config = resolveConfigPaths(context.config, context.cwd);
          const keep = options.keep ?? config.reports.keepRuns;
          if (keep === null) {
            throw new ClausegateError('input_invalid', 'harness reports prune needs how many finished runs to keep', { hint: 'pass --keep N, or set "reports": {"keepRuns": N} in .clausegate.json' });
          }
          const pruned = await pruneRuns(config.paths.reportDir, keep);
          for (const folder of pruned.deleted) context.stderr(`deleted ${displayPath(context.cwd, folder)}`);
          context.stdout(`${pruned.deleted.length} run(s) deleted, ${pruned.kept.length} kept (the ${keep} newest finished; baselines and unfinished runs are never pruned)`);
          setExitCode(EXIT.ok);
        },
      )
      .demandCommand(1, 'name a reports command: prune'),
  );
}
