import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { sha256 } from './fetch-corpus.ts';

const CorpusFile = z.strictObject({
  file: z.string().min(1).refine((name) => !name.includes('/') && !name.includes('\\') && name !== '..', 'a plain file name'),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  url: z.url().optional(),
  /** Not read by any suite: fetched when a mirror has it, skipped otherwise. */
  optional: z.boolean().optional(),
});
export type CorpusFile = z.infer<typeof CorpusFile>;

export const CorpusManifest = z.object({
  $comment: z.string().optional(),
  corpora: z.record(
    z.string(),
    z.object({
      description: z.string(),
      licence: z.string(),
      urlNote: z.string().optional(),
      files: z.array(CorpusFile).min(1),
    }),
  ),
});
export type CorpusManifest = z.infer<typeof CorpusManifest>;

/** The manifest committed beside this file: the real corpora the suites read. */
export const DEFAULT_MANIFEST = fileURLToPath(new URL('./corpus-manifest.json', import.meta.url));

/** Reads and checks a corpus manifest; a bad one names its file and the first problem. */
export async function readCorpusManifest(file = DEFAULT_MANIFEST): Promise<CorpusManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the corpus manifest ${file}: ${(error as Error).message}`);
  }
  const result = CorpusManifest.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`the corpus manifest ${file} is invalid at ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return result.data;
}

/**
 * The manifest with each corpus's files re-recorded from `root/<corpus>/` (bytes and sha256; URLs and
 * flags of files already listed are kept; new files come without a URL). For maintainers, after a
 * corpus changed on purpose.
 */
export async function recordCorpusManifest(manifest: CorpusManifest, root: string): Promise<CorpusManifest> {
  const corpora: CorpusManifest['corpora'] = {};
  for (const [name, corpus] of Object.entries(manifest.corpora)) {
    const known = new Map(corpus.files.map((file) => [file.file, file]));
    const names = (await readdir(path.join(root, name), { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
    const files: CorpusFile[] = [];
    for (const file of names) {
      const bytes = await readFile(path.join(root, name, file));
      files.push({ ...known.get(file), file, bytes: bytes.length, sha256: sha256(bytes) });
    }
    corpora[name] = { ...corpus, files };
  }
  return { ...manifest, corpora };
}
