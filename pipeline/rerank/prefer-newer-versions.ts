const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/;
const YEAR_WORD = /^(?:19|20)\d{2}$/;
const VERSION_WORD = /^v\d+$/;
const EXTENSION = /\.(?:pdf|docx|txt|md)$/i;

/** What a document name says about its version: the family it belongs to and the month it is dated. */
export interface DocumentVersion {
  /** The name without its date, version and extension (`schedule 5 to the ila`). */
  family: string;
  /** `year * 12 + month` (month 0 when the name gives none); undefined when the name has no year. */
  dated: number | undefined;
}

/**
 * Reads a document's family and date from its name: `schedule-5-to-the-ila-january-2026.pdf` is
 * the January 2026 version of `schedule 5 to the ila`, `benchmark-data-fee-list-march-2025.pdf` the
 * March 2025 version of `benchmark data fee list`. Month names, years and `v5`-style version words
 * are left out of the family; a name without a year is undated.
 */
export function readDocumentVersion(doc: string): DocumentVersion {
  const words = doc
    .split('/')
    .at(-1)!
    .replace(EXTENSION, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  let year: number | undefined;
  let month = 0;
  const family: string[] = [];
  for (const word of words) {
    if (YEAR_WORD.test(word)) year = Math.max(year ?? 0, Number(word));
    else if (MONTH_WORD.test(word)) month = MONTHS.indexOf(word.slice(0, 3)) + 1;
    else if (!VERSION_WORD.test(word)) family.push(word);
  }
  return { family: family.join(' '), dated: year === undefined ? undefined : year * 12 + month };
}

/**
 * Among equally relevant items, puts the newer version of a document family first: within each
 * group of items that share a `band` (the rerank score) and a document family, the dated items
 * take the group's places newest first; everything else keeps its place. Two versions of a clause
 * are often word for word the same, and the evidence budget keeps only the better ranked of near
 * duplicates, so without this the superseded wording won as often as the current one. A question
 * that names a year has already scored the other years' versions lower (different bands); one that
 * names an edition by month and year (`the January 2025 list`, `named`: `year * 12 + month` each)
 * gets that edition first, then the rest newest first, since another edition of the same year
 * scores the same.
 */
export function preferNewerVersions<T>(items: readonly T[], band: (item: T) => number, doc: (item: T) => string, named: readonly number[] = []): T[] {
  const result = [...items];
  const groups = new Map<string, { position: number; item: T; dated: number }[]>();
  items.forEach((item, position) => {
    const version = readDocumentVersion(doc(item));
    if (version.dated === undefined || version.family === '') return;
    const key = `${band(item)}\u0000${version.family}`;
    const group = groups.get(key) ?? [];
    group.push({ position, item, dated: version.dated });
    groups.set(key, group);
  });
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const isNamed = (slot: { dated: number }) => (named.includes(slot.dated) ? 1 : 0);
    const newestFirst = [...group].sort((left, right) => isNamed(right) - isNamed(left) || right.dated - left.dated || left.position - right.position);
    group.forEach((slot, index) => {
      result[slot.position] = newestFirst[index]!.item;
    });
  }
  return result;
}
