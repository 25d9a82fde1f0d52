import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CorpusFile, CorpusManifest } from './corpus-manifest.ts';

/** What happened to one file of a corpus. */
export interface FetchedFile {
  corpus: string;
  file: string;
  status: 'present' | 'downloaded' | 'skipped' | 'failed';
  /** Where it came from (downloaded) or why it failed or was skipped. */
  detail?: string;
}

export interface FetchCorpusInput {
  manifest: CorpusManifest;
  /** The corpora to fetch, by name (default: all in the manifest). */
  corpora?: readonly string[];
  /** The corpus root: files land in `<dest>/<corpus>/<file>`. */
  dest: string;
  /**
   * A mirror holding `<baseUrl>/<corpus>/<file>` (a bucket, a release, a file server): tried before
   * the file's public URL, and the only source of files without one.
   */
  baseUrl?: string | undefined;
  /** Only check what is on disk; download nothing. */
  verifyOnly?: boolean;
  fetch?: typeof globalThis.fetch;
  onFile?: (result: FetchedFile) => void;
}

/**
 * Makes `<dest>/<corpus>/` hold exactly the bytes the manifest names: a file already there with the
 * right sha256 is kept; otherwise it is downloaded (mirror first, then its public URL), checked
 * against its sha256 and moved into place, so a partial or altered download never lands. Optional
 * files without a source are skipped; every other problem is reported per file and the rest go on.
 */
export async function fetchCorpus(input: FetchCorpusInput): Promise<FetchedFile[]> {
  const doFetch = input.fetch ?? globalThis.fetch;
  const names = input.corpora ?? Object.keys(input.manifest.corpora);
  const results: FetchedFile[] = [];
  const report = (result: FetchedFile): void => {
    results.push(result);
    input.onFile?.(result);
  };
  for (const corpus of names) {
    const entry = input.manifest.corpora[corpus];
    if (entry === undefined) {
      report({ corpus, file: '', status: 'failed', detail: `no corpus "${corpus}" in the manifest (it lists: ${Object.keys(input.manifest.corpora).join(', ')})` });
      continue;
    }
    const folder = path.join(input.dest, corpus);
    await mkdir(folder, { recursive: true });
    for (const file of entry.files) {
      const target = path.join(folder, file.file);
      const onDisk = await readFile(target).catch(() => undefined);
      if (onDisk !== undefined && sha256(onDisk) === file.sha256) {
        report({ corpus, file: file.file, status: 'present' });
        continue;
      }
      const sources = sourcesOf(corpus, file, input.baseUrl);
      if (input.verifyOnly || sources.length === 0) {
        const missing = input.verifyOnly ? 'missing or altered' : 'missing, and it has no public URL';
        const what = file.optional ? 'skipped' : 'failed';
        report({ corpus, file: file.file, status: what, detail: input.verifyOnly || file.optional ? missing : `${missing}: give a mirror with --base-url (or CLAUSEGATE_CORPUS_URL) holding ${corpus}/${file.file}` });
        continue;
      }
      report(await download(doFetch, sources, file, corpus, target));
    }
  }
  return results;
}

async function download(doFetch: typeof globalThis.fetch, sources: string[], file: CorpusFile, corpus: string, target: string): Promise<FetchedFile> {
  const problems: string[] = [];
  for (const url of sources) {
    let bytes: Buffer;
    try {
      const response = await doFetch(url, { redirect: 'follow', signal: AbortSignal.timeout(120_000) });
      if (!response.ok) {
        problems.push(`${url}: HTTP ${response.status}`);
        continue;
      }
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    const got = sha256(bytes);
    if (got !== file.sha256) {
      problems.push(`${url}: ${bytes.length} bytes with sha256 ${got.slice(0, 12)}…, the manifest expects ${file.bytes} bytes with ${file.sha256.slice(0, 12)}… (the file changed upstream: use a mirror of the recorded version, or re-record with harness corpus manifest)`);
      continue;
    }
    const partial = `${target}.part`;
    await writeFile(partial, bytes);
    await rename(partial, target).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    return { corpus, file: file.file, status: 'downloaded', detail: url };
  }
  return { corpus, file: file.file, status: file.optional ? 'skipped' : 'failed', detail: problems.join('; ') };
}

function sourcesOf(corpus: string, file: CorpusFile, baseUrl: string | undefined): string[] {
  const sources: string[] = [];
  if (baseUrl) sources.push(`${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(corpus)}/${encodeURIComponent(file.file)}`);
  if (file.url) sources.push(file.url);
  return sources;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
