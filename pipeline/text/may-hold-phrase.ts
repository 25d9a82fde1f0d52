/**
 * False when no case-insensitive Unicode pattern (`iu`) that spells `phrase` word by word can match
 * in `text` (the question stage's phrase patterns, the reranker's expansion test), because a word of
 * the phrase written in ASCII is not in the text, letter case ignored; true when the pattern must
 * decide. Compiling a pattern costs far more than this test, and most phrases tried against a
 * question are not in it. Exact: the only characters outside ASCII that such a pattern matches for
 * an ASCII letter are the long s (`ſ`, for `s`) and the Kelvin sign (for `k`, which lower-cases to
 * `k`).
 */
export function mayHoldPhrase(text: string, phrase: string): boolean {
  const folded = text.toLowerCase().replaceAll('ſ', 's');
  return phrase
    .trim()
    .split(/\s+/u)
    .every((word) => !isAscii(word) || folded.includes(word.toLowerCase()));
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}
