import { QUESTION_STOP_WORDS, casingMarksNames } from '../question/index.ts';
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
  /**
   * The naming terms with the other words of the names they are written in (`Legacy Marketing
   * Group`: `Legacy` names the document, `Marketing` and `Group` are words of the same name), stems.
   */
  nameStems: string[];
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
  return { documents, groups, naming, nameStems: namesWithCompanions(question, namingStems), text: clauseText };
}

/**
 * The naming stems and the stems of every word written in the same name as one of them: a run of
 * capitalised words (`Legacy Marketing Group`, `eFashion Solutions`) holding a naming term, broken
 * by function words (`the`, `of`). A question written in capitals or Title Case marks no names by
 * its casing: then only the naming stems themselves.
 */
function namesWithCompanions(question: string, naming: ReadonlySet<string>): string[] {
  const stems = new Set(naming);
  const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}'.&-]*/gu) ?? [];
  const capitalised = (word: string) => /^\p{Ll}*\p{Lu}/u.test(word);
  if (!casingMarksNames(words)) return [...stems];
  let run: string[] = [];
  const close = () => {
    const runStems = run.flatMap((word) => [...wordStems(word)]);
    if (runStems.some((wordStem) => naming.has(wordStem))) for (const wordStem of runStems) stems.add(wordStem);
    run = [];
  };
  for (const word of words) {
    if (capitalised(word) && !QUESTION_STOP_WORDS.has(word.toLowerCase())) run.push(word);
    else close();
  }
  close();
  return [...stems];
}
