import { containsSequence, hasMoneyAmount, isCellRow, LABEL_WORDS, namesMonth, normalizeForMatching, splitIntoUnits, stem, tokenStream, wordsOf } from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import { AMOUNT_WORDS, exchangesNamedBy, LEXICAL_STOP_WORDS, termCredit, withoutFramingAbsentFrom } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';
import { findSplitQualifiers, qualifierTerms } from './find-split-qualifiers.ts';
import { contextStream, definesSubjectOf, measureSegmentStreams, totalWeight } from './measure-segment.ts';
import type { SegmentRelevance } from './measure-segment.ts';

/** A chunk (or a sentence) to measure: its section heading and text. */
export interface RelevanceInput {
  heading: string;
  text: string;
  /** The document's name, read as context like the heading (`benchmark-data-fee-list-march-2025.pdf`). */
  doc?: string;
  /**
   * Stems of the question's document-naming terms (a party, a title: terms few documents hold) that
   * this chunk's document holds somewhere, read as context like its name: a clause of the agreement
   * the question names need not repeat the parties' names to answer about that agreement.
   */
  documentTerms?: ReadonlySet<string>;
}

/** The features of a whole chunk: term coverage, its best line, phrases, the ask and the heading. */
export interface ChunkRelevance {
  /** Weighted share of question terms named anywhere in the chunk text or heading (0–1). */
  coverage: number;
  /**
   * The share of the specific terms (weight 1) named, generic and framing words left out, and on an
   * amount question also the words the amount answers (`fee`, `cost`); the plain coverage when no
   * such term is left.
   */
  specificCoverage: number;
  /** Years the question names that neither the text, the heading nor the document name holds. */
  missingYears: string[];
  /**
   * On an amount question: the heading's own words when it names none of the question's specific
   * terms and holds at least two content words of its own (a product: `CME Term SOFR`, `Standard CME
   * Soybean Oilshare Index`), so its rows price that product. Undefined otherwise.
   */
  unaskedHeading?: string;
  /**
   * On an amount question naming an exchange: the exchange family the chunk (text, heading or
   * document name) names instead, when it names none the question does (a GME notice's row for a
   * CME question). Undefined otherwise.
   */
  otherExchange?: string;
  /** Specific question terms (not framing, not years, not the `fee` an amount answers) that neither the text, the heading nor the document name holds. */
  missingSpecific: string[];
  /** Terms found, with how (`exact`, `typo`, `heading`, `amount`). */
  matched: { display: string; how: 'exact' | 'typo' | 'heading' | 'amount' }[];
  missing: string[];
  /** The line or sentence with the best coverage. */
  bestSegment: SegmentRelevance | undefined;
  /** The best segment among those holding what the question asks for. */
  askSegment: SegmentRelevance | undefined;
  phrasesMatched: string[];
  /** Question terms named in the section heading. */
  headingTerms: string[];
  /** For a definition question: the chunk defines the subject. */
  definesSubject: boolean;
  /**
   * On an amount question over a table: the specific question terms that only rows name (not the
   * heading, the table's label or header lines, or prose), when no row holding an amount names them
   * all — the table prices each qualifier, but not the combination asked for. Empty otherwise.
   */
  splitQualifiers: string[];
  /**
   * On a definition question: true when the chunk names the subject only in table rows (a column
   * header `Description | Unit of Count | …`, a priced row), which use the term without saying
   * what it is.
   */
  subjectOnlyInTable: boolean;
}

/**
 * Measures a whole chunk against the question: the weighted term coverage of text and heading
 * (exact by stem, typo-tolerant from five characters, amount words met by a money amount), the best
 * line or sentence (proximity), the best line holding what the question asks for, the question's
 * phrases found verbatim, the terms its heading names, and for a definition question whether it
 * defines the subject.
 */
export function measureRelevance(question: QuestionProfile, input: RelevanceInput): ChunkRelevance {
  const text = tokenStream(input.text);
  const heading = contextStream(question, input.heading, input.doc, input.documentTerms);
  // Framing (`we over-reported devices last quarter.`) says why the question is asked: a chunk that
  // names its words is the more relevant, one that does not is not the less.
  const profile = question.contextSentence === true ? withoutFramingAbsentFrom(question, [text, heading]) : question;
  const chunkHasAmount = hasMoneyAmount(input.text);
  const total = totalWeight(profile);
  const matched: ChunkRelevance['matched'] = [];
  const missing: string[] = [];
  const headingTerms: string[] = [];
  let covered = 0;
  let specificCovered = 0;
  let specificTotal = 0;
  for (const term of profile.terms) {
    const inText = termCredit(term, text);
    const inHeading = termCredit(term, heading);
    if (inHeading > 0) headingTerms.push(term.display);
    const byAmount = term.satisfiedByAmount && chunkHasAmount ? 1 : 0;
    const credit = Math.max(inText, inHeading, byAmount);
    covered += credit * term.weight;
    // On an amount question the amount itself answers `fee` or `cost`: what matters is the rest.
    if (term.weight === 1 && !(profile.ask === 'amount' && term.satisfiedByAmount)) {
      specificTotal += 1;
      specificCovered += credit;
    }
    if (credit === 0) missing.push(term.display);
    else if (inText === 1) matched.push({ display: term.display, how: 'exact' });
    else if (inHeading === 1) matched.push({ display: term.display, how: 'heading' });
    else if (byAmount === 1) matched.push({ display: term.display, how: 'amount' });
    else matched.push({ display: term.display, how: 'typo' });
  }
  const units = splitIntoUnits(input.text);
  const segments = units.map((segment) => measureSegmentStreams(profile, segment, tokenStream(segment), heading));
  const better = (best: SegmentRelevance | undefined, segment: SegmentRelevance) =>
    best === undefined || segment.coverage > best.coverage ? segment : best;
  let bestSegment: SegmentRelevance | undefined;
  let askSegment: SegmentRelevance | undefined;
  for (const segment of segments) {
    bestSegment = better(bestSegment, segment);
    if (segment.askMet) askSegment = better(askSegment, segment);
  }
  const phrasesMatched = profile.phrases
    .filter((phrase) => containsSequence(text.stems, phrase) || containsSequence(heading.stems, phrase))
    .map((phrase) => phrase.join(' '));
  const definesSubject = profile.ask === 'definition' && definesSubjectOf(profile, input.text);
  const splitQualifiers = profile.ask === 'amount' ? findSplitQualifiers(profile, units, heading, askSegment?.text) : [];
  // Years are never stemmed (they hold digits), so the streams' stems are the words themselves.
  const yearStreams = [text, tokenStream(input.heading), tokenStream(input.doc ?? '')];
  const yearWords = { has: (year: string) => yearStreams.some((stream) => stream.stemSet.has(year)) };
  return {
    coverage: total > 0 ? covered / total : 0,
    specificCoverage: specificTotal > 0 ? specificCovered / specificTotal : total > 0 ? covered / total : 0,
    missingYears: profile.years.filter((year) => !yearWords.has(year)),
    ...unaskedHeadingOf(profile, input.heading.split(' › ')[0]!),
    ...otherExchangeOf(profile, [text, heading]),
    missingSpecific: missingSpecificTerms(profile, text, heading),
    matched,
    missing,
    bestSegment,
    askSegment,
    phrasesMatched,
    headingTerms,
    definesSubject,
    splitQualifiers,
    subjectOnlyInTable: profile.ask === 'definition' && namesSubjectOnlyInTable(profile, units),
  };
}

/** `missingSpecific` of `ChunkRelevance`; `context` is the heading with the document name (`contextStream`). */
function missingSpecificTerms(profile: QuestionProfile, text: TokenStream, context: TokenStream): string[] {
  return qualifierTerms(profile)
    .filter((term) => termCredit(term, text) === 0 && termCredit(term, context) === 0)
    .map((term) => term.display);
}

/** `otherExchange` of `ChunkRelevance`: set on an amount question when the chunk names only exchanges the question does not. */
function otherExchangeOf(profile: QuestionProfile, streams: readonly TokenStream[]): { otherExchange?: string } {
  if (profile.ask !== 'amount' || profile.exchanges === undefined) return {};
  const named = new Set(streams.flatMap((stream) => exchangesNamedBy(profile.lexicon, stream.stems)));
  if (named.size === 0 || profile.exchanges.some((family) => named.has(family))) return {};
  return { otherExchange: [...named].join(', ') };
}

// Heading words that name no product: when, how much and whose (`Effective`, `fees are assessed per exchange`).
const UNNAMING_HEADING_WORDS = new Set(['effective', 'assessed', 'updated', 'list', 'notice', 'standard', 'enhanced'].map(stem));

/** `unaskedHeading` of `ChunkRelevance`. */
function unaskedHeadingOf(profile: QuestionProfile, heading: string): { unaskedHeading?: string } {
  if (profile.ask !== 'amount' || heading.trim() === '') return {};
  const stream = tokenStream(heading);
  if (qualifierTerms(profile).some((term) => termCredit(term, stream) > 0)) return {};
  const own = new Set(
    wordsOf(normalizeForMatching(heading))
      .filter((word) => word.length > 2 && !/\p{N}/u.test(word) && !LEXICAL_STOP_WORDS.has(word) && !profile.lexicon.genericWords.has(word) && !AMOUNT_WORDS.has(word) && !LABEL_WORDS.has(word) && !namesMonth(word))
      .map(stem)
      .filter((word) => !profile.lexicon.familyStems.has(word) && !UNNAMING_HEADING_WORDS.has(word)),
  );
  return own.size >= 2 ? { unaskedHeading: heading } : {};
}

/** True when some unit names the definition subject and every unit that does is a table row. */
function namesSubjectOnlyInTable(profile: QuestionProfile, units: readonly string[]): boolean {
  if (profile.subject === undefined) return false;
  const subjects = [profile.subject, ...(profile.subjectAlternatives ?? [])].map((words) => words.map((word) => stem(word.toLowerCase())));
  const naming = units.filter((unit) => subjects.some((subject) => containsSequence(tokenStream(unit).stems, subject)));
  return naming.length > 0 && naming.every((unit) => isCellRow(unit));
}
