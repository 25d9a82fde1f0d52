import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import type { GlobalOptions } from '../cli-support/create-context.ts';
import { EXIT } from '../cli-support/exit-codes.ts';
import type { CommandIo } from '../cli.ts';

interface CorpusOptions extends GlobalOptions {
  action: 'fetch' | 'verify' | 'record';
  corpus?: string[];
  dest: string;
  baseUrl?: string;
  manifest?: string;
}

/**
 * `harness corpus fetch|verify|record`: obtains the real corpora the suites read (into
 * `<dest>/<corpus>/`, default ../shared/corpus) from a mirror or their public URLs, each file checked
 * against the sha256 in harness/corpus/corpus-manifest.json; `verify` only checks what is on disk;
 * `record` re-records the hashes from `--dest` (maintainers). Exit 0 when every required file is in
 * place, 1 when one is missing or differs, 2 for a bad manifest.
 */
export function registerCorpusCommand(cli: Argv<GlobalOptions>, io: CommandIo, setExitCode: (code: number) => void): Argv<GlobalOptions> {
  return cli.command(
    'corpus <action>',
    'Fetch or verify the real corpora (checksummed, from a mirror or their public URLs) for the real-corpus suites',
    (command) =>
      command
        .positional('action', { choices: ['fetch', 'verify', 'record'] as const, describe: 'fetch: download what is missing; verify: check what is on disk; record: re-record the hashes from --dest' })
        .option('corpus', { type: 'string', array: true, describe: 'only these corpora (default: every corpus of the manifest: cme, cuad)' })
        .option('dest', { type: 'string', default: '../shared/corpus', describe: 'the corpus root the suites read (CLAUSEGATE_CORPUS_ROOT)' })
        .option('base-url', { type: 'string', describe: 'a mirror holding <url>/<corpus>/<file>, tried first (default: $CLAUSEGATE_CORPUS_URL)' })
        .option('manifest', { type: 'string', describe: 'the corpus manifest (default: harness/corpus/corpus-manifest.json)' }),
    async (argv) => {
      const options = argv as unknown as CorpusOptions;
      const { fetchCorpus, readCorpusManifest, recordCorpusManifest, DEFAULT_MANIFEST } = await import('../corpus/index.ts');
      const manifestFile = options.manifest ? path.resolve(io.cwd, options.manifest) : DEFAULT_MANIFEST;
      let manifest;
      try {
        manifest = await readCorpusManifest(manifestFile);
      } catch (error) {
        io.stderr(`harness corpus: ${(error as Error).message}`);
        setExitCode(EXIT.invalid);
        return;
      }
      const dest = path.resolve(io.cwd, options.dest);
      if (options.action === 'record') {
        const recorded = await recordCorpusManifest(manifest, dest);
        await writeFile(manifestFile, `${JSON.stringify(recorded, null, 2)}\n`);
        io.stdout(`recorded ${Object.values(recorded.corpora).reduce((sum, corpus) => sum + corpus.files.length, 0)} files from ${dest} into ${manifestFile}`);
        setExitCode(EXIT.ok);
        return;
      }
      const results = await fetchCorpus({
        manifest,
        dest,
        ...(options.corpus ? { corpora: options.corpus } : {}),
        baseUrl: options.baseUrl ?? io.env.CLAUSEGATE_CORPUS_URL,
        verifyOnly: options.action === 'verify',
        onFile: (result) => {
          if (result.status === 'failed') io.stderr(`${result.corpus}/${result.file}: ${result.detail}`);
          else if (result.status !== 'present' || !io.interactive) io.stdout(`${result.corpus}/${result.file}: ${result.status}${result.detail ? ` (${result.detail})` : ''}`);
        },
      });
      const count = (status: string): number => results.filter((result) => result.status === status).length;
      const failed = count('failed');
      io.stdout(`${options.action === 'verify' ? 'verified' : 'fetched'} into ${dest}: ${count('present')} present, ${count('downloaded')} downloaded, ${count('skipped')} optional skipped, ${failed} failed`);
      setExitCode(failed > 0 ? EXIT.failed : EXIT.ok);
    },
  );
}
