/**
 * Measures whether extracted text reads as language or as decoding noise. Private to the extract
 * folder: `extractPdf` uses it to tell a missing or unreadable text layer from a real one.
 */

/** Word counts and the readable share of one text. */
export interface Readability {
  /** Whitespace-separated tokens holding at least one letter or digit. */
  wordCount: number;
  /** Tokens of two or more characters holding a letter: the ones judged. */
  judgedCount: number;
  /** Judged tokens that look like words. */
  wordlikeCount: number;
  /** `wordlikeCount / judgedCount`, 0 when nothing was judged. */
  score: number;
}

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const HAS_LETTER = /\p{L}/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
/** Lowercase, Capitalised or UPPERCASE letters, optionally joined by `-`, `'`, `’`, `.` or `/` (`non-display`, `Licensee's`, `e.g`, `and/or`). */
const WORD_SHAPE = /^(?:\p{Lu}?\p{Ll}+|\p{Lu}+)(?:[-'’./](?:\p{Lu}?\p{Ll}+|\p{Lu}+))*$/u;
const LATIN_VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœAEIOUYÀÁÂÃÄÅÆÈÉÊËÌÍÎÏÒÓÔÕÖØÙÚÛÜÝŒ]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * Scores how much of `text` looks like words: of the tokens with a letter and at least two
 * characters (edge punctuation stripped), the share that are letters only, in a plausible case
 * pattern, with a vowel (Latin script; tokens in other scripts are taken as words). Decoding noise
 * from fonts without a Unicode map (`ÿ2234567`, `</-=>?10@`, `L1=@1J/5`) fails on shape; English and
 * legal prose scores well above 0.8.
 */
export function measureReadability(text: string): Readability {
  let wordCount = 0;
  let judgedCount = 0;
  let wordlikeCount = 0;
  for (const raw of text.split(/[\s|]+/u)) {
    if (!HAS_LETTER_OR_DIGIT.test(raw)) continue;
    wordCount += 1;
    const token = raw.replace(EDGE_PUNCTUATION, '');
    if (token.length < 2 || !HAS_LETTER.test(token)) continue;
    judgedCount += 1;
    if (looksLikeWord(token)) wordlikeCount += 1;
  }
  return { wordCount, judgedCount, wordlikeCount, score: judgedCount === 0 ? 0 : wordlikeCount / judgedCount };
}

function looksLikeWord(token: string): boolean {
  if (!WORD_SHAPE.test(token)) return false;
  if (!LATIN_LETTER.test(token)) return true;
  return LATIN_VOWEL.test(token);
}
