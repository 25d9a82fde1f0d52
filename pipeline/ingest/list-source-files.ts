import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ClausegateError } from '../errors.ts';

/** A file found under a source root: its absolute path and its path relative to the root (with `/`). */
export interface SourceFile {
  absolutePath: string;
  relativePath: string;
}

/**
 * Lists every file under `root`, recursively, in a stable (code-point) order. Hidden files and
 * folders (`.name`) are left out; every other file is returned whatever its extension, so that the
 * ingest can report unsupported files instead of silently ignoring them.
 */
export async function listSourceFiles(root: string): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  async function walk(folder: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (folder === root && (code === 'ENOENT' || code === 'ENOTDIR')) {
        throw new ClausegateError('source_not_found', `source folder ${root} does not exist or is not a folder`, {
          hint: 'pass --root with the folder that holds <source>/…, or a path to the documents',
        });
      }
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const absolutePath = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(absolutePath);
      else if (entry.isFile()) {
        files.push({ absolutePath, relativePath: path.relative(root, absolutePath).split(path.sep).join('/') });
      }
    }
  }
  await walk(root);
  return files;
}
