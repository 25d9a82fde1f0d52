import yargs, { type Argv } from 'yargs';
import { isClausegateError } from '../pipeline/errors.ts';
import { describeFileSystemError } from './cli-support/describe-file-system-error.ts';
import type { GlobalOptions } from './cli-support/create-context.ts';
import { exitCodeFor } from './cli-support/exit-codes.ts';
import { registerBaselineCommand } from './commands/baseline-command.ts';
import { registerCheckCommand } from './commands/check-command.ts';
import { registerCompareCommand } from './commands/compare-command.ts';
import { registerIngestCommand } from './commands/ingest-command.ts';
import { registerListCommand } from './commands/list-command.ts';
import { registerMergeCommand } from './commands/merge-command.ts';
import { registerPerturbCommand } from './commands/perturb-command.ts';
import { registerQueryCommand } from './commands/query-command.ts';
import { registerReportsCommand } from './commands/reports-command.ts';
import { registerRunCommand } from './commands/run-command.ts';
import { registerServeCommand } from './commands/serve-command.ts';
import { registerSweepCommand } from './commands/sweep-command.ts';
import { registerTuneCommand } from './commands/tune-command.ts';
import { registerWhatIfCommand } from './commands/whatif-command.ts';

/** The outside world as the CLI sees it; tests pass their own. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  cwd: string;
  interactive: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Registers one subcommand; `setExitCode` is how a command reports its outcome. */
export type RegisterCommand = (cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void) => Argv<GlobalOptions>;

const commands: RegisterCommand[] = [registerIngestCommand, registerListCommand, registerQueryCommand, registerRunCommand, registerCheckCommand, registerMergeCommand, registerPerturbCommand, registerCompareCommand, registerWhatIfCommand, registerSweepCommand, registerBaselineCommand, registerTuneCommand, registerServeCommand, registerReportsCommand];

/**
 * Runs the `harness` CLI with `args` and returns the exit code: 0 success, 1 a gate failed (or
 * `--strict` found a problem), 2 invalid input or config, 3 infrastructure error. Only
 * `harness/bin.mjs` turns it into the process exit code.
 */
export async function runCli(args: readonly string[], io: CommandIo = processIo()): Promise<number> {
  let exitCode = 0;
  const setExitCode = (code: number) => {
    exitCode = code;
  };
  let cli = yargs([...args])
    .scriptName('harness')
    .usage('$0 <command> [options]\n\nclausegate: source-bounded answers from licensing documents, and the harness that proves it.')
    .option('config', { type: 'string', describe: 'config file (default: .clausegate.json when present)', global: true })
    .option('provider', { choices: ['offline', 'openai'] as const, describe: 'provider (default: offline, or CLAUSEGATE_PROVIDER)', global: true })
    .strict()
    .demandCommand(1, 'name a command; see --help')
    .recommendCommands()
    .help()
    .wrap(Math.min(110, process.stdout.columns || 110))
    .exitProcess(false)
    .fail((message, error) => {
      throw error ?? new UsageError(message);
    }) as unknown as Argv<GlobalOptions>;
  for (const register of commands) cli = register(cli, io, setExitCode);

  try {
    await cli.parseAsync();
    return exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`harness: ${error.message}\nRun \`harness --help\` for the commands and their options.`);
      return 2;
    }
    const named = isClausegateError(error) ? error : describeFileSystemError(error);
    if (named !== undefined) {
      io.stderr(`harness: ${named.describe()}`);
      return exitCodeFor(named);
    }
    io.stderr(`harness: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 3;
  }
}

class UsageError extends Error {}

function processIo(): CommandIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY) && !process.env.CI,
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
  };
}
