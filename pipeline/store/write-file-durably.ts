import { open } from 'node:fs/promises';

/**
 * Writes `content` to `file` and flushes it to the disk before returning, so that a rename done
 * afterwards never publishes a file whose bytes are still only in the page cache. `flag` `wx`
 * fails when the file exists.
 */
export async function writeFileDurably(file: string, content: string | Uint8Array, flag: 'w' | 'wx' = 'w'): Promise<void> {
  const handle = await open(file, flag);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a directory's entries (new names, renames) to the disk; a no-op where directories cannot be opened. */
export async function syncDirectory(directory: string): Promise<void> {
  let handle;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}
