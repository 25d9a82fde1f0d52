import { groupNamedDocuments, namedDocumentLimit } from '../rerank/group-named-documents.ts';
import { readRerankQuestion } from '../rerank/read-rerank-question.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import { wordStems } from '../rerank/term-statistics.ts';

/** The documents a question names, and what it asks of them. */
export interface DocumentNames {
  /** The documents holding the question's document-naming terms (a party, a title, a product). */
  documents: Set<string>;
  /** The same documents by the agreement they were named as: two or more groups when the question compares agreements. */
  groups: Set<string>[];
  /** The question's document-naming terms (stems). */
  naming: string[];
  /** The question without its document-naming words: the clause it asks for. */
  text: string;
}

/**
 * Reads which documents a question names: its specific terms that few documents hold (see
 * `ReadTerm.namesDocument`, learned from the source's own text, not from a list) pick the documents
 * holding most of them, one group per agreement named (`groupNamedDocuments`); the rest of the
 * question is what to search for inside them. `undefined` when the question names no document or
 * every document would do.
 */
export function readDocumentNames(question: string, statistics: TermStatistics): DocumentNames | undefined {
  const reading = readRerankQuestion(question, statistics);
  const naming = reading.terms.filter((term) => term.namesDocument).map((term) => term.stem);
  if (naming.length === 0) return undefined;
  const limit = namedDocumentLimit(statistics.documents.length);
  const groups = groupNamedDocuments(naming, statistics, limit);
  const documents = new Set(groups.flatMap((group) => [...group]));
  if (documents.size === 0 || documents.size > limit) return undefined;
  const namingStems = new Set(naming);
  const clauseText = (question.match(/[\p{L}\p{N}][\p{L}\p{N}'.-]*/gu) ?? [])
    .filter((word) => !wordStems(word).some((wordStem) => namingStems.has(wordStem)))
    .join(' ');
  return { documents, groups, naming, text: clauseText };
}
