/** Whether one answer term was found in an answer. */
export interface AnswerTermMatch {
  term: string;
  present: boolean;
}

/**
 * Checks each answer term against an answer. The match is case-insensitive and tolerant of layout:
 * NFKC, curly quotes as straight ones, hyphens and dashes as spaces (`real-time` = `real time`),
 * runs of whitespace as one space. Numbers compare by value, so `$3,640` matches `$3,640.00` and
 * `$3640`, and `$134.50` matches `$134.5`; a currency sign or unit written in the term must be in
 * the answer too (`$3,640` does not match `3,640 USD`). A term must start at a word boundary
 * (`AI` is not found in `maintain`); a term ending in a digit must end at a number boundary
 * (`$3,640` is not found in `$3,640,000` or `$3,640.50`); a term ending in a letter may be followed
 * by more letters (`5 year` matches `5 years`). Dates are not normalised: `January 1, 2026` does not
 * match `1 January 2026`.
 */
export function matchAnswerTerms(answer: string, terms: readonly string[]): AnswerTermMatch[] {
  const text = normaliseForMatching(answer);
  return terms.map((term) => ({ term, present: containsTerm(text, normaliseForMatching(term)) }));
}

const GROUPED_NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

function normaliseForMatching(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[-\u2010-\u2015\u2212]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(GROUPED_NUMBER, canonicalNumber);
}

function canonicalNumber(number: string): string {
  const [whole = '', fraction = ''] = number.replace(/,/g, '').split('.');
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const fractionDigits = fraction.replace(/0+$/, '');
  return fractionDigits === '' ? wholeDigits : `${wholeDigits}.${fractionDigits}`;
}

function containsTerm(text: string, term: string): boolean {
  if (term === '') return true;
  for (let index = text.indexOf(term); index !== -1; index = text.indexOf(term, index + 1)) {
    const before = text[index - 1];
    const after = text[index + term.length];
    const afterNext = text[index + term.length + 1];
    if (isWordCharacter(term[0]) && isWordCharacter(before)) continue;
    if (isDigit(term.at(-1)) && (isDigit(after) || ((after === '.' || after === ',') && isDigit(afterNext)))) continue;
    return true;
  }
  return false;
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

function isDigit(character: string | undefined): boolean {
  return character !== undefined && /\d/.test(character);
}
