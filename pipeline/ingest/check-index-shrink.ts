import { ClausegateError, isClausegateError } from '../errors.ts';
import { readIndexManifest } from '../store/index.ts';

/** Input of `checkIndexShrink`. */
export interface CheckIndexShrinkInput {
  indexDir: string;
  source: string;
  /** Documents the new version would hold. */
  documents: number;
  /** Files found under the source root (for the message). */
  files: number;
  root: string;
  /** Files that were not indexed, as `path: reason`, for the message. */
  notIndexed: string[];
  /** `--allow-shrink`: publish anyway (default false). */
  allowShrink: boolean;
}

/**
 * Refuses to publish a version that would replace the current one with a much worse one by
 * accident: no document at all (an empty or unreadable folder, a wrong path), or fewer than half
 * the documents of the current version. Throws `index_shrink_refused` (exit 2) naming both counts
 * and `--allow-shrink`; returns a note when the shrink was allowed, `undefined` when there is none.
 */
export async function checkIndexShrink(input: CheckIndexShrinkInput): Promise<string | undefined> {
  const previous = await readPreviousDocumentCount(input.indexDir, input.source);
  const empty = input.documents === 0;
  const halved = previous !== undefined && input.documents * 2 < previous.documents;
  if (!empty && !halved) return undefined;
  const was = previous === undefined ? 'there is no current version' : `the current version ${previous.version} holds ${previous.documents} document(s)`;
  const what = `the new index of source "${input.source}" would hold ${input.documents} document(s) (${input.files} file(s) found under ${input.root}); ${was}`;
  if (input.allowShrink) return `published although it shrank (--allow-shrink): ${what}`;
  const documents = previous?.documents;
  const shown = input.notIndexed.slice(0, 5).map((line) => `\n  - ${line}`).join('');
  const more = input.notIndexed.length > 5 ? `\n  - … and ${input.notIndexed.length - 5} more` : '';
  throw new ClausegateError(
    'index_shrink_refused',
    `refused to publish: ${what}. ${empty ? 'An index without documents answers nothing' : `More than half of the ${documents} documents would be gone`}; the current version is kept.${shown}${more}`,
    {
      hint: `check the folder and the reasons listed (wrong path, unreadable files); if the shrink is intended, run again with --allow-shrink`,
      location: { file: input.root },
    },
  );
}

async function readPreviousDocumentCount(indexDir: string, source: string): Promise<{ documents: number; version: string } | undefined> {
  try {
    const { manifest } = await readIndexManifest(indexDir, source);
    return { documents: manifest.counts.documents, version: manifest.indexVersion };
  } catch (error) {
    // No current version, or a damaged one: nothing worth protecting.
    if (isClausegateError(error, 'index_missing') || isClausegateError(error, 'index_corrupt')) return undefined;
    throw error;
  }
}
