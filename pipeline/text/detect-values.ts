
// A money amount written out in full (`$5,000`, `USD 1,250.00`, `300 dollars`, `free of charge`).
// (A number ends in a digit: the comma after `$5,000,` is the sentence's.)
const NUMBER = String.raw`\d(?:[\d,]*\d)?(?:\.\d+)?`;
const MONEY_SOURCE = String.raw`[$€£]\s?${NUMBER}|\b(?:usd|eur|gbp)\s?${NUMBER}|${NUMBER}\s?(?:usd|dollars)\b|\bfree of charge\b|\bno (?:charge|fee|cost)\b|\bat no (?:charge|cost)\b`;
const MONEY = new RegExp(MONEY_SOURCE, 'i');

// A share written with its digits (`5%`, `7.5 %`, `fifteen percent (15%)`, `2 per cent`): a redacted `*****%` states none.
const PERCENTAGE_SOURCE = String.raw`${NUMBER}\s?(?:%|percent\b|per\s?cent\b)`;
/** A percentage stated with its digits (`hasPercentage`), for readers that keep a table of patterns. */
export const PERCENTAGE = new RegExp(PERCENTAGE_SOURCE, 'i');

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const DATE = new RegExp(
  `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+\\d{4})?\\b|\\b${MONTH},?\\s+\\d{4}\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b`,
  'i',
);

const DURATION =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|twenty-four|thirty|forty-five|sixty|ninety)\s*(?:\(\d+\)\s*)?(?:calendar\s+|business\s+|full\s+|consecutive\s+)?(?:minute|hour|day|week|month|year)s?\b/i;

// A month named in full (`May` left out: it is mostly the modal verb).
const MONTH_NAME = /\b(?:january|february|march|april|june|july|august|september|october|november|december)\b/i;

// How often: `monthly`, `As Needed`, `once per twelve (12)-month period`, `each calendar month`,
// `every 15 seconds`, `three times a year` (as the gate reads a stated frequency).
const FREQUENCY =
  /\b(?:monthly|quarterly|annually|annual|yearly|weekly|daily|hourly|as needed|once|twice|(?:each|every|per)\s+(?:calendar\s+)?(?:month|quarter|year|week|day|hour|minute|second)|every\s+(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|sixty|ninety)\s+(?:\(\d+\)\s+)?(?:business\s+|calendar\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?)|(?:\d+|one|two|three|four|five|six|twelve)\s+times)\b/i;

/** A date right after one of `words` (a regular-expression alternation), `the` allowed between. */
function dateAfter(words: string): RegExp {
  return new RegExp(`\\b(?:${words})\\s+(?:the\\s+)?(?:${DATE.source})`, 'i');
}

// A date set as a deadline: `by December 1, 2025`, `no later than December 1 2025`, `on or before 1 April`.
const DEADLINE_DATE = dateAfter('by|later\\s+than|before|until|prior\\s+to');

// A period stated by its end: `hold till 30 June 2031`, `shall run until March 15, 2040`, `expires on June 30, 2037`.
const END_DATE = dateAfter('until|till|through|(?:expires?|expiring|ends?|ending|terminates?)\\s+on');

/** True when `text` states a period by its end date (`hold till 30 June 2031`, `run until March 15, 2040`). */
export function hasEndDate(text: string): boolean {
  return END_DATE.test(text);
}

/** True when `text` sets a date as a deadline (`by December 1, 2025`, `no later than 1 April 2025`). */
export function hasDeadlineDate(text: string): boolean {
  return DEADLINE_DATE.test(text);
}

/** True when `text` holds a money amount (`$134.50`, `USD 500`, `free of charge`). */
export function hasMoneyAmount(text: string): boolean {
  return MONEY.test(text);
}

/** True when `text` states a percentage with its digits (`5%`, `7.5 percent`, `two per cent (2 per cent)`). */
export function hasPercentage(text: string): boolean {
  return PERCENTAGE.test(text);
}

/** True when `text` holds a calendar date (`January 1, 2026`, `1 April 2025`, `2026-01-01`, `1/1/2026`). */
export function hasDate(text: string): boolean {
  return DATE.test(text);
}

/** True when `text` holds a duration (`five (5) years`, `30 days`). */
export function hasDuration(text: string): boolean {
  return DURATION.test(text);
}

/** True when `text` says how often (`monthly`, `as needed`, `once per twelve (12)-month period`, `each calendar month`). */
export function hasFrequency(text: string): boolean {
  return FREQUENCY.test(text);
}

/** True when `text` names a month in full (`May` left out: it is mostly the modal verb). */
export function namesMonth(text: string): boolean {
  return MONTH_NAME.test(text);
}

/** The kinds of value `statedValuesOfKind` counts. */
export type StatedValueKind = 'amount' | 'date' | 'duration' | 'frequency' | 'percentage';

// Each kind's pattern, global, to list every value of it.
const EVERY_VALUE: Readonly<Record<StatedValueKind, RegExp>> = {
  amount: new RegExp(MONEY_SOURCE, 'gi'),
  percentage: new RegExp(PERCENTAGE_SOURCE, 'gi'),
  date: new RegExp(DATE.source, 'gi'),
  duration: new RegExp(DURATION.source, 'gi'),
  frequency: new RegExp(FREQUENCY.source, 'gi'),
};

/**
 * The distinct values of one kind `text` states, as written (lower-cased, spaces collapsed, each
 * once): `$5,000` and `$150` are two amounts; `thirty (30) days` one duration. It says how many
 * answers of that kind a sentence can give.
 */
export function statedValuesOfKind(text: string, kind: StatedValueKind): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(EVERY_VALUE[kind])) found.add(match[0].toLowerCase().replace(/\s+/g, ' '));
  return [...found];
}
