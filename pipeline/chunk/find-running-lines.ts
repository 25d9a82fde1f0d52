import { isTableRow } from './is-table-row.ts';

/** How many running lines open and close one page: its header and its footer. */
export interface RunningLineCounts {
  /** The first `header` lines of the page repeat at the edges of most pages (`CME Group Benchmark Fee List`). */
  header: number;
  /** The last `footer` lines of the page repeat at the edges of most pages (`Benchmark Fee List 2026`, `Page 3 of 9`). */
  footer: number;
}

/** Lines looked at on each edge of a page. */
const EDGE_LINES = 3;

/**
 * The forms under which a line is compared with the other pages' edges: its text whatever the
 * spacing and case, and, when it holds its page's number (`Page 3 of 9`), also with every number
 * masked, so page numbering does not hide a footer while `Article 2` and `Article 5` stay apart.
 */
function comparisonKeys(line: string, page: number): string[] {
  const text = line.replace(/\s+/g, ' ').trim().toLowerCase();
  const holdsPageNumber = new RegExp(`(?<!\\d)${page}(?!\\d)`).test(text);
  return holdsPageNumber ? [text, text.replace(/\d+/g, '#')] : [text];
}

/**
 * Finds the running header and footer of every page: lines among the first or last three of a page
 * that recur at the edges of more than half of the document's pages (and at least two). `pages`
 * holds each page's non-blank lines in order, `pages[0]` being page 1. A header is the unbroken run of such lines at the top
 * of a page, a footer the run at the bottom; table rows never count (a repeated column header is
 * part of its table). A document of one page has none.
 */
export function findRunningLines(pages: readonly (readonly string[])[]): RunningLineCounts[] {
  const pagesWithText = pages.filter((lines) => lines.length > 0).length;
  const needed = Math.max(2, Math.floor(pagesWithText / 2) + 1);
  const isEdge = (lines: readonly string[], index: number) => index < EDGE_LINES || index >= lines.length - EDGE_LINES;
  const pagesHolding = new Map<string, number>();
  pages.forEach((lines, pageIndex) => {
    const keys = new Set(
      lines.flatMap((line, index) => (isEdge(lines, index) && !isTableRow(line) ? comparisonKeys(line, pageIndex + 1) : [])),
    );
    for (const key of keys) pagesHolding.set(key, (pagesHolding.get(key) ?? 0) + 1);
  });
  const isRunning = (line: string, page: number) =>
    !isTableRow(line) && comparisonKeys(line, page).some((key) => (pagesHolding.get(key) ?? 0) >= needed);
  return pages.map((lines, pageIndex) => {
    const page = pageIndex + 1;
    let header = 0;
    while (header < Math.min(EDGE_LINES, lines.length) && isRunning(lines[header]!, page)) header += 1;
    let footer = 0;
    while (footer < Math.min(EDGE_LINES, lines.length - header) && isRunning(lines[lines.length - 1 - footer]!, page)) footer += 1;
    return { header, footer };
  });
}
