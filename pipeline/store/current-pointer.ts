import { z } from 'zod';
import { IndexVersionId } from './index-manifest.ts';
import { resolveIndexLayout, type IndexLayout } from './index-layout.ts';
import type { IndexStore } from './index-store.ts';
import { corruptIndexError } from './read-index-file.ts';

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
  const text = await layout.store.readText(layout.currentFile);
  if (text === undefined) return undefined;
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
 * Points `CURRENT` at `indexVersion` atomically, so a reader sees the old pointer or the new one,
 * never a mix: on a local disk the new content goes to a flushed temporary file renamed over
 * `CURRENT`; on object storage it is one PUT, which replaces the object whole.
 */
export async function writeCurrentPointer(layout: IndexLayout, indexVersion: string): Promise<void> {
  const pointer: CurrentPointer = { schemaVersion: 1, indexVersion };
  await layout.store.writeText(layout.currentFile, `${JSON.stringify(pointer)}\n`);
}

function corruptPointer(layout: IndexLayout, problem: string, cause: unknown) {
  return corruptIndexError(layout, layout.currentFile, problem, cause);
}

/**
 * The version `source`'s `CURRENT` pointer names now, or undefined when none was published: one
 * small read, for a server that follows new versions written by another process or machine.
 */
export async function readCurrentIndexVersion(indexDir: string | IndexStore, source: string): Promise<string | undefined> {
  return (await readCurrentPointer(resolveIndexLayout(indexDir, source)))?.indexVersion;
}
