import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { IndexStore } from './index-store.ts';
import { syncDirectory, writeFileDurably } from './write-file-durably.ts';

/** Suffix of the temporary file a write goes to before it is renamed over its name. */
export const TEMPORARY_SUFFIX = '.tmp';

/** The index store of a local folder (`root`, resolved against the working directory). */
export function createLocalIndexStore(root: string): IndexStore {
  return {
    root: path.resolve(root),
    renamesFolders: true,
    join: (base, ...names) => path.join(base, ...names),
    async readText(location) {
      try {
        return await readFile(location, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async readBytes(location) {
      try {
        return await readFile(location);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    writeText: replaceFile,
    writeBytes: replaceFile,
    async list(location) {
      try {
        return (await readdir(location)).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async createFolder(location) {
      await mkdir(location, { recursive: true });
    },
    async renameFolder(from, to) {
      await rename(from, to);
      await syncDirectory(path.dirname(to));
    },
    async removeFolder(location) {
      await rm(location, { recursive: true, force: true });
    },
    async removeFile(location) {
      await rm(location, { force: true });
    },
    database: (location) => ({ uri: location }),
  };
}

/** Replaces `location` with `content`: a flushed temporary file renamed over it, then its folder flushed. */
async function replaceFile(location: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(location), { recursive: true });
  const temporary = `${location}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
  try {
    await writeFileDurably(temporary, content);
    await rename(temporary, location);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(path.dirname(location));
}
