import { QUESTION_STOP_WORDS } from '../question/index.ts';
import { LABEL_WORDS, stem, stemsOf } from '../text/index.ts';
import type { QuestionProfile } from '../question/index.ts';

/** How well a unit's own qualifiers fit the question's: the labels it names and the share of its label words the question names. */
export interface QualifierFit {
  /** Labels the question names (`category c`) that the unit names too. */
  askedLabels: number;
  /** Labels of the same kind but another code the unit names (`category a1` when `category c` is asked). */
  otherLabels: number;
  /** Table cells of the value the question names, where other rows of its table hold another (`fitColumnLabels`). */
  askedCells?: number;
  /**
   * The share of the unit's own words (a table row: the words of its label cells; a sentence: its
   * words) that the question names, function words left out: `Display Device | Real Time | Device`
   * fits `real-time display device` whole; `Distribution | Real Time Subscriber Display Device` less.
   */
  precision: number;
}

const LABEL_STEMS = new Set([...LABEL_WORDS].map(stem));
const STOP_STEMS = new Set([...QUESTION_STOP_WORDS].map(stem));
// A label's code: a letter (`a`, `a1`), a number (`2`, `1a`) or a roman numeral.
const LABEL_CODE = /^(?:\p{L}\p{N}{0,2}|\p{N}{1,3}\p{L}?|[ivx]{2,4})$/u;
// A cell that is a figure: an amount, a count, a band of counts (`201 - 2,000`).
const FIGURE_CELL = /^[\s$€£¥%\d.,()+\-–*]*\d[\s$€£¥%\d.,()+\-–*]*$/;

/**
 * Measures how a unit's own qualifiers fit the question (`QualifierFit`). The labels asked are the
 * question's two-word phrases of a label word and a code (`category c`, `schedule 4`); the question's
 * words are its terms' stems and their other spellings.
 */
export function measureQualifierFit(profile: QuestionProfile, text: string): QualifierFit {
  const asked = profile.phrases.filter((phrase) => phrase.length === 2 && LABEL_STEMS.has(phrase[0]!) && LABEL_CODE.test(phrase[1]!));
  const stems = stemsOf(text);
  let askedLabels = 0;
  let otherLabels = 0;
  for (const [labelStem, code] of asked) {
    for (let index = 0; index + 1 < stems.length; index += 1) {
      if (stems[index] !== labelStem || !LABEL_CODE.test(stems[index + 1]!)) continue;
      if (stems[index + 1] === code) askedLabels += 1;
      else otherLabels += 1;
    }
  }
  const questionStems = questionStemsOf(profile);
  const own = contentStemsOf(ownWords(text));
  const named = own.filter((word) => questionStems.has(word)).length;
  return { askedLabels, otherLabels, precision: own.length === 0 ? 0 : named / own.length };
}

/** A table row's label cells (its figure cells left out); a sentence whole. */
function ownWords(text: string): string {
  if (!text.includes(' | ')) return text;
  return text
    .split(' | ')
    .filter((cell) => !FIGURE_CELL.test(cell.trim()))
    .join(' ');
}

/** The stems the question names: its terms', their other spellings' and its phrases'. */
export function questionStemsOf(profile: QuestionProfile): Set<string> {
  const stems = new Set(profile.terms.flatMap((term) => [...term.stems, ...(term.alternatives ?? []).flat()]));
  for (const phrase of profile.phrases) for (const part of phrase) stems.add(part);
  return stems;
}

/** The stems of `text`'s words that say what it is about: function words and numbers left out. */
export function contentStemsOf(text: string): string[] {
  return stemsOf(text).filter((word) => !STOP_STEMS.has(word) && !/^\p{N}/u.test(word));
}
