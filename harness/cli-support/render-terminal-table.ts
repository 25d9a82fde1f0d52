import Table from 'cli-table3';

/** Options of `renderTerminalTable`. */
export interface RenderTerminalTableOptions {
  /** The widest a line may be, in columns (see `terminalColumns`). */
  width: number;
  /** Per column; default left. Numbers read better right-aligned. */
  align?: readonly ('left' | 'right')[];
}

/** Columns between two cells. */
const GAP = 2;
/** No column is squeezed below this (a cell narrower than its longest word is cut with `…`). */
const MIN_COLUMN = 6;

// No outer border and no ANSI colours: the table reads the same in a terminal, a CI log and a pipe.
const CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '─',
  'mid-mid': ' '.repeat(GAP),
  right: '',
  'right-mid': '',
  middle: ' '.repeat(GAP),
};

/**
 * Renders rows as a plain terminal table (cli-table3) with a rule under the header, no line wider
 * than `width`: when the cells' natural widths do not fit, the widest columns are narrowed and their
 * cells wrap at word boundaries (a single word longer than its column is cut with `…`); the cells of
 * a right-aligned column (numbers) are not wrapped, only its header. Cells are converted with
 * `String()`; a cell may hold several lines.
 */
export function renderTerminalTable(header: readonly string[], rows: readonly (readonly unknown[])[], options: RenderTerminalTableOptions): string {
  const cells = rows.map((row) => header.map((_, column) => String(row[column] ?? '')));
  const natural = header.map((title, column) => Math.max(displayWidth(title), ...cells.map((row) => displayWidth(row[column]!))));
  // A right-aligned column holds numbers: its cells are never wrapped, only its header.
  const longestWord = header.map((title, column) =>
    Math.max(
      ...title.split(/\s+/).map(displayWidth),
      ...cells.flatMap((row) => (options.align?.[column] === 'right' ? [displayWidth(row[column]!)] : row[column]!.split(/\s+/).map(displayWidth))),
    ),
  );
  const table = new Table({
    head: [...header],
    chars: CHARS,
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 0 },
    colWidths: fitColumns(natural, longestWord, options.width - GAP * (header.length - 1)),
    colAligns: header.map((_, column) => options.align?.[column] ?? 'left'),
    wordWrap: true,
    wrapOnWordBoundary: true,
  });
  table.push(...cells);
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/**
 * Column widths within `available`: every column keeps its natural width when all fit. Otherwise
 * the widest columns are narrowed to a common cap, the narrow ones keeping their natural width, and
 * no column below its longest word (so words are not cut) unless even the longest words do not fit.
 */
function fitColumns(natural: readonly number[], longestWord: readonly number[], available: number): number[] {
  if (natural.reduce((sum, width) => sum + width, 0) <= available) return [...natural];
  const wordFloor = natural.map((width, column) => Math.min(width, Math.max(MIN_COLUMN, longestWord[column]!)));
  const floor = wordFloor.reduce((sum, width) => sum + width, 0) <= available ? wordFloor : natural.map((width) => Math.min(width, MIN_COLUMN));
  const widthsUnder = (cap: number) => natural.map((width, column) => Math.max(floor[column]!, Math.min(width, cap)));
  const total = (widths: readonly number[]) => widths.reduce((sum, width) => sum + width, 0);
  let cap = Math.max(...natural);
  while (cap > 0 && total(widthsUnder(cap)) > available) cap -= 1;
  const widths = widthsUnder(cap);
  // What the cap leaves over goes, a column each, to the columns it narrowed.
  let left = available - total(widths);
  for (let column = 0; column < widths.length && left > 0; column += 1) {
    if (widths[column]! < natural[column]!) {
      widths[column]! += 1;
      left -= 1;
    }
  }
  return widths;
}

/** The widest line of `text` in terminal columns (the renderers print ASCII, arrows and dashes, one column each). */
function displayWidth(text: string): number {
  return Math.max(0, ...text.split('\n').map((line) => [...line].length));
}
