import type { Argv } from 'yargs';
import { ingestSource, resolveSourceRoot, type IngestSummary } from '../../pipeline/ingest/index.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { createEmbedder } from '../../pipeline/providers/create-embedder.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { createProgress } from '../cli-support/create-progress.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { resolveSource } from '../cli-support/resolve-source.ts';
import type { CommandIo } from '../cli.ts';

interface IngestOptions extends GlobalOptions {
  source?: string;
  root?: string;
  path?: string;
  strict: boolean;
  json: boolean;
  wait: boolean;
  allowShrink: boolean;
}

/** `harness ingest`: builds (or refreshes) the index of one source. */
export function registerIngestCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'ingest [path]',
    'Index the documents of a source (PDF, DOCX, TXT) into LanceDB + BM25',
    (command) =>
      command
        .positional('path', { type: 'string', describe: 'folder of documents (default: <root>/<source>, or the source\'s configured root)' })
        .option('source', { type: 'string', describe: 'source name (index and refusal text are per source); default: defaultSource in the config, or the only configured source' })
        .option('root', { type: 'string', describe: 'folder holding one sub-folder per source, e.g. data/raw' })
        .option('strict', { type: 'boolean', default: false, describe: 'exit 1 when any document is skipped or duplicated' })
        .option('json', { type: 'boolean', default: false, describe: 'print the summary as JSON' })
        .option('wait', { type: 'boolean', default: false, describe: 'wait for a concurrent ingest of the same index instead of failing' })
        .option('allow-shrink', { type: 'boolean', default: false, describe: 'publish even when the new index has no document or less than half of the current one\'s (refused otherwise, exit 2)' }),
    async (argv) => {
      const options = argv as unknown as IngestOptions;
      const context = createContext(options, io);
      const source = resolveSource({ requested: options.source, config: context.config, among: 'configured' });
      if (context.config.sources[source] === undefined) {
        throw new ClausegateError('source_not_found', `unknown source "${source}"; configured sources: ${Object.keys(context.config.sources).join(', ')}`, {
          hint: 'pick one of the configured names, or add the source to .clausegate.json (sources.<name>.refusal, and its root)',
        });
      }
      const root = resolveSourceRoot({ source: source, root: options.root, path: options.path, config: context.config, cwd: context.cwd });
      const embedder = createEmbedder(context.config, context.environment, context.config.sources[source]);
      const progress = createProgress(context.interactive && !options.json, context.stderr);
      const summary = await ingestSource({
        source: source,
        root,
        config: context.config,
        embedder,
        now: () => new Date(),
        waitForLock: options.wait,
        allowShrink: options.allowShrink,
        onProgress: (event) => progress.update(event.phase, event.done, event.total, event.doc),
      });
      progress.stop();
      context.stdout(options.json ? JSON.stringify(summary, null, 2) : formatIngestSummary(summary, context.columns));
      const problems = summary.counts.skipped + summary.counts.duplicates;
      setExitCode(options.strict && problems > 0 ? EXIT.failed : EXIT.ok);
    },
  );
}

/** The human-readable ingest summary: counts, then every skipped or duplicate file with its reason. */
export function formatIngestSummary(summary: IngestSummary, width: number): string {
  const { counts, timings } = summary;
  const lines = [
    `Indexed source "${summary.source}" from ${summary.root}`,
    `index version ${summary.indexVersion} · embedder ${summary.embedder}`,
    '',
    renderTerminalTable(
      ['files', 'documents', 'pages', 'chunks', 'definitions', 'skipped', 'duplicates', 'reused', 'embedded', 'time'],
      [[counts.files, counts.documents, counts.pages, counts.chunks, counts.definitions, counts.skipped, counts.duplicates, counts.reusedDocuments, counts.embeddedChunks, `${(timings.totalMs / 1000).toFixed(2)} s`]],
      { width },
    ),
  ];
  const problems = summary.documents.filter((document) => document.status === 'skipped' || document.status === 'duplicate');
  if (problems.length > 0) {
    lines.push('', 'Not indexed:');
    lines.push(
      renderTerminalTable(
        ['document', 'reason', 'detail'],
        problems.map((document) =>
          document.status === 'duplicate'
            ? [document.doc, 'duplicate', `byte-identical to ${document.duplicateOf}`]
            : [document.doc, document.reason ?? '', document.message ?? ''],
        ),
        { width },
      ),
    );
  }
  const recognised = summary.documents.filter((document) => (document.ocrPages ?? []).length > 0);
  if (recognised.length > 0) {
    const pages = recognised.reduce((total, document) => total + (document.ocrPages ?? []).length, 0);
    lines.push('', `Recognised by OCR (no usable text layer): ${pages} ${pages === 1 ? 'page' : 'pages'} of ${recognised.length} ${recognised.length === 1 ? 'document' : 'documents'}`);
    lines.push(renderTerminalTable(['document', 'OCR pages'], recognised.map((document) => [document.doc, (document.ocrPages ?? []).join(', ')]), { width }));
  }
  const warned = summary.documents.flatMap((document) => (document.warnings ?? []).map((warning) => [document.doc, warning]));
  if (warned.length > 0) lines.push('', 'Warnings:', renderTerminalTable(['document', 'warning'], warned, { width }));
  for (const note of summary.notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}
