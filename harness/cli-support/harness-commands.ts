import type { RegisterCommand } from '../cli.ts';

/**
 * One `harness` subcommand as the top-level help shows it, and how to load its module. The module
 * (and with it the pipeline, LanceDB, pdfjs, the service…) is imported only when the command is
 * invoked, so `harness --help` and a query load only what they need.
 */
export interface HarnessCommand {
  /** The yargs command string, `query <question>`; must equal the one the module registers. */
  command: string;
  /** The one-line description of the top-level help; must equal the one the module registers. */
  describe: string;
  /** Imports the command's module and returns its register function. */
  load: () => Promise<RegisterCommand>;
}

/** Every subcommand, in the order the top-level help lists them (`cli.test.ts` checks each against its module). */
export const HARNESS_COMMANDS: readonly HarnessCommand[] = [
  {
    command: 'ingest [path]',
    describe: 'Index the documents of a source (PDF, DOCX, TXT) into LanceDB + BM25',
    load: async () => (await import('../commands/ingest-command.ts')).registerIngestCommand,
  },
  {
    command: 'list',
    describe: 'Show what is indexed: documents, pages, chunks, index version, embedder',
    load: async () => (await import('../commands/list-command.ts')).registerListCommand,
  },
  {
    command: 'query <question>',
    describe: "Answer one question from a source's documents (or refuse when they are silent)",
    load: async () => (await import('../commands/query-command.ts')).registerQueryCommand,
  },
  {
    command: 'run',
    describe: 'Run a golden suite through the pipeline, score every case, check the gates, write reports/<run-id>/',
    load: async () => (await import('../commands/run-command.ts')).registerRunCommand,
  },
  {
    command: 'check',
    describe:
      'Validate a golden suite against the index: malformed lines, duplicate ids, perturbations without a base, unknown documents, pages out of range, quotes not found',
    load: async () => (await import('../commands/check-command.ts')).registerCheckCommand,
  },
  {
    command: 'merge <dirs..>',
    describe: 'Merge the report folders of shard runs (harness run --shard i/n) into one report and check the gates once',
    load: async () => (await import('../commands/merge-command.ts')).registerMergeCommand,
  },
  {
    command: 'perturb',
    describe: 'Generate the perturbation variants of a golden suite (typos, casing, fillers, synonyms, word order, abbreviations, distractor flips)',
    load: async () => (await import('../commands/perturb-command.ts')).registerPerturbCommand,
  },
  {
    command: 'compare <base> <head>',
    describe: 'Compare two reports (run folders, report.json, baselines or git refs): metric deltas, gates on each side, contract changes, pass ↔ fail flips',
    load: async () => (await import('../commands/compare-command.ts')).registerCompareCommand,
  },
  {
    command: 'whatif',
    describe: 'Recompute a run under changed thresholds from its stored traces (no model call): which cases flip, metrics, gates',
    load: async () => (await import('../commands/whatif-command.ts')).registerWhatIfCommand,
  },
  {
    command: 'sweep',
    describe: "Sweep a threshold over a range from a run's stored traces (no model call): false refusals vs false acceptances, pass rate, chart",
    load: async () => (await import('../commands/sweep-command.ts')).registerSweepCommand,
  },
  {
    command: 'baseline',
    describe: 'Refresh the committed baseline reports/baseline/<suite>.json from a run (--from) or a new run of the suite; prints what changed',
    load: async () => (await import('../commands/baseline-command.ts')).registerBaselineCommand,
  },
  {
    command: 'tune',
    describe: 'Fit a learned model (the reranker, the gate, or what a question asks for) on golden suites with cross-validation and write its weights file',
    load: async () => (await import('../commands/tune-command.ts')).registerTuneCommand,
  },
  {
    command: 'serve',
    describe: 'Serve the pipeline over HTTP (README "Run as a service"; settings from RAG_* variables)',
    load: async () => (await import('../commands/serve-command.ts')).registerServeCommand,
  },
  {
    command: 'corpus <action>',
    describe: 'Fetch or verify the real corpora (checksummed, from a mirror or their public URLs) for the real-corpus suites',
    load: async () => (await import('../commands/corpus-command.ts')).registerCorpusCommand,
  },
  {
    command: 'comment <runs..>',
    describe: 'Print one Markdown pull-request comment summarising finished runs (for the workflow to post or update)',
    load: async () => (await import('../commands/comment-command.ts')).registerCommentCommand,
  },
  {
    command: 'reports',
    describe: 'Manage the run folders under reports/: harness reports prune --keep N',
    load: async () => (await import('../commands/reports-command.ts')).registerReportsCommand,
  },
];

/** The command's name: the first word of its command string. */
export function commandName(entry: HarnessCommand): string {
  return entry.command.split(' ')[0]!;
}

/**
 * The commands `args` may invoke: each whose name appears among the words of `args` that are not
 * options. Over-inclusive on purpose (an option's value that happens to be a command name loads one
 * module more), never under: yargs then parses with the full definition of the invoked command.
 */
export function findInvokedCommands(args: readonly string[]): HarnessCommand[] {
  const words = new Set(args.filter((arg) => !arg.startsWith('-')));
  return HARNESS_COMMANDS.filter((entry) => words.has(commandName(entry)));
}
