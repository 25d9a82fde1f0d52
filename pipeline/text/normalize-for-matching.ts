

/**
 * Lowercases and NFKC-normalises text, turns Unicode dashes into `-` and curly quotes into straight
 * ones, so that questions and chunks compare on the same characters.
 */
export function normalizeForMatching(text: string): string {
  return text
    // Marks first: NFKC spells ™ as `TM`, which would glue onto the name (`CVOL™` → `cvoltm`).
    .replace(/[\u2122\u00ae\u00a9\u2120]/g, ' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"');
}

// Words and numbers; a number keeps its decimal part and thousands groups (`134.50`, `3,640`).
const WORD_PATTERN = /[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu;

/** False when the UTF-16 code unit `code` cannot be (part of) a `\p{N}` character: an ASCII character other than a digit. */
function mayBeNumber(code: number): boolean {
  return code > 0x7f || (code >= 0x30 && code <= 0x39);
}

/**
 * The words of a normalised text, in order: thousands separators are dropped, footnote digits glued
 * to a word are cut off (`time11` → `time`), and `non` joins the word after it (`non-display` →
 * `nondisplay`), so that Non-Display never counts as display.
 */
export function wordsOf(normalized: string): string[] {
  const words: string[] = [];
  for (const match of normalized.matchAll(WORD_PATTERN)) {
    let word = match[0];
    // The patterns run only where a character allows them (a word is mostly ASCII letters).
    if (mayBeNumber(word.charCodeAt(0)) && /^\p{N}/u.test(word)) word = word.replace(/,/g, '');
    if (mayBeNumber(word.charCodeAt(word.length - 1))) {
      const glued = /^(\p{L}{3,})\p{N}{1,2}$/u.exec(word);
      if (glued?.[1]) word = glued[1];
    }
    words.push(word);
  }
  // `non-display`, `non display` and `nondisplay` are one word, and never the word `display`.
  const merged: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const next = words[index + 1];
    if (words[index] === 'non' && next !== undefined && /^\p{L}/u.test(next)) {
      merged.push(`non${next}`);
      index += 1;
    } else {
      merged.push(words[index]!);
    }
  }
  return merged;
}
