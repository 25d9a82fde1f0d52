import type { Chunk } from '../../pipeline/types.ts';

/** Page texts by document, then by 1-based page. */
export type PageTexts = ReadonlyMap<string, ReadonlyMap<number, string>>;

/**
 * Rebuilds the indexed text of every page from the chunks of an index. The index stores no page
 * text, but every chunk holds `text === pageText.slice(span.start, span.end)` and the chunks of a
 * page cover all of its non-whitespace, so placing each chunk at its span (gaps filled with spaces)
 * gives a text with the same character offsets as the page: whatever is located in it is located
 * in the page. Only whitespace between chunks may differ from the original (a newline read as a space).
 */
export function rebuildPageTexts(chunks: Iterable<Chunk>): PageTexts {
  const pieces = new Map<string, Map<number, Chunk[]>>();
  for (const chunk of chunks) {
    let pages = pieces.get(chunk.doc);
    if (pages === undefined) pieces.set(chunk.doc, (pages = new Map()));
    const onPage = pages.get(chunk.pageStart);
    if (onPage === undefined) pages.set(chunk.pageStart, [chunk]);
    else onPage.push(chunk);
  }
  const texts = new Map<string, Map<number, string>>();
  for (const [doc, pages] of pieces) {
    const byPage = new Map<number, string>();
    for (const [page, onPage] of pages) {
      const length = Math.max(...onPage.map((chunk) => chunk.span.end));
      const characters = new Array<string>(length).fill(' ');
      // Overlapping chunks repeat the same characters, so the order of placement does not matter.
      for (const chunk of onPage) {
        for (let offset = 0; offset < chunk.text.length && chunk.span.start + offset < chunk.span.end; offset += 1) {
          characters[chunk.span.start + offset] = chunk.text[offset]!;
        }
      }
      byPage.set(page, characters.join(''));
    }
    texts.set(doc, byPage);
  }
  return texts;
}
