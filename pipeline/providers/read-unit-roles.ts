// What a unit of evidence is, apart from what it says: a heading or a title, how much of the
// question's own wording it shares. Read by the extractive generator.

/**
 * A heading or label on its own (`Reporting Requirements`): under six words, no cells, no final
 * punctuation, not a `label: value` line with a number; or a line in capitals of at most ten words
 * with no figure (a title or a party's name: `MASTER FRANCHISE AGREEMENT THE X TRUCK, INC.`). It
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
