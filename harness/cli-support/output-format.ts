/** How `compare`, `whatif` and `sweep` print: tables for the terminal, Markdown, or JSON. */
export type OutputFormat = 'text' | 'markdown' | 'json';

/** The `--format` option of `compare`, `whatif` and `sweep` (`--json` stays as its shorthand). */
export const FORMAT_OPTION = {
  choices: ['text', 'markdown', 'json'] as const,
  default: 'text' as const,
  describe: 'text: tables for the terminal (fit its width, or 100 columns when not a terminal); markdown: for a pull-request comment or job summary; json',
};

/** The format asked for: `--json` wins, as it did before `--format`. */
export function chooseOutputFormat(options: { format?: OutputFormat; json?: boolean }): OutputFormat {
  return options.json === true ? 'json' : (options.format ?? 'text');
}
