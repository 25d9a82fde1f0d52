/** A run of letters in a question. */
export interface QuestionWord {
  text: string;
  start: number;
  end: number;
  /** True when a hyphen joins it to a neighbouring word (`non-display`, `real-time`). */
  hyphenated: boolean;
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/**
 * The words of `question`: runs of letters, with apostrophes inside (`Licensee's`). Parts of a
 * hyphenated word are separate words marked `hyphenated`; digits end a word.
 */
export function findWords(question: string): QuestionWord[] {
  return [...question.matchAll(WORD)].map((match) => {
    const start = match.index;
    const end = start + match[0].length;
    const hyphenated = question[start - 1] === '-' || question[end] === '-';
    return { text: match[0], start, end, hyphenated };
  });
}
