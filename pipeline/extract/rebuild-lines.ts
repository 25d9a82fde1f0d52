/**
 * Rebuilds reading-order lines from positioned text runs (what pdfjs's `getTextContent` gives).
 * Private to the extract folder: `extractPdf` is the public verb.
 */

/** One run of text placed on a page, in PDF user space (y grows upwards). */
export interface PlacedText {
  text: string;
  /** The run's transform `[a, b, c, d, e, f]`: scale and rotation, then the origin of its baseline. */
  transform: readonly number[];
  /** Advance width of the run in user space. */
  width: number;
}

/** Thresholds of the line rebuild. Gaps are in units of the font size of the line. */
export interface LineRebuildThresholds {
  /** Share of the smaller run's height that two runs must overlap vertically to sit on one line. */
  sameLineOverlap: number;
  /** A horizontal gap wider than this separates words. */
  wordGap: number;
  /** A gap wider than this separates table cells (joined with ` | `) on any line. */
  cellGap: number;
  /** On a line that already has a `cellGap`-wide gap (a table row), a gap wider than this separates cells too. */
  rowCellGap: number;
  /** A run at most this share of the preceding run's font size, raised above its baseline, may be a footnote marker. */
  markerSizeRatio: number;
  /** How far (share of the preceding run's font size) a footnote marker's baseline sits above the text it follows. */
  markerRise: number;
}

/**
 * The thresholds measured on the 33 readable CME PDFs. Word spaces there are 0.05–0.3 font sizes
 * wide (the ILA guide sets some at 0.08), pieces of one word touch (gap under 0.005). Inside prose
 * sentences, stretched justified spaces reach 1.46 font sizes (appendix A2); column and cell gaps
 * are 1.5–10 font sizes wide, so the cell gap is 2 and, on a line already known to be a table row,
 * 1. Lines of text overlap by nothing; a fee-table row whose label is set half a line lower still
 * overlaps its row by 0.42. Footnote markers are set at 0.6 of the font size, 0.38 higher.
 */
export const DEFAULT_LINE_REBUILD_THRESHOLDS: LineRebuildThresholds = {
  sameLineOverlap: 0.4,
  wordGap: 0.03,
  cellGap: 2,
  rowCellGap: 1,
  markerSizeRatio: 0.8,
  markerRise: 0.15,
};

interface Run {
  text: string;
  /** Position along the run's writing direction. */
  x: number;
  /** Baseline position across the writing direction (larger is higher on the page). */
  y: number;
  width: number;
  fontSize: number;
  /** Position among the runs in content-stream order, the tie-breaker that keeps sorting deterministic. */
  order: number;
  /** A whitespace-only item stood between this run and the one before it in the content stream. */
  spaceBefore: boolean;
}

interface Line {
  runs: Run[];
  /** The first run with the line's largest font: its baseline and size are the line's. */
  reference: Run;
}

const MARKER = String.raw`(?:[0-9]{1,3}|[a-zA-Z]{1,2}|[*†‡§¶]{1,3})`;
/** A superscript footnote marker: `1`, `11`, `4,`, `a`, `*`, `†`, or a list of them (`4, 11`, `1 2`). */
const FOOTNOTE_MARKER = new RegExp(`^${MARKER}(?:\\s*,?\\s*${MARKER})*,?$`, 'u');
/** Ordinal suffixes set as superscripts (`1st`) belong to the number and are kept, glued. */
const ORDINAL_SUFFIX = /^(?:st|nd|rd|th)$/u;
/**
 * A clause number or bullet that starts a line: `1.`, `6.2`, `5.10.`, `(a)`, `(i.)`, `1)`, `●`. Legal
 * documents set a tab after it. A wide one still gives ` | ` (`5 | Internal Controls`: the chunker
 * reads that as a numbered heading), but it does not make the line a table row, and a clause number
 * that touches its text (`2.7As of`) gets a space.
 */
const ENUMERATION_LABEL = /^(?:\(?(?:[0-9]{1,3}(?:\.[0-9]{1,3})*|[a-zA-Z]|[ivxlcIVXLC]{2,6})\.?\)?\.?|[●•▪■◦‣∙·–-])$/u;

/**
 * Groups text runs into lines (runs whose vertical extents overlap), orders each line left to
 * right, drops superscript footnote markers that follow text, and joins runs with nothing, a space
 * or ` | ` depending on the gap between them. Returns the non-empty lines, top to bottom.
 */
export function rebuildLines(
  placed: readonly PlacedText[],
  thresholds: LineRebuildThresholds = DEFAULT_LINE_REBUILD_THRESHOLDS,
): string[] {
  // Text in other directions (rotated stamps, vertical labels) is laid out in its own frame and
  // placed after the upright text, one group per angle, so it never interleaves with body lines.
  const groups = new Map<number, Run[]>();
  let order = 0;
  let spaceBefore = false;
  for (const item of placed) {
    const text = item.text.replace(/[\u0000-\u001f\u007f]/gu, '').replace(/\s+/gu, ' ');
    if (text.trim() === '') {
      if (text !== '') spaceBefore = true;
      continue;
    }
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const angle = Math.round((Math.atan2(b, a) * 180) / Math.PI);
    const radians = (angle * Math.PI) / 180;
    const run: Run = {
      text,
      x: e * Math.cos(radians) + f * Math.sin(radians),
      y: -e * Math.sin(radians) + f * Math.cos(radians),
      width: item.width,
      fontSize: Math.hypot(c, d) || 1,
      order,
      spaceBefore,
    };
    order += 1;
    spaceBefore = false;
    const group = groups.get(angle);
    if (group) group.push(run);
    else groups.set(angle, [run]);
  }

  const angles = [...groups.keys()].sort((left, right) => Math.abs(left) - Math.abs(right) || left - right);
  const lines: string[] = [];
  for (const angle of angles) {
    for (const line of splitColumns(groupIntoLines(groups.get(angle) ?? [], thresholds), thresholds)) {
      const text = joinLine(line, thresholds);
      if (text !== '') lines.push(text);
    }
  }
  return lines;
}

function groupIntoLines(runs: Run[], thresholds: LineRebuildThresholds): Line[] {
  const sorted = [...runs].sort((left, right) => right.y - left.y || left.x - right.x || left.order - right.order);
  const lines: Line[] = [];
  for (const run of sorted) {
    const line = findLine(lines, run, thresholds);
    if (line === undefined) {
      lines.push({ runs: [run], reference: run });
    } else if (!line.runs.some((other) => isDuplicate(run, other))) {
      line.runs.push(run);
      if (run.fontSize > line.reference.fontSize) line.reference = run;
    }
  }
  return lines;
}

/** The fewest lines split by one gutter that make a block of two text columns. */
const MIN_COLUMN_LINES = 5;

/**
 * Reads a block of two text columns (a brochure page: prose on the left, a bulleted list on the
 * right) column by column instead of line by line. A block is a run of at least `MIN_COLUMN_LINES`
 * lines that one cell-wide gap splits into two pieces of prose at a common gutter (no amounts,
 * three words or more on each side), with lines of one column only between them. Fee tables have
 * amounts, short cells or more cells and are left as they are; a two-column table of prose on both
 * sides for five rows or more would read as columns too (no CME document has one). Other lines keep
 * their order.
 */
function splitColumns(lines: Line[], thresholds: LineRebuildThresholds): Line[] {
  const gutters = lines.map((line) => proseGutter(line, thresholds));
  const result: Line[] = [];
  let index = 0;
  while (index < lines.length) {
    const first = gutters[index];
    if (first === undefined || !first.prose) {
      result.push(lines[index]!);
      index += 1;
      continue;
    }
    let { start, end } = first;
    let split = 0;
    let last = index;
    for (let next = index; next < lines.length; next += 1) {
      const gutter = gutters[next];
      if (gutter !== undefined) {
        if (Math.max(start, gutter.start) >= Math.min(end, gutter.end)) break;
        start = Math.max(start, gutter.start);
        end = Math.min(end, gutter.end);
        if (gutter.prose) split += 1;
        last = next;
        continue;
      }
      const extent = extentOf(lines[next]!.runs);
      if (extent.end > end && extent.start < start) break;
    }
    if (split < MIN_COLUMN_LINES) {
      result.push(lines[index]!);
      index += 1;
      continue;
    }
    const middle = (start + end) / 2;
    const left: Line[] = [];
    const right: Line[] = [];
    for (const line of lines.slice(index, last + 1)) {
      const leftRuns = line.runs.filter((run) => run.x + run.width / 2 < middle);
      const rightRuns = line.runs.filter((run) => run.x + run.width / 2 >= middle);
      if (leftRuns.length > 0) left.push(toLine(leftRuns));
      if (rightRuns.length > 0) right.push(toLine(rightRuns));
    }
    result.push(...left, ...right);
    index = last + 1;
  }
  return result;
}

/**
 * Where a line splits into exactly two pieces without amounts at one cell-wide gap: the gap's
 * extent, and whether both pieces are prose (three words or more); else undefined.
 */
function proseGutter(line: Line, thresholds: LineRebuildThresholds): { start: number; end: number; prose: boolean } | undefined {
  const ordered = [...line.runs].sort((left, right) => left.x - right.x || left.order - right.order);
  const fontSize = line.reference.fontSize;
  const pieces: Run[][] = [[]];
  ordered.forEach((run, position) => {
    const previous = ordered[position - 1];
    if (previous !== undefined && (run.x - (previous.x + previous.width)) / fontSize > thresholds.cellGap) pieces.push([]);
    pieces.at(-1)!.push(run);
  });
  if (pieces.length !== 2 || pieces.some(holdsAmount)) return undefined;
  return { start: extentOf(pieces[0]!).end, end: extentOf(pieces[1]!).start, prose: pieces.every(isProse) };
}

function holdsAmount(runs: readonly Run[]): boolean {
  return /[$€£]\s?\d|\d\s?%/u.test(runs.map((run) => run.text).join(' '));
}

function isProse(runs: readonly Run[]): boolean {
  return (runs.map((run) => run.text).join(' ').match(/\p{L}{2,}/gu) ?? []).length >= 3;
}

function extentOf(runs: readonly Run[]): { start: number; end: number } {
  return { start: Math.min(...runs.map((run) => run.x)), end: Math.max(...runs.map((run) => run.x + run.width)) };
}

function toLine(runs: Run[]): Line {
  const reference = runs.reduce((best, run) => (run.fontSize > best.fontSize ? run : best), runs[0]!);
  return { runs, reference };
}

/**
 * The line a run belongs to: one of the last few lines (runs arrive top to bottom) that it overlaps
 * vertically without colliding horizontally with a run already there. The collision check keeps a
 * large heading in one column from swallowing two lines of the column beside it.
 */
function findLine(lines: Line[], run: Run, thresholds: LineRebuildThresholds): Line | undefined {
  for (let index = lines.length - 1; index >= Math.max(0, lines.length - 4); index -= 1) {
    const line = lines[index] as Line;
    if (verticalOverlap(run, line.reference) < thresholds.sameLineOverlap) continue;
    if (line.runs.some((other) => collides(run, other) && !isDuplicate(run, other))) continue;
    return line;
  }
  return undefined;
}

/** The runs' horizontal extents overlap by more than a third of the narrower one. */
function collides(first: Run, second: Run): boolean {
  const overlap = Math.min(first.x + first.width, second.x + second.width) - Math.max(first.x, second.x);
  return overlap > Math.min(first.width, second.width) / 3;
}

/** The same text drawn twice at (almost) the same place: fake bold, or a shadow. */
function isDuplicate(first: Run, second: Run): boolean {
  const tolerance = 0.15 * Math.max(first.fontSize, second.fontSize);
  return first.text === second.text && Math.abs(first.x - second.x) < tolerance && Math.abs(first.y - second.y) < tolerance;
}

/** Overlap of the two runs' extents `[baseline, baseline + font size]`, as a share of the smaller one. */
function verticalOverlap(first: Run, second: Run): number {
  const overlap = Math.min(first.y + first.fontSize, second.y + second.fontSize) - Math.max(first.y, second.y);
  return overlap / Math.min(first.fontSize, second.fontSize);
}

function joinLine(line: Line, thresholds: LineRebuildThresholds): string {
  const fontSize = line.reference.fontSize;
  const ordered = [...line.runs].sort((left, right) => left.x - right.x || left.order - right.order);

  // Drop footnote markers first, so the gaps measured are those between the remaining text.
  const runs: Run[] = [];
  for (const run of ordered) {
    const previous = runs.at(-1);
    if (previous !== undefined && isRaisedMarker(run, previous, thresholds)) {
      if (ORDINAL_SUFFIX.test(run.text.trim()) && /[0-9]$/u.test(previous.text.trimEnd())) {
        runs[runs.length - 1] = { ...previous, text: previous.text.trimEnd() + run.text.trim(), width: run.x + run.width - previous.x };
      }
      continue;
    }
    runs.push(run);
  }

  const gaps = runs.slice(1).map((run, index) => {
    const previous = runs[index] as Run;
    return (run.x - (previous.x + previous.width)) / fontSize;
  });
  const firstRun = runs[0];
  const startsWithLabel = firstRun !== undefined && runs.length > 1 && ENUMERATION_LABEL.test(firstRun.text.trim());
  // A line is a table row when a gap other than the one after a leading clause number is cell-wide.
  const isTableRow = gaps.some((gap, index) => gap > thresholds.cellGap && !(index === 0 && startsWithLabel));

  let text = '';
  runs.forEach((run, index) => {
    if (index === 0) {
      text = run.text;
      return;
    }
    const gap = gaps[index - 1] ?? 0;
    const previous = runs[index - 1] as Run;
    if (isTableRow ? gap > thresholds.rowCellGap : gap > thresholds.cellGap) {
      text = `${text.trimEnd()} | ${run.text.trimStart()}`;
      return;
    }
    const spaced =
      gap > thresholds.wordGap ||
      (index === 1 && startsWithLabel && gap > -thresholds.wordGap) ||
      (run.spaceBefore && run.order === previous.order + 1);
    text += spaced && !/\s$/u.test(text) && !/^\s/u.test(run.text) ? ` ${run.text}` : run.text;
  });
  return text.replace(/ {2,}/gu, ' ').trim();
}

/** A short marker in a clearly smaller font with its baseline raised above the text it follows. */
function isRaisedMarker(run: Run, previous: Run, thresholds: LineRebuildThresholds): boolean {
  if (run.fontSize > thresholds.markerSizeRatio * previous.fontSize) return false;
  if (run.y - previous.y < thresholds.markerRise * previous.fontSize) return false;
  return FOOTNOTE_MARKER.test(run.text.trim());
}
