import { escapeRegExp } from '../text/index.ts';

/** How `createPhrasePattern` builds its expression. */
export interface PhrasePatternOptions {
  /** Match letter case exactly (for abbreviations that are ordinary words in lower case, `ICE`). Default false. */
  caseSensitive?: boolean;
  /**
   * Treat a hyphen between letters or digits as part of a word, so that `rt` does not match in
   * `rt-data` and `pro` does not match in `non-pro`. Default false: `CME` matches in `CME-cleared`.
   */
  hyphenJoinsWords?: boolean;
}

const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;

/**
 * A global regular expression that finds `phrase` as a whole word or words: any run of whitespace
 * matches a space in the phrase, and the phrase may not continue a word on either side. A phrase
 * that starts or ends with a letter may not touch another letter there (a digit may follow, so that
 * footnote markers glued to a word, `SOFR1`, still match); one that starts or ends with a digit may
 * not touch another digit or a decimal/thousands separator followed by a digit (`2026` is not in
 * `20265` nor in `1,2026`). Private helper of the question stage; not exported from its index.
 */
export function createPhrasePattern(phrase: string, options: PhrasePatternOptions = {}): RegExp {
  const body = phrase
    .trim()
    .split(/\s+/u)
    .map((part) => escapeRegExp(part))
    .join('\\s+');
  const first = phrase.trim().at(0) ?? '';
  const last = phrase.trim().at(-1) ?? '';
  let before = '';
  let after = '';
  if (LETTER.test(first)) before = '(?<!\\p{L})';
  else if (DIGIT.test(first)) before = '(?<!\\p{N})(?<!\\p{N}[.,])';
  if (LETTER.test(last)) after = '(?!\\p{L})';
  else if (DIGIT.test(last)) after = '(?!\\p{N})(?![.,]\\p{N})';
  if (options.hyphenJoinsWords) {
    if (LETTER.test(first) || DIGIT.test(first)) before += '(?<![\\p{L}\\p{N}]-)(?<!\\p{N})';
    if (LETTER.test(last) || DIGIT.test(last)) after += '(?!-[\\p{L}\\p{N}])(?!\\p{N})';
  }
  return new RegExp(`${before}${body}${after}`, options.caseSensitive ? 'gu' : 'giu');
}

