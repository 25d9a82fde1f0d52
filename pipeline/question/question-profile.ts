import type { SourceLexicon } from './read-source-lexicon.ts';

/**
 * What a question asks for, beyond its terms: an amount of money, a percentage (`which portion of
 * receipts`), a definition, a date, a duration, a frequency, or nothing specific.
 */
export type QuestionAsk = 'amount' | 'percentage' | 'definition' | 'date' | 'duration' | 'frequency' | 'none';

/** One content term of a question: one word, or a label such as `category a` that must match as a sequence. */
export interface ProfileTerm {
  /** The term as shown in traces (`fee`, `category a`). */
  display: string;
  /** Stems of its words, in order. */
  stems: string[];
  /**
   * 1 for specific terms; 0.5 for words that frame the answer (`requirements`, `policies`,
   * `criteria`); 0.25 for words almost every licensing chunk contains (`cme`, `market`, `data`).
   */
  weight: number;
  /** True for words that ask for an amount (`fee`, `cost`): a line with a money amount counts as naming them. */
  satisfiedByAmount: boolean;
  /** Other spellings that count as the term, as stem sequences (`real time` for `RT`, from the expansion rules). */
  alternatives?: string[][];
  /** True for a word of the framing before the question itself (`our ops team asked me this:`); see `dropUnmatchedFraming`. */
  framing?: boolean;
  /** True for one label of a list the question names (`category b` of `categories (a, b, and c)`): each asks to be answered. */
  listed?: boolean;
  /**
   * True for a word the question sets beside another with a conjunction (`gold` and `silver` of
   * `what gold and silver rates apply`; see `findCoordinatedWords`): each side asks to be answered.
   */
  coordinated?: boolean;
}

/** A question reduced to what the lexical scorers look for. */
export interface QuestionProfile {
  terms: ProfileTerm[];
  /** Multi-word phrases as stem sequences: adjacent content words, quoted phrases, labels, the definition subject. */
  phrases: string[][];
  ask: QuestionAsk;
  /** For a definition question, the words of the term to be defined (lowercase, as written). */
  subject: string[] | undefined;
  /** Other spellings of the subject from the expansion rules (`non-professional` for `non-pro`). */
  subjectAlternatives?: string[][];
  /** Years the question names (`2026`): a chunk must hold them (or its document name must) to score above 1. */
  years: string[];
  /** The source's generic words and exchange families (`SourceLexicon`). */
  lexicon: SourceLexicon;
  /** The exchange families the question names (`CME Group` for `CME` or `NYMEX`; see `SourceLexicon`). */
  exchanges?: string[];
  /**
   * True when the framing is a sentence of its own before a question that stands by itself (`we
   * over-reported devices last quarter. within what period must a corrected report be filed…`):
   * it tells the situation, and a chunk that does not name it is not the less relevant for that.
   */
  contextSentence?: boolean;
  /**
   * True for an amount question the learned reading hears as asking a share too (`what rebate rate`,
   * `what may the seller charge for slow payers`; see `readAsk`): a percentage answers it as money does.
   */
  shareAsked?: boolean;
  /** A date question asking by when something must be done (`by what date`, `by when`, `deadline`): a date after `by` or `no later than` answers it best. */
  deadline?: boolean;
  /**
   * True when the question sets things against each other (`X vs Y`, `compare`, `the difference
   * between X and Y`): its qualifiers may each belong to another row or clause, one per side.
   */
  comparison?: boolean;
  /**
   * For a part of a question that refers back to the part before it (`…, and who is eligible for
   * it?`): its own terms. Its `terms` are those and the earlier part's, which say what `it` is.
   */
  ownTerms?: ProfileTerm[];
}

/** The asks a value answers. */
export type ValueAsk = Exclude<QuestionAsk, 'definition' | 'none'>;

/** True for the asks a value answers: an amount, a percentage, a date, a duration, a frequency. */
export function isValueAsk(ask: QuestionAsk): ask is ValueAsk {
  return ask === 'amount' || ask === 'percentage' || ask === 'date' || ask === 'duration' || ask === 'frequency';
}
