import { z } from 'zod';
import { ClausegateError, isClausegateError } from '../errors.ts';
import type { IndexLayout } from './index-layout.ts';

/**
 * Reads and checks one JSON file of an index version. A missing, unparsable or invalid file is an
 * `index_corrupt` error naming the file.
 */
export async function readIndexFile<Schema extends z.ZodType>(file: string, schema: Schema, layout: IndexLayout): Promise<z.infer<Schema>> {
  const text = await layout.store.readText(file);
  if (text === undefined) throw corruptIndexError(layout, file, 'is missing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw corruptIndexError(layout, file, `is not valid JSON (${(error as Error).message})`, error);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw corruptIndexError(layout, file, `is invalid:\n${z.prettifyError(result.error)}`, result.error);
  return result.data;
}

/** `index_corrupt`: a file of the current version is damaged; the fix is a new ingest. */
export function corruptIndexError(layout: IndexLayout, file: string, problem: string, cause?: unknown): ClausegateError {
  if (isClausegateError(cause)) return cause;
  const source = sourceName(layout);
  return new ClausegateError('index_corrupt', `the index of source "${source}" is damaged: ${file} ${problem}`, {
    hint: `rebuild it: npx harness ingest --source ${source} (a new version replaces the damaged one)`,
    location: { file },
    cause,
  });
}

/** `index_missing`: the source was never ingested (no `CURRENT` pointer). */
export function missingIndexError(layout: IndexLayout): ClausegateError {
  const source = sourceName(layout);
  return new ClausegateError('index_missing', `there is no index for source "${source}" (no ${layout.currentFile})`, {
    hint: `build it with: npx harness ingest --source ${source}`,
  });
}

/** The source name: the last part of its folder. */
function sourceName(layout: IndexLayout): string {
  return layout.sourceDir.split(/[\\/]/).at(-1) ?? layout.sourceDir;
}
