import { hasDate } from '../text/index.ts';

// A label line giving a date: `Effective Date: January 1, 2025`, `Effective – September 1, 2024`.
const DATED_LABEL = /^[\p{L} ]{3,40}(?::|\s[–-])\s/u;

/** A short `label: date` line; it dates what follows it, so it brings the next unit along. */
export function isDatedLabel(unit: string): boolean {
  return unit.length <= 60 && DATED_LABEL.test(unit) && hasDate(unit);
}

// A unit that is a list item: `(a)`, `1)`, `2.`, `a)`, or a bullet.
const LIST_ITEM_UNIT = /^(?:\([0-9A-Za-z]{1,4}\)|[0-9]{1,2}[.)]|[a-z]\)|[•●▪◦∙·‣*–—-])\s/;

/**
 * The list items right after position `from` of `units` (at most six), up to the first unit that is
 * not one. When none is marked, the lines up to the next marked item are the list, their bullets
 * lost in extraction (`…for any of the following uses:` / `Risk management` / `Research and
 * analysis`); a table row ends it.
 */
export function listItemsAfter(units: readonly string[], from: number): string[] {
  const items: string[] = [];
  for (let index = from; index < units.length && items.length < 6; index += 1) {
    const unit = units[index]!;
    if (!LIST_ITEM_UNIT.test(unit)) break;
    items.push(unit);
  }
  if (items.length > 0) return items;
  for (let index = from; index < units.length && items.length < 6; index += 1) {
    const unit = units[index]!;
    if (LIST_ITEM_UNIT.test(unit) || unit.includes(' | ')) break;
    items.push(unit);
  }
  return items;
}
