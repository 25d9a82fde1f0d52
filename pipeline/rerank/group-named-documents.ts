import type { TermStatistics } from './term-statistics.ts';

/**
 * The documents a question's document-naming terms (`ReadTerm.namesDocument`) name, one group per
 * agreement named: the documents holding the most of the terms form the first group; the terms
 * they lack pick the next group the same way (`the Hertz licence vs the Palmer Square licence`
 * names two), until every term some document holds is covered. Documents holding the same terms
 * (editions of one agreement) are one group. A group of more than `limit`
 * documents is no name: as the first group it makes the result empty, later it ends the cover.
 */
export function groupNamedDocuments(naming: readonly string[], statistics: Pick<TermStatistics, 'documents' | 'documentHolds'>, limit: number): Set<string>[] {
  const groups: Set<string>[] = [];
  let uncovered = [...naming];
  while (uncovered.length > 0) {
    const group = documentsHoldingMost(uncovered, statistics);
    if (group.size === 0) break;
    if (group.size > limit) return groups.length === 0 ? [] : groups;
    groups.push(group);
    uncovered = uncovered.filter((wordStem) => ![...group].some((doc) => statistics.documentHolds(doc, wordStem)));
  }
  return groups;
}

/**
 * The documents holding the most of `stems` (at least one) and the same ones as the first such
 * document (editions of one agreement): a tie between documents holding different names is two
 * agreements, and the other one is left to the next group.
 */
function documentsHoldingMost(stems: readonly string[], statistics: Pick<TermStatistics, 'documents' | 'documentHolds'>): Set<string> {
  let best: string[] = [];
  const held = new Map<string, string>();
  for (const doc of statistics.documents) {
    const holds = stems.filter((wordStem) => statistics.documentHolds(doc, wordStem));
    held.set(doc, holds.join(' '));
    if (holds.length > best.length) best = holds;
  }
  if (best.length === 0) return new Set();
  const key = best.join(' ');
  return new Set([...held].filter(([, holds]) => holds === key).map(([doc]) => doc));
}

/** At most this many documents are named by one question (a fifth of the source, at least 2): more would do for any question. */
export function namedDocumentLimit(documentCount: number): number {
  return Math.max(2, documentCount / 5);
}

/**
 * For each document, the question's document-naming terms (`naming`) it answers for: those it holds,
 * or, when the question compares agreements (two or more groups), every naming term for a document
 * of any group: a chunk of either side is not the less relevant for lacking the other's names.
 * With `throughout`, a name answers for a document only when its opening (name, title, parties)
 * holds it and so do at least a quarter of its chunks (a party named throughout, not a fee tier or
 * a product one table of a list prices); the `companions` (the other words of the names, `Marketing
 * Group` beside `Legacy`) then join for a document its opening holds them in, once one name answers
 * for it. `undefined` for a question naming nothing. Read per document, once.
 */
export function createDocumentTerms(
  naming: readonly string[],
  statistics: Pick<TermStatistics, 'documents' | 'documentHolds' | 'documentOpens' | 'documentShare' | 'documentsHolding'>,
  options: { throughout?: boolean; companions?: readonly string[] } = {},
): (doc: string) => ReadonlySet<string> | undefined {
  if (naming.length === 0) return () => undefined;
  const groups = groupNamedDocuments(naming, statistics, namedDocumentLimit(statistics.documents.length));
  const compared = groups.length >= 2 ? new Set(groups.flatMap((group) => [...group])) : new Set<string>();
  const throughout = options.throughout === true;
  // A word of the document's opening no other document writes names it (a party the rest of the
  // agreement calls `you` or `Franchisee`), however rarely it recurs.
  const answersFor = (doc: string, wordStem: string) =>
    throughout
      ? statistics.documentOpens(doc, wordStem) && (statistics.documentShare(doc, wordStem) >= NAMED_THROUGHOUT_SHARE || statistics.documentsHolding(wordStem) === 1)
      : statistics.documentHolds(doc, wordStem);
  const byDocument = new Map<string, ReadonlySet<string>>();
  return (doc) => {
    let held = byDocument.get(doc);
    if (held === undefined) {
      const names = naming.filter((wordStem) => compared.has(doc) || answersFor(doc, wordStem));
      const companions = names.length === 0 ? [] : (options.companions ?? []).filter((wordStem) => statistics.documentOpens(doc, wordStem));
      held = new Set([...names, ...companions]);
      byDocument.set(doc, held);
    }
    return held;
  };
}

/** The share of a document's chunks a name must be found in to name the whole document (`createDocumentTerms`, `throughout`). */
const NAMED_THROUGHOUT_SHARE = 0.25;
