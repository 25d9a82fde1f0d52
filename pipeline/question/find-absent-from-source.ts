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
  const names = findNamesAbsentFromSource(question, corpus.vocabulary, abbreviations);
  const phrases = await findPhrasesAbsentFromSource(question, corpus.vocabulary, corpus.readPhrases);
  return [...names, ...phrases, ...(action === undefined ? [] : [action])];
}
