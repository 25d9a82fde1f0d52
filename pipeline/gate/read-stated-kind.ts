import { PERCENTAGE_ASK } from '../question/index.ts';
import { PERCENTAGE } from '../text/index.ts';
import type { AskedType } from '../rerank/read-rerank-question.ts';

/** The kind of value an answer must state: the reranker's asked type, or a count or frequency (`how many`, `how often`). */
export type StatedKind = Exclude<AskedType, 'none' | 'definition'> | 'count' | 'frequency';

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety|hundred';
const NUMBER = `(?:\\d[\\d,.]*|${NUMBER_WORDS})`;
const TIME_UNIT = '(?:business\\s+|calendar\\s+|working\\s+)?(?:days?|weeks?|months?|years?|hours?|minutes?|seconds?|quarters?)';
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

// Each pattern wants a written number: a redacted figure (`*****%`) or a blank in a form (`September ___, 2019`) states nothing.
const STATES: Record<StatedKind, RegExp> = {
  amount: /[$€£]\s?\d|\b(?:usd|eur|gbp|us\$)\s?\d|\d[\d,.]*\s?(?:dollars|euros|pounds|%|percent|per\s+cent)\b|\d\s?%/i,
  percentage: PERCENTAGE,
  duration: new RegExp(`\\b${NUMBER}\\s*(?:\\(\\d+\\)\\s*)?${TIME_UNIT}\\b`, 'i'),
  date: new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH},?\\s+\\d{4}\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b`, 'i'),
  party: /\b(?:Inc|LLC|L\.L\.C|Ltd|Limited|Corp|Corporation|Company|GmbH|plc|L\.P|LP|S\.A)\b\.?/,
  count: new RegExp(`\\b${NUMBER}\\b`, 'i'),
  // A frequency may be named rather than counted: `its reporting frequency changed to "As Needed"`.
  frequency: new RegExp(`\\b(?:frequency|daily|weekly|monthly|quarterly|annually|yearly|once|twice|each\\s+(?:calendar\\s+)?(?:day|week|month|quarter|year)|every\\s+(?:${NUMBER}\\s+)?${TIME_UNIT}|per\\s+(?:calendar\\s+)?(?:day|week|month|quarter|year)|${NUMBER}\\s+times?)\\b`, 'i'),
};

// How a question asks for a value that only a written number can give (English interrogatives only).
const ASKS: readonly (readonly [StatedKind, RegExp])[] = [
  ['frequency', /\bhow\s+(?:often|frequently)\b/],
  ['duration', /\bhow\s+long\b|\bhow\s+many\s+(?:calendar\s+|business\s+|working\s+)?(?:days|weeks|months|years|hours|minutes)\b|\bhow\s+much\s+(?:advance\s+|prior\s+)?(?:notice|time)\b|\bwithin\s+how\s+many\b/],
  ['percentage', PERCENTAGE_ASK],
  ['count', /\bhow\s+many\b|\b(?:maximum|minimum)\s+number\b/],
  ['date', /\b(?:on|as\s+of|from|since|until|by)\s+(?:what|which)\s+(?:date|day)\b|^(?:what|which)\s+(?:date|day)\b|\bwhat\s+(?:is|was)\s+the\s+(?:\S+\s+)?date\b/],
  // `how much is / does / for …` asks a price; `how much notification` asks something else.
  ['amount', /\bhow\s+much\s+(?:is|are|was|were|does|do|did|will|would|should|must|can|could|for|per|in|to|money)\b|\bhow\s+much\s*\??$|^(?:what|which)(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:the\s+)?(?:[\p{L}\p{N}&/-]+\s+){0,6}?(?:fees?|costs?|prices?|royalt(?:y|ies)|charges?)\b(?:\s+(?:for|of|in|per|under|to|on|if|when|that)\b|\s*\??$)|^what\s+(?:do|does|did|will|would)\s+.{1,80}\s(?:cost|charge)\b|^what\s+(?:[\p{L}\p{N}&/-]+\s+){0,4}?(?:fees?|costs?|prices?|royalt(?:y|ies)|charges?|rates?)\s+(?:does|do|did|is|are|was|were|will|would|must|shall|should|can)\s/u],
];

/**
 * The kind of value the question asks the answer to state, read from how it asks: `how often` a
 * frequency, `how long` or `how much notice` a duration, `what percentage` a percentage, `how many`
 * a count, `on what date` a date, `how much`, `what is the … fee` or `what … rate does … pay` an
 * amount (`what royalty percentage` a percentage). Undefined when it asks
 * for no value (`who`, `when`, `which fees apply`, yes-or-no questions): those answers are often
 * words, not numbers. The reranker's reading is not used: its cues (`fee` anywhere) are too broad.
 */
export function readStatedKind(question: string, _asked?: AskedType): StatedKind | undefined {
  const text = question.toLowerCase().replace(/[\u2018\u2019]/g, "'").trim();
  for (const clause of [text, ...text.split(/[:;,]\s+|\s+-\s+/).slice(1)]) {
    for (const [kind, pattern] of ASKS) if (pattern.test(clause.trim())) return kind;
  }
  return undefined;
}

/** Whether the text states a value of the kind with a written number (not a redaction or a blank). */
export function statesValue(kind: StatedKind, text: string): boolean {
  // A period may be given by its end (`valid till 31 May 2026`), an amount as a percentage.
  if (kind === 'duration') return STATES.duration.test(text) || STATES.date.test(text);
  return STATES[kind].test(text);
}
