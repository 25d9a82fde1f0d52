import { stem } from './stem.ts';
import { normalizeForMatching, wordsOf } from './normalize-for-matching.ts';

/** A text's stems in order, and as a set, as the lexical scorers read it (see `tokenStream`). */
export interface TokenStream {
  stems: string[];
  stemSet: Set<string>;
}

/**
 * A bounded memo: chunk texts, headings and their sentences recur across questions (the same few
 * hundred chunks answer every question), so their token streams and passages are read once. Cleared
 * whole when full; values are never mutated by their users.
 */
export function memo<T>(limit: number, compute: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = compute(text);
      cache.set(text, value);
    }
    return value;
  };
}

/** The token stream of `text` (normalised, split into words, stemmed), memoised across questions. */
export const tokenStream = memo(50_000, (text: string): TokenStream => {
  const stems = wordsOf(normalizeForMatching(text)).map(stem);
  return { stems, stemSet: new Set(stems) };
});

/** The stems of `text`'s words, in order, as the scorers read them. */
export function stemsOf(text: string): readonly string[] {
  return tokenStream(text).stems;
}

/** True when `sequence` occurs in `stems` as a contiguous run. */
export function containsSequence(stems: readonly string[], sequence: readonly string[]): boolean {
  outer: for (let start = 0; start + sequence.length <= stems.length; start += 1) {
    for (let offset = 0; offset < sequence.length; offset += 1) {
      if (stems[start + offset] !== sequence[offset]) continue outer;
    }
    return true;
  }
  return false;
}
