import { existsSync, readdirSync } from 'node:fs';
import type { Argv } from 'yargs';
import { isObjectStorageUri, readCurrentIndexVersion, readIndexManifest, resolveIndexStore } from '../../pipeline/store/index.ts';
import { createContext, type GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import type { CommandIo } from '../cli.ts';

interface ListOptions extends GlobalOptions {
  source?: string;
  json: boolean;
}

/** `harness list`: what is indexed, per source. */
export function registerListCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'list',
    'Show what is indexed: documents, pages, chunks, index version, embedder',
    (command) =>
      command
        .option('source', { type: 'string', describe: 'only this source (default: every indexed source)' })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON' }),
    async (argv) => {
      const options = argv as unknown as ListOptions;
      const context = createContext(options, io);
      const indexDir = context.config.paths.indexDir;
      const sources = options.source
        ? [options.source]
        : isObjectStorageUri(indexDir)
          ? await listPublishedSources(indexDir)
          : existsSync(indexDir)
            ? readdirSync(indexDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()
            : [];
      if (sources.length === 0) {
        context.stdout(`No index under ${indexDir}. Build one with: npx harness ingest --source sample`);
        setExitCode(EXIT.ok);
        return;
      }
      const listings = [];
      // The manifest says everything listed here; the vectors and keyword index stay closed.
      for (const source of sources) listings.push((await readIndexManifest(indexDir, source)).manifest);
      if (options.json) {
        context.stdout(JSON.stringify(listings, null, 2));
      } else {
        const blocks = listings.map((manifest) => {
          const embedder = `${manifest.embedder.name}/${manifest.embedder.model} (${manifest.embedder.dimensions} dims)`;
          const rows = manifest.documents.map((document) => [
            document.doc,
            document.status,
            document.pages,
            document.chunks,
            document.status === 'duplicate' ? `= ${document.duplicateOf}` : (document.reason ?? ''),
          ]);
          return [
            `source ${manifest.source} · index ${manifest.indexVersion} (${manifest.createdAt}) · ${embedder} · chunker ${manifest.chunkerVersion} · policy ${manifest.policyVersion}`,
            `${manifest.counts.documents} documents, ${manifest.counts.pages} pages, ${manifest.counts.chunks} chunks, ${manifest.counts.definitions} definitions, ${manifest.counts.skipped} skipped, ${manifest.counts.duplicates} duplicates`,
            renderTerminalTable(['document', 'status', 'pages', 'chunks', 'note'], rows, { width: context.columns, align: ['left', 'left', 'right', 'right', 'left'] }),
          ].join('\n');
        });
        context.stdout(blocks.join('\n\n'));
      }
      setExitCode(EXIT.ok);
    },
  );
}

/** The sources under an object-storage location with a published version (a `CURRENT` pointer). */
async function listPublishedSources(indexDir: string): Promise<string[]> {
  const store = resolveIndexStore(indexDir);
  const names = await store.list(store.root);
  const published = await Promise.all(names.map(async (name) => (/^[a-z0-9][a-z0-9_-]*$/.test(name) && (await readCurrentIndexVersion(store, name)) !== undefined ? name : undefined)));
  return published.filter((name): name is string => name !== undefined);
}
