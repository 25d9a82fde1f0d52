import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IndexVersionId } from './index-manifest.ts';
import type { IndexLayout } from './index-layout.ts';
import { corruptIndexError } from './read-index-file.ts';
import { syncDirectory, writeFileDurably } from './write-file-durably.ts';

/** The `CURRENT` file of a source's index: which version readers open. */
export const CurrentPointer = z
  .object({
    schemaVersion: z.literal(1),
    indexVersion: IndexVersionId,
  })
  .strict();
export type CurrentPointer = z.infer<typeof CurrentPointer>;

/** The current version of the index, or undefined when no version was ever published. */
export async function readCurrentPointer(layout: IndexLayout): Promise<CurrentPointer | undefined> {
  let text: string;
  try {
    text = await readFile(layout.currentFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw corruptPointer(layout, 'is not JSON', error);
  }
  const result = CurrentPointer.safeParse(parsed);
  if (!result.success) throw corruptPointer(layout, `is not a valid pointer (${z.prettifyError(result.error)})`, result.error);
  return result.data;
}

/**
 * Points `CURRENT` at `indexVersion` atomically: the new content goes to a temporary file that is
 * flushed and then renamed over `CURRENT`, so a reader sees the old pointer or the new one, never a mix.
 */
export async function writeCurrentPointer(layout: IndexLayout, indexVersion: string): Promise<void> {
  const pointer: CurrentPointer = { schemaVersion: 1, indexVersion };
  const temporary = `${layout.currentFile}.${indexVersion}.tmp`;
  await writeFileDurably(temporary, `${JSON.stringify(pointer)}\n`);
  await rename(temporary, layout.currentFile);
  await syncDirectory(path.dirname(layout.currentFile));
}

function corruptPointer(layout: IndexLayout, problem: string, cause: unknown) {
  return corruptIndexError(layout, layout.currentFile, problem, cause);
}
