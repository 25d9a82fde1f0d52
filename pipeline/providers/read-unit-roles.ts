import { findPartyNames } from './find-stated-values.ts';

// What a unit of evidence is, apart from what it says: a heading or a title, the share of the
// question's own wording it writes, an agreement's opening. Read by the extractive generator.

/**
 * A heading or label on its own (`Reporting Requirements`): under six words, no cells, no final
 * punctuation, not a `label: value` line with a number; or a line in capitals of at most ten words
 * with no figure (a title or a party's name: `MASTER LICENCE AGREEMENT ACME WIDGETS, INC.`). It
 * says nothing by itself.
 */
export function isBareHeading(text: string): boolean {
  if (/: .*\d/.test(text) || text.includes(' | ')) return false;
  const words = text.split(' ');
  if (!/[.;:!?)]$/.test(text) && words.length < 6) return true;
  return words.length <= 10 && !/\p{N}/u.test(text) && !/\p{Ll}/u.test(text) && /\p{Lu}{2}/u.test(text);
}

/**
 * How many distinct words of the question each unit writes (function words included; numbers not:
 * `1,500` users is no `$500` fee), counted once per unit.
 */
export function sharedWordCounts(question: string, units: readonly { text: string }[]): (unit: { text: string }) => number {
  const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const asked = new Set(words(question));
  const counts = new Map(units.map((unit) => [unit, new Set(words(unit.text).filter((word) => asked.has(word))).size]));
  return (unit) => counts.get(unit) ?? 0;
}

/**
 * An agreement's opening paragraph: it says the Agreement is made, entered into or dated between
 * (or among) two or more organisations named by company form (`This Licence Agreement is made on
 * 1 March 2020 … between Acme Widgets, Inc. and Borealis Media LLC`). It answers
 * who the parties are, where they are organised and when the agreement was made, nothing else: its
 * names match every question about the agreement.
 */
export function isPartiesParagraph(text: string): boolean {
  return /\bAgreement\b/.test(text) && /\b(?:between|among)\b/i.test(text) && /\b(?:made|entered into|dated|executed)\b/i.test(text) && findPartyNames(text).length >= 2;
}

/** Whether a question asks what an opening paragraph states: the parties, their addresses or organisation, or the agreement's date. */
export function asksOpeningFacts(question: string, askIsDate: boolean): boolean {
  return askIsDate || /\b(?:who|parties|party|incorporat\w*|organi[sz]ed|address|principal place)\b/i.test(question);
}
