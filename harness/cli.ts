import yargs, { type Argv } from 'yargs';
import { isClausegateError } from '../pipeline/errors.ts';
import { describeFileSystemError } from './cli-support/describe-file-system-error.ts';
import type { GlobalOptions } from './cli-support/create-context.ts';
import { exitCodeFor } from './cli-support/exit-codes.ts';
import { terminalColumns } from './cli-support/fit-to-width.ts';
import { findInvokedCommands, HARNESS_COMMANDS } from './cli-support/harness-commands.ts';

/** The outside world as the CLI sees it; tests pass their own. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  cwd: string;
  interactive: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Terminal width that tables and summaries fit in (default 100: stdout is not a terminal). */
  columns?: number;
}

/** Registers one subcommand; `setExitCode` is how a command reports its outcome. */
export type RegisterCommand = (cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void) => Argv<GlobalOptions>;

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
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((message, error) => {
      throw error ?? new UsageError(message);
    }) as unknown as Argv<GlobalOptions>;

  try {
    // Only the invoked command's module is loaded (with the pipeline behind it); the others are
    // registered by name and description, which is all the top-level help and yargs' checks need.
    const invoked = findInvokedCommands(args);
    const registers = new Map(await Promise.all(invoked.map(async (entry) => [entry, await entry.load()] as const)));
    for (const entry of HARNESS_COMMANDS) {
      const register = registers.get(entry);
      cli = register === undefined ? cli.command(entry.command, entry.describe) : register(cli, io, setExitCode);
    }
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
    columns: terminalColumns(process.stdout),
  };
}
