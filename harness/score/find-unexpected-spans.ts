/** The kinds of statement answer precision checks. */
export type UnexpectedSpanKind = 'amount' | 'percentage' | 'date' | 'party';

/** A figure, date or party name an answer states that its case's expected text never states. */
export interface UnexpectedSpan {
  kind: UnexpectedSpanKind;
  /** The span as written in the answer, e.g. `$1,820` or `January 1, 2025`. */
  text: string;
}

/**
 * The amounts (a number with a currency sign or code), percentages, calendar dates (a month name
 * with a day or a year, `2026-01-01`, `1/15/2026`) and party names (capitalised words ending in a
 * company form: `Acme Widgets, Inc.`) of `answer` that none of `expectedTexts` states: the case's
 * question, expected quotes and answer terms. A distractor row (another tier's fee, another year's
 * date) is such a span. Amounts and percentages compare by value against every number of the
 * expected text (`$3,640` = `3640.00`); a date is expected when an expected date agrees on every
 * part the answer states (`January 2026` is in `January 1, 2026`); a party when its name without
 * the company form is in the expected text. Citation anchors (`[C3]`) are ignored; bare years and
 * bare numbers (counts, clause numbers) are not checked. Each distinct span is listed once, in
 * answer order.
 *
 * This is the harness's own reading, written apart from the pipeline's figure checks on purpose:
 * the score must not share code with what it scores.
 */
export function findUnexpectedSpans(answer: string, expectedTexts: readonly string[]): UnexpectedSpan[] {
  const text = normalise(answer).replace(/\[C\d+\]/g, ' ');
  const expected = normalise(expectedTexts.join('\n'));
  const expectedNumbers = new Set([...expected.matchAll(NUMBER)].map((match) => canonicalNumber(match[0])));
  const expectedDates = findDates(expected).map((date) => date.parts);
  const expectedWords = ` ${wordsOf(expected)} `;

  const found: { index: number; span: UnexpectedSpan }[] = [];
  for (const figure of findFigures(text)) {
    if (!expectedNumbers.has(figure.value)) found.push({ index: figure.index, span: { kind: figure.kind, text: figure.text } });
  }
  for (const date of findDates(text)) {
    if (!expectedDates.some((candidate) => datesAgree(date.parts, candidate))) found.push({ index: date.index, span: { kind: 'date', text: date.text } });
  }
  for (const party of findParties(text)) {
    if (!expectedWords.includes(` ${party.name} `)) found.push({ index: party.index, span: { kind: 'party', text: party.text } });
  }
  const seen = new Set<string>();
  return found
    .sort((left, right) => left.index - right.index)
    .map((item) => item.span)
    .filter((span) => {
      const key = `${span.kind}\u0000${span.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const NUMBER_SOURCE = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const NUMBER = new RegExp(NUMBER_SOURCE, 'g');
const CURRENCY_BEFORE = String.raw`(?:US\$|USD|EUR|GBP|CHF|JPY|\$|€|£|¥)`;
const CURRENCY_AFTER = String.raw`(?:USD|EUR|GBP|CHF|JPY|dollars|euros)`;
const AMOUNT = new RegExp(String.raw`${CURRENCY_BEFORE}\s?(${NUMBER_SOURCE})|(?<![\w.,])(${NUMBER_SOURCE})\s?${CURRENCY_AFTER}\b`, 'g');
const PERCENTAGE = new RegExp(String.raw`(?<![\w.,])(${NUMBER_SOURCE})\s?(?:%|percent\b|per cent\b)`, 'gi');

function findFigures(text: string): { kind: 'amount' | 'percentage'; text: string; value: string; index: number }[] {
  const figures: { kind: 'amount' | 'percentage'; text: string; value: string; index: number }[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    figures.push({ kind: 'amount', text: match[0].trim(), value: canonicalNumber(match[1] ?? match[2] ?? ''), index: match.index });
  }
  for (const match of text.matchAll(PERCENTAGE)) {
    figures.push({ kind: 'percentage', text: match[0].trim(), value: canonicalNumber(match[1] ?? ''), index: match.index });
  }
  return figures;
}

/** `3,640.00` → `3640`; `134.5` → `134.5`: numbers compare by value. */
function canonicalNumber(number: string): string {
  const [whole = '', fraction = ''] = number.replace(/,/g, '').split('.');
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  return fractionDigits === '' ? wholeDigits : `${wholeDigits}.${fractionDigits}`;
}

interface DateParts {
  year?: number;
  month?: number;
  day?: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// Capitalised month names only: `may` and `march` in lower case are ordinary words.
const MONTH = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)`;
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:19|20)\d{2}`;
const DATE_PATTERNS: { pattern: RegExp; read: (match: RegExpMatchArray) => DateParts }[] = [
  // January 1, 2026 · January 1 · January 2026
  {
    pattern: new RegExp(String.raw`\b(${MONTH})\s+(?:(${DAY})(?!\d)(?:,?\s+(${YEAR}))?|(${YEAR}))\b`, 'g'),
    read: (match) => ({ month: monthNumber(match[1]), day: dayNumber(match[2]), year: yearNumber(match[3] ?? match[4]) }),
  },
  // 1 January 2026 · 1st of January, 2026 · 1 January
  {
    pattern: new RegExp(String.raw`\b(${DAY})\s+(?:of\s+)?(${MONTH})(?:,?\s+(${YEAR}))?\b`, 'g'),
    read: (match) => ({ day: dayNumber(match[1]), month: monthNumber(match[2]), year: yearNumber(match[3]) }),
  },
  // 2026-01-01
  {
    pattern: new RegExp(String.raw`\b(${YEAR})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\b`, 'g'),
    read: (match) => ({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }),
  },
  // 1/15/2026 (month first, as US contracts write it)
  {
    pattern: new RegExp(String.raw`\b(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])/((?:19|20)?\d{2})\b`, 'g'),
    read: (match) => ({ month: Number(match[1]), day: Number(match[2]), year: fullYear(match[3]) }),
  },
];

function findDates(text: string): { text: string; parts: DateParts; index: number }[] {
  const readings: { text: string; parts: DateParts; index: number; end: number }[] = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    for (const match of text.matchAll(pattern)) readings.push({ text: match[0], parts: withoutUndefined(read(match)), index: match.index, end: match.index + match[0].length });
  }
  // `5 January 2026` is read by two patterns (`January 2026` too): one date, the longest reading.
  const dates: typeof readings = [];
  for (const reading of readings.sort((left, right) => right.end - right.index - (left.end - left.index))) {
    if (!dates.some((date) => reading.index < date.end && reading.end > date.index)) dates.push(reading);
  }
  return dates.sort((left, right) => left.index - right.index);
}

/** An answer's date is expected when an expected date states every part it states, the same. */
function datesAgree(answer: DateParts, expected: DateParts): boolean {
  for (const part of ['year', 'month', 'day'] as const) {
    if (answer[part] !== undefined && answer[part] !== expected[part]) return false;
  }
  return true;
}

function monthNumber(name: string | undefined): number | undefined {
  if (name === undefined) return undefined;
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 ? undefined : index + 1;
}

function dayNumber(day: string | undefined): number | undefined {
  return day === undefined ? undefined : Number.parseInt(day, 10);
}

function yearNumber(year: string | undefined): number | undefined {
  return year === undefined ? undefined : Number(year);
}

function fullYear(year: string | undefined): number | undefined {
  if (year === undefined) return undefined;
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

function withoutUndefined(parts: DateParts): DateParts {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as DateParts;
}

const COMPANY_FORM = String.raw`(?:Inc\.?|Incorporated|LLC|L\.L\.C\.|Ltd\.?|Limited|Corp\.?|Corporation|Company|Co\.|plc|PLC|GmbH|AG|S\.A\.|N\.V\.|B\.V\.|L\.P\.|LP|LLP)`;
const NAME_WORD = String.raw`(?:[A-Z][\p{L}\p{N}&'’.-]*|&)`;
const PARTY = new RegExp(String.raw`((?:${NAME_WORD}\s+){0,5}${NAME_WORD}),?\s+${COMPANY_FORM}(?![\p{L}])`, 'gu');
// Words that start a capitalised run without naming anyone (`The Company`, `Such Licensee Inc.`).
const NOT_A_NAME = new Set(['the', 'a', 'an', 'this', 'that', 'such', 'each', 'any', 'said', 'other', 'either', 'both', 'all', 'its', 'their', 'our', 'your', 'and', 'or', 'of', 'if', 'by', 'between', 'with', 'to', 'for', 'in', 'on', '&']);

function findParties(text: string): { text: string; name: string; index: number }[] {
  const parties: { text: string; name: string; index: number }[] = [];
  for (const match of text.matchAll(PARTY)) {
    const words = wordsOf(match[1] ?? '').split(' ').filter((word) => word !== '');
    while (words.length > 0 && NOT_A_NAME.has(words[0] as string)) words.shift();
    if (words.length === 0) continue;
    const name = words.join(' ');
    const offset = match[0].indexOf(match[1] ?? '');
    parties.push({ text: match[0].trim(), name, index: match.index + Math.max(0, offset) });
  }
  return parties;
}

/** Lower case words without punctuation, one space apart: how names are compared. */
function wordsOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function normalise(text: string): string {
  return text.normalize('NFKC').replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'").replace(/\s+/g, ' ');
}
