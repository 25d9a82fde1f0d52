import type { CorpusStatistics } from '../corpus/index.ts';
import { findNamesAbsentFromSource, findPhrasesAbsentFromSource, findRequiredActionAbsentFromSource } from './find-names-absent-from-source.ts';

/**
 * What the question names that no document of the source contains: acronyms (`SOC`), capitalised
 * names whose words never stand together (`FX Link`), the action a requirement question asks about
 * (`encrypt`). Reads the source's words from `corpus` (stored at ingest); its phrases only when
 * the question has a name whose words the source holds.
 */
export async function findAbsentFromSource(question: string, corpus: CorpusStatistics, abbreviations: readonly string[]): Promise<string[]> {
  const action = findRequiredActionAbsentFromSource(question, corpus.vocabulary);
  // An acronym the documents define or spell out (`EOD`: End of Day) is not absent.
  const names = findNamesAbsentFromSource(question, corpus.vocabulary, abbreviations).filter((name) => !corpus.acronyms.has(name.toUpperCase()));
  const phrases = await findPhrasesAbsentFromSource(question, corpus.vocabulary, corpus.readPhrases, corpus.documents);
  return [...names, ...phrases, ...(action === undefined ? [] : [action])];
}
