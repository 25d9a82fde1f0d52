import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClausegateError } from '../errors.ts';
import { resolveIndexStore, type IndexStore } from './index-store.ts';

/**
 * Where the files of one source's index live, in its store (a local folder or an `s3://` prefix):
 *
 * ```
 * <indexDir>/<source>/
 *   CURRENT                      {"schemaVersion":1,"indexVersion":"v…"}: the version readers open
 *   ingest.lock                  held by the one ingest that may write (local indexes)
 *   versions/<indexVersion>/     chunks.lance/, keyword-index.bin, definitions.json, corpus-statistics.json,
 *                                document-statistics.bin, source-phrases.txt, manifest.json
 *   versions/<indexVersion>.partial/   a version being built (or left by a crash; ignored); local only:
 *                                      object storage cannot rename, so a version is built in place
 *                                      and stays invisible until CURRENT names it
 * ```
 *
 * Every path below is a location in `store` (a local path or an `s3://` URI), except `lockFile`,
 * which is always on the local disk.
 */
export interface IndexLayout {
  store: IndexStore;
  sourceDir: string;
  versionsDir: string;
  currentFile: string;
  lockFile: string;
  versionDir(indexVersion: string): string;
  /** Where a version is built before it is published: `<version>.partial` where folders can be renamed, else the version folder itself. */
  partialDir(indexVersion: string): string;
}

/** Suffix of a version folder that is still being built. */
export const PARTIAL_SUFFIX = '.partial';
/** File names inside a version folder. */
export const VERSION_FILES = {
  manifest: 'manifest.json',
  keywordIndex: 'keyword-index.bin',
  definitions: 'definitions.json',
  corpusStatistics: 'corpus-statistics.json',
  documentStatistics: 'document-statistics.bin',
  phrases: 'source-phrases.txt',
} as const;
/** Name of the LanceDB table (folder `chunks.lance`) inside a version folder. */
export const CHUNK_TABLE_NAME = 'chunks';

/**
 * The locations of `source`'s index under `indexDir` (a local folder, an `s3://bucket/prefix` URI or
 * a store); rejects source names that are not folder-safe.
 */
export function resolveIndexLayout(indexDir: string | IndexStore, source: string): IndexLayout {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(source)) {
    throw new ClausegateError('input_invalid', `"${source}" is not a valid source name`, {
      hint: 'source names are lowercase letters, digits, - and _ (as in .clausegate.json sources)',
    });
  }
  const store = resolveIndexStore(indexDir);
  const sourceDir = store.join(store.root, source);
  const versionsDir = store.join(sourceDir, 'versions');
  const versionDir = (indexVersion: string) => store.join(versionsDir, indexVersion);
  return {
    store,
    sourceDir,
    versionsDir,
    currentFile: store.join(sourceDir, 'CURRENT'),
    lockFile: store.renamesFolders ? store.join(sourceDir, 'ingest.lock') : localLockFile(store.root, source),
    versionDir,
    partialDir: (indexVersion) => (store.renamesFolders ? store.join(versionsDir, `${indexVersion}${PARTIAL_SUFFIX}`) : versionDir(indexVersion)),
  };
}

/** The local lock file of an index on object storage: one per location and source, in the temporary folder. */
function localLockFile(root: string, source: string): string {
  const digest = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(tmpdir(), 'clausegate-locks', digest, `${source}.lock`);
}
