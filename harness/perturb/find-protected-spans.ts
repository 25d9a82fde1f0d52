import { findAnchorMentions } from './find-anchor-mentions.ts';

/** Why a span of a question must stay as written. */
export type ProtectedReason = 'number' | 'date' | 'acronym' | 'anchor' | 'quoted';

/** Characters `[start, end)` of a question that a surface perturbation must not change. */
export interface ProtectedSpan {
  start: number;
  end: number;
  reason: ProtectedReason;
}

// A token with a digit: amounts (`$134.50`, `$1,250`), years, dates, counts (`4+`), percentages,
// versions (`v5.0`), labels (`A1`), `24-hour`.
const NUMBER_TOKEN = /[$€£]?[\p{L}\p{N}]*\p{N}[\p{L}\p{N}]*(?:[.,/:-][\p{L}\p{N}]+)*(?:\s?%|\+)?/gu;
// A word with two capitals or more: `ILA`, `CME`, `SOFR`, `BrokerTec`, `FedWatch`, `UOC`.
const ACRONYM = /(?<![\p{L}\p{N}])\p{L}*\p{Lu}\p{L}*\p{Lu}\p{L}*(?![\p{L}\p{N}])/gu;
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';
// A month name next to a number is part of a date (`August 14, 2025`, `1 January 2026`, `January 2026`).
const DATE_MONTH = new RegExp(`(?<!\\p{L})${MONTH}(?=,?\\s+\\d)|(?<=\\d(?:st|nd|rd|th)?,?\\s+(?:of\\s+)?)${MONTH}(?!\\p{L})`, 'giu');
// Text in straight or curly double quotes: the question asks about those exact words.
const QUOTED = /"[^"]+"|“[^”]+”|‘[^’]+’/gu;

/**
 * The parts of `question` a typo, a synonym or a filler must leave alone: numbers, amounts and
 * years (any token with a digit), month names in dates, acronyms and other words with two capitals or more, the
 * exchanges, products and parties of the known anchors, and quoted text. Sorted by start;
 * spans may overlap.
 */
export function findProtectedSpans(question: string): ProtectedSpan[] {
  const spans: ProtectedSpan[] = [];
  for (const match of question.matchAll(NUMBER_TOKEN)) spans.push({ start: match.index, end: match.index + match[0].length, reason: 'number' });
  for (const match of question.matchAll(DATE_MONTH)) spans.push({ start: match.index, end: match.index + match[0].length, reason: 'date' });
  for (const match of question.matchAll(ACRONYM)) spans.push({ start: match.index, end: match.index + match[0].length, reason: 'acronym' });
  for (const mention of findAnchorMentions(question)) spans.push({ start: mention.start, end: mention.end, reason: 'anchor' });
  for (const match of question.matchAll(QUOTED)) spans.push({ start: match.index, end: match.index + match[0].length, reason: 'quoted' });
  return spans.sort((left, right) => left.start - right.start || left.end - right.end);
}
