import { DEFINITION_LINE_PATTERN } from '../chunk/index.ts';
import { escapeRegExp } from './escape-reg-exp.ts';
import { isTypoOf } from './match-spelling.ts';
import { normalizeForMatching } from './normalize-for-matching.ts';

/**
 * True when `text` defines `subject` (lowercase words): `X means` / `"X" shall mean`,
 * `X is defined as`, `X refers to`, or a line that opens a definition of X (`X: …`, `"X" means …`, as
 * the chunker recognises them). A term merely introduced in quotes (`insert ("Subscriber")`) does not
 * count. A plural `s` on any word of four letters or more is tolerated.
 */
export function definesTerm(text: string, subject: readonly string[]): boolean {
  if (subject.length === 0) return false;
  const normalized = normalizeForMatching(text);
  const words = subject.map((word) => (word.length > 3 ? `${escapeRegExp(word.replace(/s$/, ''))}(?:e?s)?` : escapeRegExp(word)));
  const term = words.join('[\\s-]+');
  const inline = new RegExp(
    `\\b${term}\\b["']?\\s+(?:shall\\s+mean|means|is\\s+defined\\s+as|are\\s+defined\\s+as|refers?\\s+to)\\b`,
  );
  if (inline.test(normalized)) return true;
  const singular = (words: string) => words.split(' ').map((word) => (word.length > 3 ? word.replace(/s$/, '') : word)).join(' ');
  const subjectKey = singular(subject.join(' ').replace(/[\s-]+/g, ' '));
  for (const line of text.split('\n')) {
    const match = DEFINITION_LINE_PATTERN.exec(line);
    const defined = match?.groups?.quoted ?? match?.groups?.bare;
    if (defined === undefined) continue;
    const definedKey = singular(normalizeForMatching(defined).replace(/[\s-]+/g, ' ').trim());
    if (definedKey === subjectKey || sameWordsAllowingTypos(definedKey, subjectKey)) return true;
  }
  return false;
}

/** True when both keys have the same number of words and each pair is equal or a typo of the other (`wallbozrd`/`wallboard`). */
function sameWordsAllowingTypos(left: string, right: string): boolean {
  const leftWords = left.split(' ');
  const rightWords = right.split(' ');
  if (leftWords.length !== rightWords.length) return false;
  return leftWords.every((word, index) => word === rightWords[index] || (word.length >= 5 && isTypoOf(word, rightWords[index]!)));
}
