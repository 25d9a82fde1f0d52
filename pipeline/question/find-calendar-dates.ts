/** A calendar date found in text: at least a month with a year or a day. */
export interface CalendarDate {
  /** The characters as written. */
  text: string;
  start: number;
  end: number;
  year: number | undefined;
  /** 1–12. */
  month: number;
  day: number | undefined;
}

/** English month names in calendar order. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_BY_WORD = new Map<string, number>();
MONTH_NAMES.forEach((name, index) => {
  MONTH_BY_WORD.set(name.toLowerCase(), index + 1);
  MONTH_BY_WORD.set(name.slice(0, 3).toLowerCase(), index + 1);
});
MONTH_BY_WORD.set('sept', 9);

const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d{2})';
// Between the parts of a written date: spaces, and also `-` or `_` because document names
// (`fee-notice-august-14-2025.pdf`) are part of the evidence the coverage check reads.
const GAP = '[\\s_-]+';
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';

type Reader = (match: RegExpExecArray) => { year?: number; month: number; day?: number } | undefined;

// Longest forms first: a full date must win over the month and year it contains.
const FORMS: ReadonlyArray<{ pattern: RegExp; read: Reader }> = [
  {
    // August 14, 2025 · Aug. 14th 2025 · august-14-2025
    pattern: new RegExp(`${START}${MONTH}${GAP}${DAY},?${GAP}${YEAR}${END}`, 'giu'),
    read: (match) => named(match[1], match[3], match[2]),
  },
  {
    // 14 August 2025 · 1st of January, 2026
    pattern: new RegExp(`${START}${DAY}${GAP}(?:of${GAP})?${MONTH},?${GAP}${YEAR}${END}`, 'giu'),
    read: (match) => named(match[2], match[3], match[1]),
  },
  {
    // 2026-01-01
    pattern: new RegExp(`${START}${YEAR}-(\\d{2})-(\\d{2})${END}`, 'gu'),
    read: (match) => numeric(match[1], match[2], match[3]),
  },
  {
    // 01/01/2026, read month first (the CME documents are American) unless the first number
    // cannot be a month.
    pattern: new RegExp(`${START}(\\d{1,2})/(\\d{1,2})/${YEAR}${END}`, 'gu'),
    read: (match) => {
      const first = Number(match[1]);
      return first > 12 ? numeric(match[3], match[2], match[1]) : numeric(match[3], match[1], match[2]);
    },
  },
  {
    // January 2026 · Jan. 2026 · january-2026
    pattern: new RegExp(`${START}${MONTH},?${GAP}${YEAR}${END}`, 'giu'),
    read: (match) => named(match[1], match[2], undefined),
  },
  {
    // April 1 (no year)
    pattern: new RegExp(`${START}${MONTH}${GAP}${DAY}${END}`, 'giu'),
    read: (match) => named(match[1], undefined, match[2]),
  },
  {
    // 1 April (no year)
    pattern: new RegExp(`${START}${DAY}${GAP}(?:of${GAP})?${MONTH}${END}`, 'giu'),
    read: (match) => named(match[2], undefined, match[1]),
  },
];

/**
 * The calendar dates written in `text`, in order, without overlaps: `August 14, 2025`,
 * `14 August 2025`, `2026-01-01`, `01/01/2026` (month first), month and year (`January 2026`) and
 * month and day (`April 1`). A lower-case `may` is the verb, never the month, and so is `May` opening
 * a sentence without a year (`May 2 Subscribers share a Device?`). The ingest reads documents'
 * effective dates with it too.
 */
export function findCalendarDates(text: string): CalendarDate[] {
  const found: CalendarDate[] = [];
  if (!/[0-9]/.test(text)) return found; // every form holds a digit (`\d` is ASCII): most questions have none
  for (const form of FORMS) {
    form.pattern.lastIndex = 0;
    for (let match = form.pattern.exec(text); match !== null; match = form.pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((date) => start < date.end && date.start < end)) continue;
      if (/(?<![\p{L}])may(?![\p{L}])/u.test(match[0])) continue;
      const value = form.read(match);
      if (value === undefined) continue;
      // `May 2 Subscribers share…`: at the start of a sentence and without a year, May is the verb.
      if (value.year === undefined && /^may\b/iu.test(match[0]) && /(?:^|[.!?:;]\s*)$/u.test(text.slice(0, start).trimEnd())) continue;
      found.push({ text: match[0], start, end, year: value.year, month: value.month, day: value.day });
    }
  }
  return found.sort((left, right) => left.start - right.start);
}

function named(monthWord: string | undefined, year: string | undefined, day: string | undefined) {
  const month = MONTH_BY_WORD.get((monthWord ?? '').replace('.', '').toLowerCase());
  if (month === undefined) return undefined;
  return validate(year === undefined ? undefined : Number(year), month, day === undefined ? undefined : Number(day));
}

function numeric(year: string | undefined, month: string | undefined, day: string | undefined) {
  return validate(Number(year), Number(month), Number(day));
}

function validate(year: number | undefined, month: number, day: number | undefined) {
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  if (day !== undefined && (!Number.isInteger(day) || day < 1 || day > daysIn(month, year))) return undefined;
  const result: { year?: number; month: number; day?: number } = { month };
  if (year !== undefined) result.year = year;
  if (day !== undefined) result.day = day;
  return result;
}

function daysIn(month: number, year: number | undefined): number {
  if (month === 2) return year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
