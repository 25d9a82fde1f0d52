import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { ClausegateError } from '../errors.ts';
import type { SkipReason } from '../types.ts';

/** A file found under a source root: its absolute path and its path relative to the root (with `/`). */
export interface SourceFile {
  absolutePath: string;
  relativePath: string;
  /** Position in the walk (folder by folder, names in code-point order), shared with `skipped`. */
  order: number;
}

/** Something under the root that is not ingested, with why and what to do (a folder's path ends in `/`). */
export interface SkippedSourcePath {
  relativePath: string;
  reason: Extract<SkipReason, 'unreadable' | 'symlink' | 'unsupported'>;
  message: string;
  order: number;
}

/** The files of a source, and what under its root could not be listed or is not a regular file. */
export interface SourceListing {
  files: SourceFile[];
  skipped: SkippedSourcePath[];
}

/**
 * Lists every file under `root`, recursively, in a stable (code-point) order. Hidden files and
 * folders (`.name`) are left out; every other file is returned whatever its extension, so that the
 * ingest can report unsupported files instead of silently ignoring them.
 *
 * A sub-folder that cannot be read (permissions, I/O error) is reported in `skipped` and the rest is
 * listed. Symbolic links are never followed, under the root: each is reported as skipped (reason
 * `symlink`, naming its target), since a link can leave the source folder or loop, and a document
 * should be indexed under its own name. Sockets, FIFOs and devices are reported as `unsupported`.
 * Only a missing or unreadable root throws (`source_not_found`, `permission_denied`).
 */
export async function listSourceFiles(root: string): Promise<SourceListing> {
  const files: SourceFile[] = [];
  const skipped: SkippedSourcePath[] = [];
  let order = 0;
  const relative = (absolutePath: string) => path.relative(root, absolutePath).split(path.sep).join('/');
  async function walk(folder: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (folder === root) throw unreadableRoot(root, code, error);
      skipped.push({ relativePath: `${relative(folder)}/`, reason: 'unreadable', message: describeUnreadable('folder', folder, error), order: order++ });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const absolutePath = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(absolutePath);
      else if (entry.isFile()) files.push({ absolutePath, relativePath: relative(absolutePath), order: order++ });
      else if (entry.isSymbolicLink()) {
        const target = await readlink(absolutePath).catch(() => 'an unreadable target');
        skipped.push({
          relativePath: relative(absolutePath),
          reason: 'symlink',
          message: `a symbolic link (to ${target}) is not followed; copy the document into the source folder, or ingest the target folder itself`,
          order: order++,
        });
      } else {
        skipped.push({ relativePath: relative(absolutePath), reason: 'unsupported', message: 'not a regular file (a socket, FIFO or device); only regular files are read', order: order++ });
      }
    }
  }
  await walk(root);
  return { files, skipped };
}

/** What an unreadable file or folder reports: the system's reason and the fix. */
export function describeUnreadable(kind: 'file' | 'folder', absolutePath: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  if (code === 'EACCES' || code === 'EPERM') {
    return `the ${kind} cannot be read (${code}: permission denied); give the user running the ingest read access (chmod a+r${kind === 'folder' ? 'x' : ''} ${absolutePath}) or move it out of the source folder`;
  }
  if (code === 'ENOENT') return `the ${kind} disappeared while the ingest was reading the source folder; run the ingest again`;
  return `the ${kind} cannot be read (${code}: ${(error as Error).message}); check the disk and the file, then run the ingest again`;
}

function unreadableRoot(root: string, code: string | undefined, error: unknown): ClausegateError {
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new ClausegateError('source_not_found', `source folder ${root} does not exist or is not a folder`, {
      hint: 'pass --root with the folder that holds <source>/…, or a path to the documents',
    });
  }
  return new ClausegateError('permission_denied', `source folder ${root} cannot be read: ${describeUnreadable('folder', root, error)}`, {
    hint: `give the user running the ingest read access to ${root}`,
    location: { file: root },
    cause: error,
  });
}
