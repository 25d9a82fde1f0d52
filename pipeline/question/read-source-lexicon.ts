import { containsSequence, normalizeForMatching, stem, wordsOf } from '../text/index.ts';

/** Options of the offline lexical scorers (the reranker and the extractive generator). */
export interface OfflineLexicalOptions {
  /**
   * The query-expansion rules (config `retrieval.expansions`): a question word a rule's pattern
   * names (`RT`) also counts as found where the text has the expansion (`real time`). Default none.
   */
  expansions?: readonly { pattern: string; expansion: string }[];
  /** The source's publisher words nearly every chunk holds (`sources.<name>.lexical.genericWords`): weighted low like `market` or `data`. */
  genericWords?: readonly string[];
  /**
   * The source's exchange families whose data it prices apart (`sources.<name>.lexical.exchangeFamilies`):
   * for an amount question naming one family, a chunk naming only another is capped at 1.
   */
  exchangeFamilies?: readonly { family: string; names: readonly string[] }[];
}

// Words nearly every chunk of a market-data licensing corpus contains: they count, but little.
const GENERIC_WORDS = new Set(['market', 'data', 'information', 'exchange', 'exchanges']);

/**
 * What a source's configuration tells the lexical scorers (`sources.<name>.lexical`): its publisher's
 * words that nearly every chunk holds (weighted like `GENERIC_WORDS`), and its exchange families,
 * whose data it prices apart, as stem sequences. Compiled once per options object.
 */
export interface SourceLexicon {
  genericWords: ReadonlySet<string>;
  families: readonly { family: string; names: readonly (readonly string[])[] }[];
  familyStems: ReadonlySet<string>;
}

const lexiconByOptions = new WeakMap<OfflineLexicalOptions, SourceLexicon>();

export const EMPTY_LEXICON: SourceLexicon = { genericWords: GENERIC_WORDS, families: [], familyStems: new Set() };

/** The source lexicon of the scorers' options, compiled once per options object (the default lexicon when they configure none). */
export function lexiconOf(options: OfflineLexicalOptions): SourceLexicon {
  if (options.genericWords === undefined && options.exchangeFamilies === undefined) return EMPTY_LEXICON;
  let lexicon = lexiconByOptions.get(options);
  if (lexicon === undefined) {
    const families = (options.exchangeFamilies ?? []).map(({ family, names }) => ({ family, names: names.map((name) => wordsOf(normalizeForMatching(name)).map(stem)) }));
    lexicon = {
      genericWords: new Set([...GENERIC_WORDS, ...(options.genericWords ?? []).map((word) => word.toLowerCase())]),
      families,
      familyStems: new Set(families.flatMap(({ names }) => names.flat())),
    };
    lexiconByOptions.set(options, lexicon);
  }
  return lexicon;
}

/** The exchange families a sequence of stems names. */
export function exchangesNamedBy(lexicon: SourceLexicon, stems: readonly string[]): string[] {
  return lexicon.families.filter(({ names }) => names.some((name) => containsSequence(stems, name))).map(({ family }) => family);
}
