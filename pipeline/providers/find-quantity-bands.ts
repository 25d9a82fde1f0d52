import { LABEL_WORDS } from '../text/index.ts';

/** A band of counts a table row prices (`11 – 20 Indices`, `15,001+`, `up to 25`): inclusive bounds. */
export interface QuantityBand {
  low: number;
  high: number;
  /** A band of time (`3 up to 5 years`), not of things counted. */
  duration: boolean;
}

/** A count a question states (`12 feeds`), or a length of time (`an 8-year swap`). */
export interface StatedQuantity {
  value: number;
  duration: boolean;
}

// A unit of time after a number (`8-year`, `5 up to 10 years`, `45 days`).
const TIME_UNIT = /^(?:years?|months?|weeks?|days?|yrs?)\b/i;

const NUMBER_WORDS = new Map(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, index) => [word, index + 1] as const)
    .concat([['thirty', 30], ['forty', 40], ['fifty', 50], ['sixty', 60], ['seventy', 70], ['eighty', 80], ['ninety', 90], ['hundred', 100]]),
);
const MONTHS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$/;
// A number as written: digits with thousands separators, or a number word.
// (`20k`: thousands.)
const QUANTITY = /(?<![\p{L}\p{N}$€£.,/-])(\d{1,3}(?:,\d{3})+|\d+)(k)?(?![\p{N}%]|[.,]\d|\p{L})|\b([a-z]+)\b/giu;

/**
 * The counts a question states (`15 index products`, `about 150 people`, `20k staff`, `a seven-year
 * trade`, `one application`): numbers in digits or words from one to twenty and the tens, each marked
 * as a length of time when a unit of time follows it (`seven-year`). Not counted: a label's
 * code (`Category 5`, `Level 1`), a year (`2026`), an amount (`$5`), a percentage, a day of a date
 * (`January 1`, `1 May`), a decimal or a part of a code (`4b`, `7.2`), a number word in a name (`Acme Nine`).
 */
export function findQuestionQuantities(question: string): StatedQuantity[] {
  const quantities: StatedQuantity[] = [];
  const words = question.toLowerCase();
  for (const match of words.matchAll(QUANTITY)) {
    const before = words.slice(0, match.index).trim().split(/\s+/).pop() ?? '';
    const rest = words.slice(match.index + match[0].length);
    const after = rest.trim().split(/[\s,.;:?]+/)[0] ?? '';
    const written = match[1] !== undefined ? Number(match[1].replace(/,/g, '')) : NUMBER_WORDS.get(match[3]!);
    if (written === undefined) continue;
    const value = match[2] === undefined ? written : written * 1000;
    // A number word written with a capital inside a sentence is part of a name (`Acme Nine`, `Three Rivers`).
    if (match[3] !== undefined && /^\p{Lu}/u.test(question.slice(match.index)) && !/^\s*$|[.?!:;]\s*$/.test(question.slice(0, match.index))) continue;
    // `which one applies`, `one of the tiers`: a pronoun, not a count.
    if (match[3] === 'one' && (/^(?:which|the|this|that|each|any|every|no|only)$/.test(before) || /^(?:of|or|another)$/.test(after))) continue;
    if (LABEL_WORDS.has(before.replace(/s$/, '')) || MONTHS.test(before) || MONTHS.test(after)) continue;
    if (match[1] !== undefined && match[2] === undefined && /^(?:19|20)\d{2}$/.test(match[1])) continue;
    if (/^(?:usd|eur|gbp|us\$)$/.test(before) || /^(?:percent|per cent|usd|dollars?)$/.test(after)) continue;
    const duration = TIME_UNIT.test(rest.replace(/^[\s-]+/, ''));
    if (!quantities.some((quantity) => quantity.value === value && quantity.duration === duration)) quantities.push({ value, duration });
  }
  return quantities;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const RANGE = new RegExp(String.raw`${NUMBER}\s*(?:-|–|—|to|up to|through|thru)\s*${NUMBER}`, 'i');
const AT_LEAST = new RegExp(String.raw`${NUMBER}\s*(?:\+|or more|and (?:above|over|more)|or greater)|(?:more than|over|greater than|above|at least|minimum of)\s*${NUMBER}`, 'i');
const AT_MOST = new RegExp(String.raw`(?:up to|less than|fewer than|under|maximum of|no more than)\s*${NUMBER}`, 'i');
// A count alone in a cell or in parentheses (`1`, `(1 Application)`, `1 Index`).
const EXACT = new RegExp(String.raw`^\(?${NUMBER}(?:\s+\p{L}+)?\)?$`, 'iu');

/**
 * The bands of counts a table row's cells state; a sentence (no ` | `) states none. Cells with an
 * amount or a percentage are prices, not bands; a four-digit year alone is a date.
 */
export function findQuantityBands(text: string): QuantityBand[] {
  if (!text.includes(' | ')) return [];
  const bands: QuantityBand[] = [];
  const number = (written: string) => Number(written.replace(/,/g, ''));
  const cells = text.split(' | ').map((part) => part.trim());
  cells.forEach((cell, index) => {
    if (/[$€£%]/.test(cell)) return;
    // The count may sit in parentheses after a tier's name (`Basic (1 Application)`).
    const inner = /\(([^()]*\d[^()]*)\)/.exec(cell)?.[1] ?? cell;
    const range = RANGE.exec(inner);
    const atLeast = AT_LEAST.exec(inner);
    const atMost = AT_MOST.exec(inner);
    const exact = EXACT.exec(inner);
    // A band of time names its unit after its numbers, in its cell or the next (`5 up to 10 | years`).
    const found = range ?? atLeast ?? atMost ?? exact;
    const duration = found !== null && TIME_UNIT.test(`${inner.slice(found.index + found[0].length)} ${cells[index + 1] ?? ''}`.replace(/^[\s-]+/, ''));
    if (range !== null) bands.push({ low: number(range[1]!), high: number(range[2]!), duration });
    else if (atLeast !== null) bands.push({ low: number(atLeast[1] ?? atLeast[2]!) + (atLeast[2] !== undefined ? 1 : 0), high: Infinity, duration });
    else if (atMost !== null) bands.push({ low: 0, high: number(atMost[1]!) - (/less|fewer|under/i.test(atMost[0]) ? 1 : 0), duration });
    else if (exact !== null && !/^(?:19|20)\d{2}$/.test(exact[1]!)) bands.push({ low: number(exact[1]!), high: number(exact[1]!), duration });
  });
  return bands;
}

/**
 * Whether a unit's bands hold a count the question states: 1 when one does, -1 when the unit states
 * bands and none holds any count asked (`1 – 25 Indices` for `15 index products` holds; `26 – 200`
 * does not), 0 when either side states none. A band of time holds only a length of time, and a band
 * of things only a count (`1 - 8 | Indices` does not hold `an 8-year swap`; `5 up to 10 years` does).
 */
export function measureBandFit(quantities: readonly StatedQuantity[], text: string): -1 | 0 | 1 {
  if (quantities.length === 0) return 0;
  const bands = findQuantityBands(text);
  if (bands.length === 0) return 0;
  return bands.some((band) => quantities.some((quantity) => quantity.duration === band.duration && quantity.value >= band.low && quantity.value <= band.high)) ? 1 : -1;
}
