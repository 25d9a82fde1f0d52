import { link, unlink } from 'node:fs/promises';
import { writeFileDurably } from './write-file-durably.ts';

/**
 * Creates `file` holding `text`, whole or not at all: the text is written and synced to `draft` (a
 * name of the caller's own, unique to it), which is then hard-linked to `file` (`link` fails when
 * the name exists) and removed. So no other process ever reads `file` empty or half written — a
 * writer killed at any point leaves either no file or a whole one, and at most its draft. Returns
 * false when `file` exists already.
 */
export async function createFileWhole(file: string, text: string, draft: string): Promise<boolean> {
  await writeFileDurably(draft, text, 'wx');
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}
