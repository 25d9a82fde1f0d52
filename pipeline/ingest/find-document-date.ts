import { findCalendarDates } from '../question/index.ts';

/** A date a document states about itself, and which kind of statement it came from. */
export interface DocumentDate {
  /** YYYY-MM-DD; a month and year (`January 2026`) reads as its first day. */
  date: string;
  kind: 'effective' | 'edition';
}

// The words that introduce a document's own date, and how far after them (characters) the date may
// stand: `Effective Date: 1 January 2026`, `effective as of January 1, 2025`, `Revised March 2025`.
const EFFECTIVE = /\beffective\b/giu;
const EDITION = /\b(?:edition|issued|published|revised|updated|dated|as of)\b/giu;
const REACH = 40;
/** The characters of a document read for its date: its opening pages, not its history tables. */
const READ_CHARACTERS = 20_000;

/**
 * The date a document states about itself: the first full date (with a year and a month) written
 * within a few words after "effective", else after an edition word ("edition", "issued",
 * "published", "revised", "updated", "dated", "as of"), in the first 20,000 characters of its
 * text. A blank form field (`Effective Date: ______`) is skipped. Undefined when the text states none.
 */
export function findDocumentDate(text: string): DocumentDate | undefined {
  const head = text.slice(0, READ_CHARACTERS);
  const dates = findCalendarDates(head).filter((found) => found.year !== undefined);
  if (dates.length === 0) return undefined;
  for (const [pattern, kind] of [[EFFECTIVE, 'effective'], [EDITION, 'edition']] as const) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(head); match !== null; match = pattern.exec(head)) {
      const after = match.index + match[0].length;
      const found = dates.find((date) => date.start >= after && date.start - after <= REACH && isLabelGap(head.slice(after, date.start)));
      if (found !== undefined) return { date: formatDate(found.year!, found.month, found.day ?? 1), kind };
    }
  }
  return undefined;
}

/** Between the word and the date: a label's rest (`Date:`, `as of`), never a blank form field or a new paragraph. */
function isLabelGap(gap: string): boolean {
  return !gap.includes('_') && (gap.match(/\n/g) ?? []).length <= 1;
}

function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
