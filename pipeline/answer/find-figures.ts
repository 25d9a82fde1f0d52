import { LRUCache } from 'lru-cache';
/** A number, amount, percentage or date found in text, with its spelling and its normalised form. */
export interface Figure {
  kind: 'number' | 'date';
  /** As written (`$3,640.00`, `January 1, 2026`). */
  text: string;
  /** Where it starts in the text read. */
  index: number;
  /**
   * Numbers: the value without `$`, `%`, thousands separators, trailing decimal zeros or ordinal
   * suffix (`$3,640.00` → `3640`, `134.50` → `134.5`); dotted section numbers stay literal (`4.1.2`).
   * Dates: `YYYY-MM-DD`, `YYYY-MM` (month and year) or `--MM-DD` (month and day).
   */
  canonical: string;
}

const MONTHS: ReadonlyArray<readonly [string, number]> = [
  ['january', 1], ['jan', 1], ['february', 2], ['feb', 2], ['march', 3], ['mar', 3], ['april', 4], ['apr', 4],
  ['may', 5], ['june', 6], ['jun', 6], ['july', 7], ['jul', 7], ['august', 8], ['aug', 8],
  ['september', 9], ['sept', 9], ['sep', 9], ['october', 10], ['oct', 10], ['november', 11], ['nov', 11],
  ['december', 12], ['dec', 12],
];
const MONTH_NUMBER = new Map(MONTHS);
const MONTH = `(${MONTHS.map(([name]) => name).join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d{2})';
const NOT_AFTER_WORD = '(?<![\\p{L}\\p{N}])';
const NOT_BEFORE_WORD = '(?![\\p{L}\\p{N}])';

// Tried in this order at each position; the first that matches wins.
const DATE_PATTERNS: ReadonlyArray<{ pattern: string; read: (groups: string[]) => string | undefined }> = [
  { pattern: `${MONTH}\\s+${DAY},?\\s+${YEAR}`, read: ([month, day, year]) => fullDate(year, month, day) },
  { pattern: `${DAY}\\s+${MONTH},?\\s+${YEAR}`, read: ([day, month, year]) => fullDate(year, month, day) },
  { pattern: `${YEAR}-(\\d{2})-(\\d{2})`, read: ([year, month, day]) => fullDate(year, month, day) },
  { pattern: `(\\d{1,2})/(\\d{1,2})/${YEAR}`, read: ([month, day, year]) => fullDate(year, month, day) },
  { pattern: `${MONTH},?\\s+${YEAR}`, read: ([month, year]) => monthDate(year, month) },
  { pattern: `${MONTH}\\s+${DAY}`, read: ([month, day]) => dayDate(month, day) },
  { pattern: `${DAY}\\s+${MONTH}`, read: ([day, month]) => dayDate(month, day) },
];
const DATE = new RegExp(
  DATE_PATTERNS.map(({ pattern }) => `${NOT_AFTER_WORD}(?:${pattern})${NOT_BEFORE_WORD}`).join('|'),
  'giu',
);
const GROUPS_PER_PATTERN = DATE_PATTERNS.map(({ pattern }) => new RegExp(`${pattern}|`).exec('')!.length - 1);

// Digits not glued to a preceding letter or digit (so `Time11` footnotes, `A1` categories, `C12`
// anchors and the `0` of `v5.0` are not figures), with thousands separators, decimals and an
// ordinal suffix.
const NUMBER = /(?<![\p{L}\p{N}]|[\p{L}\p{N}][.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)*)(?:st|nd|rd|th)?/gu;

/**
 * Every date and every other number in `text`, in order of appearance. Dates are read first and their characters are not
 * read again as numbers. A month name only starts a date when capitalised (`May 2025`, not `may`).
 */
export function findFigures(text: string): Figure[] {
  let figures = figuresByText.get(text);
  if (figures === undefined) {
    figures = Object.freeze(readFigures(text).map((figure) => Object.freeze(figure)));
    figuresByText.set(text, figures);
  }
  // A new array each time (callers add to it or reverse it); the figures themselves are shared and frozen.
  return [...figures];
}

// The same texts are read again and again (an evidence chunk by the validator for every answer that
// cites it; every value of a what-if sweep replays a case's evidence): their figures are kept, least
// recently used going first.
const figuresByText = new LRUCache<string, readonly Figure[]>({ max: 4_096 });

function readFigures(text: string): Figure[] {
  const figures: Figure[] = [];
  if (!/[0-9]/.test(text)) return figures; // every date form and every number holds a digit (`\d` is ASCII)
  const withoutDates = text.replace(DATE, (match: string, ...rest: unknown[]) => {
    const canonical = readDate(match, rest);
    if (canonical === undefined) return match;
    const index = rest[rest.length - 2] as number;
    figures.push({ kind: 'date', text: match, index, canonical });
    return ' '.repeat(match.length);
  });
  for (const match of withoutDates.matchAll(NUMBER)) {
    const digits = match[1] ?? match[0];
    figures.push({ kind: 'number', text: numberText(text, match.index, match[0]), index: match.index, canonical: canonicalNumber(digits) });
  }
  return figures.sort((left, right) => left.index - right.index);
}

/**
 * True when `figure` (from an answer) is stated by `evidence` (figures of the cited evidence): the
 * same number; the same full date; a month-and-year matched by a full date in that month; a
 * month-and-day matched by a full date on that day; a bare year matched by any date in that year.
 */
export function isFigureSupported(figure: Figure, evidence: readonly Figure[]): boolean {
  if (figure.kind === 'number') {
    return evidence.some((candidate) =>
      candidate.kind === 'number' ? candidate.canonical === figure.canonical : candidate.canonical.startsWith(`${figure.canonical}-`),
    );
  }
  const wanted = figure.canonical;
  return evidence.some((candidate) => {
    if (candidate.kind !== 'date') return false;
    if (candidate.canonical === wanted) return true;
    if (wanted.startsWith('--')) return candidate.canonical.endsWith(wanted.slice(1)) && !candidate.canonical.startsWith('--') && candidate.canonical.length === 10;
    if (wanted.length === 7) return candidate.canonical.startsWith(`${wanted}-`);
    return false;
  });
}

function readDate(match: string, rest: unknown[]): string | undefined {
  // `rest` holds the capture groups of every alternative, then the offset and the whole string.
  if (!startsCapitalised(match)) return undefined;
  let offset = 0;
  for (const [index, { read }] of DATE_PATTERNS.entries()) {
    const count = GROUPS_PER_PATTERN[index] ?? 0;
    const groups = rest.slice(offset, offset + count);
    offset += count;
    if (groups[0] !== undefined) return read(groups.map((group) => String(group).toLowerCase()));
  }
  return undefined;
}

function startsCapitalised(match: string): boolean {
  const letter = match.match(/\p{L}/u)?.[0];
  return letter === undefined || letter !== letter.toLowerCase();
}

function fullDate(year: string | undefined, month: string | undefined, day: string | undefined): string | undefined {
  const monthNumber = monthOf(month);
  const dayNumber = Number(day);
  if (year === undefined || monthNumber === undefined || !(dayNumber >= 1 && dayNumber <= 31)) return undefined;
  return `${year}-${pad(monthNumber)}-${pad(dayNumber)}`;
}

function monthDate(year: string | undefined, month: string | undefined): string | undefined {
  const monthNumber = monthOf(month);
  if (year === undefined || monthNumber === undefined) return undefined;
  return `${year}-${pad(monthNumber)}`;
}

function dayDate(month: string | undefined, day: string | undefined): string | undefined {
  const monthNumber = monthOf(month);
  const dayNumber = Number(day);
  if (monthNumber === undefined || !(dayNumber >= 1 && dayNumber <= 31)) return undefined;
  return `--${pad(monthNumber)}-${pad(dayNumber)}`;
}

function monthOf(month: string | undefined): number | undefined {
  if (month === undefined) return undefined;
  const byName = MONTH_NUMBER.get(month);
  if (byName !== undefined) return byName;
  const number = Number(month);
  return Number.isInteger(number) && number >= 1 && number <= 12 ? number : undefined;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function canonicalNumber(digits: string): string {
  const plain = digits.replace(/,/g, '');
  if ((plain.match(/\./g) ?? []).length > 1) return plain;
  const [whole = '', fraction = ''] = plain.split('.');
  const wholePart = whole.replace(/^0+(?=\d)/, '');
  const fractionPart = fraction.replace(/0+$/, '');
  return fractionPart.length > 0 ? `${wholePart}.${fractionPart}` : wholePart;
}

// The number as a reader would quote it: with a `$` just before and a `%` just after, when present.
function numberText(text: string, index: number, match: string): string {
  const dollar = text[index - 1] === '$' ? '$' : '';
  const percent = /^\s?%/.exec(text.slice(index + match.length))?.[0] ?? '';
  return `${dollar}${match}${percent}`;
}
