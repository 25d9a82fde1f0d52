import { LABEL_WORDS } from '../text/index.ts';

/** A band of counts a table row prices (`11 – 20 Indices`, `15,001+`, `up to 25`): inclusive bounds. */
export interface QuantityBand {
  low: number;
  high: number;
}

const NUMBER_WORDS = new Map(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, index) => [word, index + 1] as const)
    .concat([['thirty', 30], ['forty', 40], ['fifty', 50], ['sixty', 60], ['seventy', 70], ['eighty', 80], ['ninety', 90], ['hundred', 100]]),
);
const MONTHS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$/;
// A number as written: digits with thousands separators, or a number word.
const QUANTITY = /(?<![\p{L}\p{N}$€£.,/-])(\d{1,3}(?:,\d{3})+|\d+)(?![\p{N}%]|[.,]\d|\p{L})|\b([a-z]+)\b/giu;

/**
 * The counts a question states (`15 index products`, `about 150 people`, `a seven-year trade`, `one
 * application`): numbers in digits or words from one to twenty and the tens. Not counted: a label's
 * code (`Category 5`, `Level 1`), a year (`2026`), an amount (`$5`), a percentage, a day of a date
 * (`January 1`, `1 May`), a decimal or a part of a code (`4b`, `7.2`).
 */
export function findQuestionQuantities(question: string): number[] {
  const quantities: number[] = [];
  const words = question.toLowerCase();
  for (const match of words.matchAll(QUANTITY)) {
    const before = words.slice(0, match.index).trim().split(/\s+/).pop() ?? '';
    const after = words.slice(match.index + match[0].length).trim().split(/[\s,.;:?]+/)[0] ?? '';
    const value = match[1] !== undefined ? Number(match[1].replace(/,/g, '')) : NUMBER_WORDS.get(match[2]!);
    if (value === undefined) continue;
    // `which one applies`, `one of the tiers`: a pronoun, not a count.
    if (match[2] === 'one' && (/^(?:which|the|this|that|each|any|every|no|only)$/.test(before) || /^(?:of|or|another)$/.test(after))) continue;
    if (LABEL_WORDS.has(before.replace(/s$/, '')) || MONTHS.test(before) || MONTHS.test(after)) continue;
    if (match[1] !== undefined && /^(?:19|20)\d{2}$/.test(match[1])) continue;
    if (/^(?:usd|eur|gbp|us\$)$/.test(before) || /^(?:percent|per cent|usd|dollars?)$/.test(after)) continue;
    if (!quantities.includes(value)) quantities.push(value);
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
  for (const cell of text.split(' | ').map((part) => part.trim())) {
    if (/[$€£%]/.test(cell)) continue;
    // The count may sit in parentheses after a tier's name (`Basic (1 Application)`).
    const inner = /\(([^()]*\d[^()]*)\)/.exec(cell)?.[1] ?? cell;
    const range = RANGE.exec(inner);
    const atLeast = AT_LEAST.exec(inner);
    const atMost = AT_MOST.exec(inner);
    const exact = EXACT.exec(inner);
    if (range !== null) bands.push({ low: number(range[1]!), high: number(range[2]!) });
    else if (atLeast !== null) bands.push({ low: number(atLeast[1] ?? atLeast[2]!) + (atLeast[2] !== undefined ? 1 : 0), high: Infinity });
    else if (atMost !== null) bands.push({ low: 0, high: number(atMost[1]!) - (/less|fewer|under/i.test(atMost[0]) ? 1 : 0) });
    else if (exact !== null && !/^(?:19|20)\d{2}$/.test(exact[1]!)) bands.push({ low: number(exact[1]!), high: number(exact[1]!) });
  }
  return bands;
}

/**
 * Whether a unit's bands hold a count the question states: 1 when one does, -1 when the unit states
 * bands and none holds any count asked (`1 – 25 Indices` for `15 index products` holds; `26 – 200`
 * does not), 0 when either side states none.
 */
export function measureBandFit(quantities: readonly number[], text: string): -1 | 0 | 1 {
  if (quantities.length === 0) return 0;
  const bands = findQuantityBands(text);
  if (bands.length === 0) return 0;
  return bands.some((band) => quantities.some((quantity) => quantity >= band.low && quantity <= band.high)) ? 1 : -1;
}
