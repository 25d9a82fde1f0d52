import { containsSequence, definesTerm, hasDate, hasDuration, hasEndDate, hasFrequency, hasMoneyAmount, hasPercentage, namesMonth, tokenStream } from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import { termCredit } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';

/** How well one line or sentence matches the question, with the section heading as its context. */
export interface SegmentRelevance {
  text: string;
  /** Weighted share of question terms in the segment and heading, amount words counted when the segment has an amount. */
  coverage: number;
  /** Specific question terms (weight 1) named in the segment itself, not only in the heading. */
  ownSpecificMatches: number;
  /** Specific question terms named in the section heading. */
  headingSpecificMatches: number;
  /** Any question term named in the segment itself. */
  ownMatches: number;
  /** The segment holds what the question asks for (an amount, a date, a duration, the definition of its subject). */
  askMet: boolean;
  /** Question phrases found verbatim in the segment. */
  phrasesMatched: number;
}

/**
 * Measures one line or sentence against the question, with the section heading as context: the
 * weighted term coverage of segment and heading together (a term asking for an amount counts when
 * the segment holds one), the terms the segment names itself, whether it holds what the question
 * asks for, and the question phrases it contains verbatim.
 */
export function measureSegment(profile: QuestionProfile, text: string, heading: string, doc?: string, documentTerms?: ReadonlySet<string>): SegmentRelevance {
  return measureSegmentStreams(profile, text, tokenStream(text), contextStream(profile, heading, doc, documentTerms));
}

/**
 * The context a line is read in: its section heading and its document's name
 * (`benchmark-data-fee-list-march-2025.pdf` says what every row of that list prices, and when).
 */
export function contextStream(_profile: QuestionProfile, heading: string, doc: string | undefined, documentTerms?: ReadonlySet<string>): TokenStream {
  const stream = tokenStream(heading);
  if (doc === undefined) return stream;
  const docStream = tokenStream(doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '));
  const named = documentTerms === undefined ? [] : [...documentTerms].flatMap((term) => ['|', term]);
  return { stems: [...stream.stems, '|', ...docStream.stems, ...named], stemSet: new Set([...stream.stemSet, ...docStream.stemSet, ...(documentTerms ?? [])]) };
}

/** `measureSegment` on token streams already read: the segment and its context (see `contextStream`). */
export function measureSegmentStreams(profile: QuestionProfile, text: string, segment: TokenStream, heading: TokenStream): SegmentRelevance {
  const askMet = segmentMeetsAsk(profile, text);
  const amount = profile.ask === 'amount' ? askMet : hasMoneyAmount(text);
  const total = totalWeight(profile);
  let covered = 0;
  let ownSpecificMatches = 0;
  let headingSpecificMatches = 0;
  let ownMatches = 0;
  for (const term of profile.terms) {
    const own = termCredit(term, segment);
    const inHeading = termCredit(term, heading);
    const credit = Math.max(own, inHeading, term.satisfiedByAmount && amount ? 1 : 0);
    covered += credit * term.weight;
    if (own > 0) {
      ownMatches += 1;
      if (term.weight === 1) ownSpecificMatches += 1;
    }
    if (inHeading > 0 && term.weight === 1) headingSpecificMatches += 1;
  }
  const phrasesMatched = profile.phrases.filter((phrase) => containsSequence(segment.stems, phrase)).length;
  return { text, coverage: total > 0 ? covered / total : 0, ownSpecificMatches, headingSpecificMatches, ownMatches, askMet, phrasesMatched };
}

function segmentMeetsAsk(profile: QuestionProfile, text: string): boolean {
  switch (profile.ask) {
    case 'amount':
      // A charge asked as a share (`QuestionProfile.shareAsked`: `what rebate rate`, `what may the
      // seller charge for slow payers`) is met by a percentage as by money (`4.5% of gross receipts`).
      return hasMoneyAmount(text) || (profile.shareAsked === true && hasPercentage(text));
    case 'percentage':
      return hasPercentage(text);
    case 'date':
      // `When must the report be submitted?` — `no later than 15 days after the month` and `the last
      // business day of February of each calendar year` answer it too.
      return hasDate(text) || hasDuration(text) || namesMonth(text);
    case 'duration':
      // A period may be stated by its end: `Quoted prices hold till 30 June 2031` says for how long they hold.
      return hasDuration(text) || hasEndDate(text);
    case 'frequency':
      return hasFrequency(text);
    case 'definition':
      return definesSubjectOf(profile, text);
    case 'none':
      return false;
  }
}

/** True when `text` defines the question's subject, as written or as an expansion rule spells it out. */
export function definesSubjectOf(profile: QuestionProfile, text: string): boolean {
  if (profile.subject === undefined) return false;
  return [profile.subject, ...(profile.subjectAlternatives ?? [])].some((subject) => definesTerm(text, subject));
}

/** The sum of the profile's term weights: the denominator of every coverage. */
export function totalWeight(profile: QuestionProfile): number {
  return profile.terms.reduce((sum, term) => sum + term.weight, 0);
}
