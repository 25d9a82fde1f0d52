import path from 'node:path';
import { ClausegateError } from '../errors.ts';

/**
 * Where the files of one source's index live:
 *
 * ```
 * <indexDir>/<source>/
 *   CURRENT                      {"schemaVersion":1,"indexVersion":"v…"}: the version readers open
 *   ingest.lock                  held by the one ingest that may write
 *   versions/<indexVersion>/     chunks.lance/, keyword-index.bin, definitions.json, manifest.json
 *   versions/<indexVersion>.partial/   a version being built (or left by a crash; ignored)
 * ```
 */
export interface IndexLayout {
  sourceDir: string;
  versionsDir: string;
  currentFile: string;
  lockFile: string;
  versionDir(indexVersion: string): string;
  partialDir(indexVersion: string): string;
}

/** Suffix of a version folder that is still being built. */
export const PARTIAL_SUFFIX = '.partial';
/** File names inside a version folder. */
export const VERSION_FILES = {
  manifest: 'manifest.json',
  keywordIndex: 'keyword-index.bin',
  definitions: 'definitions.json',
} as const;
/** Name of the LanceDB table (folder `chunks.lance`) inside a version folder. */
export const CHUNK_TABLE_NAME = 'chunks';

/** The paths of `source`'s index under `indexDir`; rejects source names that are not folder-safe. */
export function resolveIndexLayout(indexDir: string, source: string): IndexLayout {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(source)) {
    throw new ClausegateError('input_invalid', `"${source}" is not a valid source name`, {
      hint: 'source names are lowercase letters, digits, - and _ (as in .clausegate.json sources)',
    });
  }
  const sourceDir = path.resolve(indexDir, source);
  const versionsDir = path.join(sourceDir, 'versions');
  return {
    sourceDir,
    versionsDir,
    currentFile: path.join(sourceDir, 'CURRENT'),
    lockFile: path.join(sourceDir, 'ingest.lock'),
    versionDir: (indexVersion) => path.join(versionsDir, indexVersion),
    partialDir: (indexVersion) => path.join(versionsDir, `${indexVersion}${PARTIAL_SUFFIX}`),
  };
}
