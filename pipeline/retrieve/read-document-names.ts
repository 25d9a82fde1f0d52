import { readRerankQuestion } from '../rerank/read-rerank-question.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import { wordStems } from '../rerank/term-statistics.ts';

/** The documents a question names, and what it asks of them. */
export interface DocumentNames {
  /** The documents holding the most of the question's document-naming terms (a party, a title, a product). */
  documents: Set<string>;
  /** The question without its document-naming words: the clause it asks for. */
  text: string;
}

/**
 * Reads which documents a question names: its specific terms that few documents hold (see
 * `ReadTerm.namesDocument`, learned from the source's own text, not from a list) pick the documents
 * holding most of them; the rest of the question is what to search for inside them. `undefined`
 * when the question names no document or every document would do.
 */
export function readDocumentNames(question: string, statistics: TermStatistics): DocumentNames | undefined {
  const reading = readRerankQuestion(question, statistics);
  const naming = reading.terms.filter((term) => term.namesDocument).map((term) => term.stem);
  if (naming.length === 0) return undefined;
  let best = 0;
  const counts = new Map<string, number>();
  for (const doc of statistics.documents) {
    const count = naming.filter((wordStem) => statistics.documentHolds(doc, wordStem)).length;
    counts.set(doc, count);
    best = Math.max(best, count);
  }
  const documents = new Set([...counts].filter(([, count]) => count === best && count > 0).map(([doc]) => doc));
  if (documents.size === 0 || documents.size > Math.max(2, statistics.documents.length / 5)) return undefined;
  const namingStems = new Set(naming);
  const clauseText = (question.match(/[\p{L}\p{N}][\p{L}\p{N}'.-]*/gu) ?? [])
    .filter((word) => !wordStems(word).some((wordStem) => namingStems.has(wordStem)))
    .join(' ');
  return { documents, text: clauseText };
}
