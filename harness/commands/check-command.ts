import type { Argv } from 'yargs';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';
import { formatSuiteCheck, loadCheckedSuite, resolveConfigPaths } from '../run/index.ts';

interface CheckOptions extends GlobalOptions {
  suite: string;
}

/** `harness check`: validates a golden suite against the index of its source. */
export function registerCheckCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'check',
    'Validate a golden suite against the index: malformed lines, duplicate ids, perturbations without a base, unknown documents, pages out of range, quotes not found',
    (command) => command.option('suite', { type: 'string', default: 'sample', describe: 'golden suite: golden/<suite>/' }),
    async (argv) => {
      const options = argv as unknown as CheckOptions;
      const context = createContext(options, io);
      const config = resolveConfigPaths(context.config, context.cwd);
      const checked = await loadCheckedSuite({ goldenDir: config.paths.goldenDir, name: options.suite, config, cwd: context.cwd });
      context.stdout(formatSuiteCheck(checked));
      setExitCode(checked.check.problems.length > 0 ? EXIT.invalid : EXIT.ok);
    },
  );
}
