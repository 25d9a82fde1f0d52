import type { AnchorConfig } from '../config/config-schema.ts';
import { findAnchorSpellings } from './find-anchor-spellings.ts';
import { findCalendarDates, MONTH_NAMES } from './find-calendar-dates.ts';
import type { CalendarDate } from './find-calendar-dates.ts';
import { findMoneyAmounts, formatAmount } from './find-money-amounts.ts';
import type { Currency } from './find-money-amounts.ts';
import { findPercentages } from './find-percentages.ts';
import { rememberReadings } from './remember-readings.ts';

/** What a question term names. */
export type QuestionTermKind = 'year' | 'date' | 'exchange' | 'product' | 'party' | 'figure';

/**
 * A specific anchor a question names — a year, a date, an exchange, a product, a party or a
 * figure — that the evidence must contain before the question may be answered.
 */
export interface QuestionTerm {
  kind: QuestionTermKind;
  /** The term as the question writes it (`Nasdaq`, `January 1, 2026`, `$1,250`, `4+`). */
  text: string;
  /** Other acceptable spellings (`Chicago Mercantile Exchange` for `CME`, `$1,250.00` for `$1,250`). */
  variants: string[];
}

interface Candidate {
  start: number;
  end: number;
  /** Identity of what the term names, for removing repeats (`exchange:GME`, `money:USD:1250`). */
  key: string;
  term: QuestionTerm;
  /** Set on dates, so that a year the date already names is not a second term. */
  date?: CalendarDate;
}


// A year on its own: 1900–2099, not part of a longer number, an amount or a percentage.
const YEAR = /(?<![\p{N}.,$€£])(?:19|20)\d{2}(?!\p{N})(?![.,]\p{N})(?!\s*%)/gu;
// `4+ applications`, `15,001+`, `4 or more`.
const COUNT = /(?<![\p{N}.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\s*\+|\s+(?:or\s+more|or\s+greater|or\s+above|and\s+above)(?!\p{L}))/giu;

const NUMBER_WORDS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty',
];
const CURRENCY_SIGNS: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

/**
 * The specific anchors `question` names, in the order it names them, each once: years (`2027`),
 * dates (`August 14, 2025`, `1 January 2026`, `2026-01-01`, `January 2026`), the exchanges, products
 * and parties of the source's configured `anchors`, and figures (money
 * `$1,250`, percentages `75%`, counts `4+`). Generic words (fee, subscriber, device) are never
 * terms. Where matches overlap the longest wins (`CME Term SOFR` is one product; the year inside
 * a date is not a second term).
 */
export function findQuestionTerms(question: string, anchors: readonly AnchorConfig[] = []): readonly QuestionTerm[] {
  return rememberedQuestionTerms(question, anchors);
}

// A question is read again whenever it is asked again (a what-if replays each case once per value).
const rememberedQuestionTerms = rememberReadings((question: string, anchors: readonly AnchorConfig[]) => readQuestionTerms(question, anchors));

function readQuestionTerms(question: string, anchors: readonly AnchorConfig[]): QuestionTerm[] {
  const text = question.normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, "'").replace(/[\u2010\u2011\u2012\u2013]/g, '-');
  const candidates: Candidate[] = [
    ...findDateCandidates(text),
    ...findMoneyCandidates(text),
    ...findPercentageCandidates(text),
    ...findCountCandidates(text),
    ...findNamedCandidates(text, anchors),
    ...findYearCandidates(text),
  ];
  // Leftmost first, then longest: the stable sort keeps the listing order above for exact ties.
  candidates.sort((left, right) => left.start - right.start || right.end - right.start - (left.end - left.start));
  const chosen: Candidate[] = [];
  for (const candidate of candidates) {
    if (chosen.some((kept) => candidate.start < kept.end && kept.start < candidate.end)) continue;
    chosen.push(candidate);
  }
  const datedYears = new Set(chosen.flatMap((candidate) => (candidate.date?.year === undefined ? [] : [`year:${candidate.date.year}`])));
  const seen = new Set<string>();
  const terms: QuestionTerm[] = [];
  for (const candidate of chosen) {
    if (seen.has(candidate.key) || datedYears.has(candidate.key)) continue;
    seen.add(candidate.key);
    terms.push(candidate.term);
  }
  return terms;
}

function findNamedCandidates(text: string, anchors: readonly AnchorConfig[]): Candidate[] {
  const found: Candidate[] = [];
  for (const { kind, anchor, text: written, start, end } of findAnchorSpellings(text, anchors)) {
    const variants = withoutSpelling([anchor.name, ...anchor.aliases], written);
    found.push({ start, end, key: `${kind}:${anchor.name}`, term: { kind, text: written, variants } });
  }
  return found;
}

function findDateCandidates(text: string): Candidate[] {
  return findCalendarDates(text).map((date) => ({
    start: date.start,
    end: date.end,
    key: `date:${date.year ?? ''}-${date.month}-${date.day ?? ''}`,
    term: { kind: 'date', text: date.text, variants: withoutSpelling(dateSpellings(date), date.text) },
    date,
  }));
}

function findMoneyCandidates(text: string): Candidate[] {
  return findMoneyAmounts(text).map((amount) => {
    const currency = amount.currency ?? 'USD';
    return {
      start: amount.start,
      end: amount.end,
      key: `money:${currency}:${amount.value}`,
      term: { kind: 'figure', text: amount.text, variants: withoutSpelling(moneySpellings(amount.value, currency), amount.text) },
    };
  });
}

function findPercentageCandidates(text: string): Candidate[] {
  return findPercentages(text).map((percentage) => {
    const value = String(percentage.value);
    return {
      start: percentage.start,
      end: percentage.end,
      key: `percent:${value}`,
      term: { kind: 'figure', text: percentage.text, variants: withoutSpelling([`${value}%`, `${value} percent`, `${value} per cent`], percentage.text) },
    };
  });
}

function findCountCandidates(text: string): Candidate[] {
  return [...text.matchAll(COUNT)].map((match) => {
    const count = Number((match[1] ?? '').replace(/,/g, ''));
    const digits = match[1] ?? '';
    const word = NUMBER_WORDS[count];
    const spellings = [`${digits}+`, `${digits} or more`, ...(word === undefined ? [] : [`${word} or more`])];
    return {
      start: match.index,
      end: match.index + match[0].length,
      key: `count:${count}`,
      term: { kind: 'figure', text: match[0], variants: withoutSpelling(spellings, match[0]) },
    };
  });
}

function findYearCandidates(text: string): Candidate[] {
  return [...text.matchAll(YEAR)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    key: `year:${match[0]}`,
    term: { kind: 'year', text: match[0], variants: [] },
  }));
}

function dateSpellings(date: CalendarDate): string[] {
  const name = MONTH_NAMES[date.month - 1] ?? '';
  const short = name.slice(0, 3);
  const month = String(date.month).padStart(2, '0');
  if (date.year !== undefined && date.day !== undefined) {
    const day = String(date.day).padStart(2, '0');
    return [
      `${name} ${date.day}, ${date.year}`,
      `${date.day} ${name} ${date.year}`,
      `${short} ${date.day}, ${date.year}`,
      `${date.year}-${month}-${day}`,
      `${month}/${day}/${date.year}`,
      `${date.month}/${date.day}/${date.year}`,
    ];
  }
  if (date.year !== undefined) return [`${name} ${date.year}`, `${short} ${date.year}`, `${date.year}-${month}`];
  return [`${name} ${date.day}`, `${date.day} ${name}`];
}

function moneySpellings(value: number, currency: Currency): string[] {
  const sign = CURRENCY_SIGNS[currency];
  const grouped = formatAmount(value, { cents: false });
  const withCents = formatAmount(value, { cents: true });
  return [`${sign}${grouped}`, `${sign}${withCents}`, `${sign}${grouped.replace(/,/g, '')}`, `${currency} ${grouped}`];
}

// The spellings other than the one written, each once (letter case and spacing ignored).
function withoutSpelling(spellings: readonly string[], written: string): string[] {
  const comparable = (spelling: string) => spelling.toLowerCase().replace(/\s+/g, ' ').trim();
  const seen = new Set([comparable(written)]);
  const result: string[] = [];
  for (const spelling of spellings) {
    const key = comparable(spelling);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(spelling);
  }
  return result;
}
