/**
 * Whether a question's casing marks its names: not when most of its words are capitalised (Title
 * Case, or capitals throughout), since then every word looks like one. `words` are the question's
 * words as written.
 */
export function casingMarksNames(words: readonly string[]): boolean {
  return words.filter((word) => /^\p{Ll}*\p{Lu}/u.test(word)).length * 2 <= words.length;
}
