import path from 'node:path';
import type { Argv } from 'yargs';
import type { GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';

interface CommentOptions extends GlobalOptions {
  runs: string[];
  detailsUrl?: string;
}

/**
 * `harness comment RUN...`: prints one Markdown pull-request comment over finished runs (a line per
 * suite, failed gates, failing case ids), starting with a hidden marker the workflow uses to update
 * its comment in place. Exit 0 when printed, 2 when a run folder cannot be read.
 */
export function registerCommentCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'comment <runs..>',
    'Print one Markdown pull-request comment summarising finished runs (for the workflow to post or update)',
    (command) =>
      command
        .positional('runs', { type: 'string', array: true, describe: 'run folders (reports/<run-id>)' })
        .option('details-url', { type: 'string', describe: 'a link to the workflow run, printed at the end' }),
    async (argv) => {
      const options = argv as unknown as CommentOptions;
      const { readRunReport } = await import('../report/index.ts');
      const { renderPullRequestComment } = await import('../actions/index.ts');
      const reports = [];
      for (const run of options.runs) {
        try {
          reports.push(await readRunReport(path.resolve(io.cwd, run)));
        } catch (error) {
          io.stderr(`harness comment: cannot read the run ${run}: ${(error as Error).message}`);
          setExitCode(EXIT.invalid);
          return;
        }
      }
      io.stdout(renderPullRequestComment(reports, options.detailsUrl).trimEnd());
      setExitCode(EXIT.ok);
    },
  );
}
