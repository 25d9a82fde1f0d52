import type { IndexLayout } from './index-layout.ts';
import { decodeKeywordIndex } from './keyword-index-file.ts';
import { corruptIndexError } from './read-index-file.ts';

/**
 * Reads `keyword-index.bin` of an index version and checks its header and size. A missing,
 * truncated or damaged file is an `index_corrupt` error naming the file.
 */
export async function readKeywordIndexFile(file: string, layout: IndexLayout): Promise<ReturnType<typeof decodeKeywordIndex>> {
  const bytes = await layout.store.readBytes(file);
  if (bytes === undefined) throw corruptIndexError(layout, file, 'is missing');
  try {
    return decodeKeywordIndex(bytes);
  } catch (error) {
    throw corruptIndexError(layout, file, (error as Error).message, error);
  }
}
