import { editDistance } from './edit-distance.ts';
import { containsSequence } from './token-stream.ts';
import type { TokenStream } from './token-stream.ts';

/** How a spelling (stems in order) occurs in a stream: 1 exactly (a sequence of stems verbatim), 0.8 through a typo (one word of four letters or more), 0 not at all. */
export function spellingCredit(stems: readonly string[], stream: TokenStream): number {
  if (stems.length > 1) return containsSequence(stream.stems, stems) ? 1 : 0;
  const termStem = stems[0]!;
  if (stream.stemSet.has(termStem)) return 1;
  if (!canBeMisspelt(termStem)) return 0;
  // A typo keeps the first letter: only the stream's words with the same initial are compared.
  const candidates = wordsByInitial(stream).get(termStem[0]!) ?? [];
  return candidates.some((wordStem) => misspells(wordStem, termStem)) ? 0.8 : 0;
}

/** True when a word stem, one word of the text, names `termStem` as written or with a typo (see `spellingCredit`). */
export function namesStem(wordStem: string, termStem: string): boolean {
  return wordStem === termStem || (canBeMisspelt(termStem) && wordStem[0] === termStem[0] && misspells(wordStem, termStem));
}

/** Only words of four letters or more, without digits, are read through a typo. */
function canBeMisspelt(termStem: string): boolean {
  return termStem.length >= 4 && !/\p{N}/u.test(termStem);
}

/** True when `wordStem` (same initial) is `termStem` misspelt: a four-letter word with a letter dropped (`audt`, `cont`), else `isTypoOf`. */
function misspells(wordStem: string, termStem: string): boolean {
  return termStem.length === 4 ? wordStem.length === 5 && editDistance(termStem, wordStem, 1) <= 1 : isTypoOf(termStem, wordStem);
}

const initials = new WeakMap<TokenStream, Map<string, string[]>>();

/** The stream's distinct words grouped by first letter, built once per (memoised) stream. */
function wordsByInitial(stream: TokenStream): Map<string, string[]> {
  let groups = initials.get(stream);
  if (groups === undefined) {
    groups = new Map();
    for (const word of stream.stemSet) {
      const initial = word[0]!;
      const group = groups.get(initial);
      if (group) group.push(word);
      else groups.set(initial, [word]);
    }
    initials.set(stream, groups);
  }
  return groups;
}

/**
 * Typo tolerance for stems of five characters or more: the padded character trigrams must overlap
 * (Dice ≥ 0.5), the first letters must agree, and the edit distance must be small (1, or 2 from
 * nine characters), so that `licence`/`license` and `subcriber`/`subscriber` meet but
 * `licenses`/`licensee` and `redistribution`/`distribution` do not.
 */
export function isTypoOf(termWord: string, word: string): boolean {
  if (word.length < 5 || Math.abs(word.length - termWord.length) > 2 || word[0] !== termWord[0] || /\p{N}/u.test(word)) return false;
  const key = `${termWord}\u0000${word}`;
  let typo = typoPairs.get(key);
  if (typo === undefined) {
    if (typoPairs.size >= 200_000) typoPairs.clear();
    typo = isCloseSpelling(termWord, word);
    typoPairs.set(key, typo);
  }
  return typo;
}

// The same question words meet the same chunk words question after question: each pair is compared once.
const typoPairs = new Map<string, boolean>();

function isCloseSpelling(termWord: string, word: string): boolean {
  if (trigramDice(termWord, word) < 0.5) return false;
  const allowed = Math.min(termWord.length, word.length) >= 9 ? 2 : 1;
  return editDistance(termWord, word, allowed) <= allowed;
}

function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  const grams: string[] = [];
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.push(padded.slice(index, index + 3));
  return grams;
}

function trigramDice(left: string, right: string): number {
  const leftGrams = trigrams(left);
  const rightCounts = new Map<string, number>();
  for (const gram of trigrams(right)) rightCounts.set(gram, (rightCounts.get(gram) ?? 0) + 1);
  const rightTotal = [...rightCounts.values()].reduce((sum, count) => sum + count, 0);
  let shared = 0;
  for (const gram of leftGrams) {
    const count = rightCounts.get(gram) ?? 0;
    if (count > 0) {
      shared += 1;
      rightCounts.set(gram, count - 1);
    }
  }
  return (2 * shared) / (leftGrams.length + rightTotal);
}
