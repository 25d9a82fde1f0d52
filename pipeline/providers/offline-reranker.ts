import { AMOUNT_WORDS, dropUnmatchedFraming, exchangesNamedBy, isValueAsk, LEXICAL_STOP_WORDS, profileQuestion, termCredit, withoutFramingAbsentFrom } from '../question/index.ts';
import type { OfflineLexicalOptions, ProfileTerm, QuestionProfile } from '../question/index.ts';
import { readRerankQuestion } from '../rerank/read-rerank-question.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import {
  containsSequence,
  definesTerm,
  hasDuration,
  hasDate,
  hasFrequency,
  hasMoneyAmount,
  isCellRow,
  LABEL_WORDS,
  namesMonth,
  namesStem,
  normalizeForMatching,
  splitIntoUnits,
  stem,
  tokenStream,
  wordsOf,
} from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import type { RerankCandidate, RerankScore, Reranker, RerankerInfo } from './reranker.ts';

/**
 * Creates the offline reranker: a deterministic lexical scorer on the same 0–3 scale as the LLM
 * reranker (0 not relevant, 1 related, 2 relevant, 3 directly answers). It takes the question as
 * the user typed it and does its own light normalisation (see `profileQuestion`), then measures each
 * candidate's text and section heading (see `measureRelevance`) and maps the features to a score:
 *
 * - **3** when the chunk answers what the question asks for:
 *   - an amount, date or duration question: one line or sentence holds such a value and covers at
 *     least 0.6 of the question's weighted terms (with the section heading), the whole chunk covers
 *     at least 0.6, and at least 0.6 of the specific terms (`specificCoverage`: no generic or
 *     framing words, and not the `fee`/`cost` an amount answers);
 *   - a definition question (`what is X`, `define X`, `meaning of X`): the chunk defines X
 *     (`X means`, `X:` opening a line, `X is defined as`, `X refers to`);
 *   - any other question: the chunk covers at least 0.8 and the terms sit together (one line covers
 *     at least 0.6, or at least half the question's phrases occur verbatim); on a definition
 *     question such a chunk that does not define the term gets 2.
 * - **2** when the chunk covers at least 0.55 of the specific terms and either covers at least
 *   0.55 of all terms with one line covering at least 0.35, or its heading names a specific
 *   question term and it covers at least 0.4.
 * - **1** when it covers at least 0.2 or names any specific question term (weight 1).
 * - **0** otherwise.
 * - When the question names years (`2026`) and the text, the heading and the document name hold
 *   none of them, the score is capped at 1: another year's fee list is related, not relevant. A
 *   comparison (`2025 vs 2026`) is answered by both years' lists, so holding one of them is enough.
 * - On an amount question, a 3 whose heading topic (before ` › `) names none of the question's
 *   specific terms but two or more words of its own (`CME Term SOFR`, `Standard CME Soybean Oilshare
 *   Index`) becomes 2: its rows price that product. On an amount question naming an exchange, a
 *   chunk naming only another exchange family (a GME notice for a CME question) is capped at 1.
 * - A fee row is capped at 1 when another candidate names the thing asked more narrowly (see
 *   `findNarrowerMatch`), unless the row's own document names that qualifier the same way.
 * - On a definition question, a chunk that names the subject only in table rows (a column header
 *   `Description | Unit of Count | …`) and does not define it is capped at 1: it uses the term.
 * - A chunk held at 1 only because it lacks the value asked for is relevant (2) as context when
 *   another chunk of the same document scores 3: a notice's introduction or a table's notes.
 * - On an amount question, when the row that best answers it sits in a table whose rows split the
 *   question's qualifiers (one row names `Depth of Market`, another `Non-Professional`, none both,
 *   and neither the heading, label, header row nor prose names them), the score is capped at 1: the
 *   table prices each qualifier, not the combination asked for.
 *
 * `detail` lists the features behind the score, for the trace.
 */
export function createOfflineReranker(options: OfflineLexicalOptions = {}): Reranker {
  const info: RerankerInfo = { name: 'offline-lexical', model: 'lexical-v1' };
  let statistics: TermStatistics | undefined;
  return {
    info,
    prepare(sourceStatistics) {
      statistics = sourceStatistics;
    },
    async rerank(question: string, candidates: readonly RerankCandidate[]): Promise<RerankScore[]> {
      const profile = dropUnmatchedFraming(
        profileQuestion(question, options),
        candidates.map((candidate) => `${candidate.sectionHeading}\n${candidate.text}`),
      );
      const documentTerms = documentTermsOf(question, statistics, options);
      const measured = candidates.map((candidate) =>
        measureRelevance(profile, { heading: candidate.sectionHeading, text: candidate.text, doc: candidate.doc, documentTerms: documentTerms(candidate.doc) }),
      );
      const streams = candidates.map((candidate) => tokenStream(`${candidate.sectionHeading}\n${candidate.text}`));
      const ownDocument = (index: number) => streams.filter((_, other) => other !== index && candidates[other]!.doc === candidates[index]!.doc);
      const scored = candidates.map((_, index) => {
        const relevance = measured[index]!;
        const result = scoreRelevance(profile, relevance);
        const narrower = result.score > 1 ? findNarrowerMatch(profile, relevance, measured, streams, () => ownDocument(index)) : undefined;
        if (narrower === undefined) return result;
        return { score: 1 as const, reason: `capped at 1: another candidate names what this one does and also ${narrower.join(', ')}, so this one prices something else (else ${result.score}: ${result.reason})` };
      });
      const answeringDocuments = new Set(candidates.filter((_, index) => scored[index]!.score === 3).map((candidate) => candidate.doc));
      return candidates.map((candidate, index) => {
        const relevance = measured[index]!;
        let { score, reason } = scored[index]!;
        // The notice's introduction or the table's notes (`Effective January 1, 2026, fees are being
        // introduced`) are relevant context once another chunk of the same document gives the value.
        const context = scored[index]!.context;
        if (context !== undefined && answeringDocuments.has(candidate.doc)) {
          reason = `context: ${context}, and another chunk of ${candidate.doc} holds the value asked for (else ${score}: ${reason})`;
          score = 2;
        }
        const strength = relevanceStrength(profile, relevance);
        return { chunkId: candidate.chunkId, score, strength, detail: `${describeRelevance(score, reason, profile, relevance)} | strength ${format(strength)}` };
      });
    },
  };
}

/**
 * The question's document-naming terms (`ReadTerm.namesDocument`: specific terms few of the
 * source's documents hold, learned from its text) that each document holds: without term
 * statistics (no `prepare`), none.
 */
function documentTermsOf(question: string, statistics: TermStatistics | undefined, options: OfflineLexicalOptions): (doc: string) => ReadonlySet<string> | undefined {
  if (statistics === undefined) return () => undefined;
  const naming = readRerankQuestion(question, statistics, options.expansions ?? []).terms.filter((term) => term.namesDocument).map((term) => term.stem);
  if (naming.length === 0) return () => undefined;
  const byDocument = new Map<string, ReadonlySet<string>>();
  return (doc) => {
    let held = byDocument.get(doc);
    if (held === undefined) {
      held = new Set(naming.filter((wordStem) => statistics.documentHolds(doc, wordStem)));
      byDocument.set(doc, held);
    }
    return held;
  };
}

/** The cut-offs of the offline reranker's 0–3 mapping (shares of the question's weighted terms). */
export const OFFLINE_RERANK_CUTOFFS = {
  /** A line holding the asked-for value must cover this much for a 3. */
  answerLineCoverage: 0.6,
  /** The whole chunk must cover this much for a 3 on an amount, date or duration question. */
  answerChunkCoverage: 0.6,
  /** …and this share of the specific terms (`ChunkRelevance.specificCoverage`). */
  answerSpecificCoverage: 0.6,
  /** Chunk coverage for a 3 on a question without a recognised ask. */
  generalChunkCoverage: 0.8,
  /** Share of the question's phrases that, found verbatim, count as the terms sitting together. */
  generalPhraseShare: 0.5,
  /** Chunk, specific-term and line coverage for a 2. */
  relevantChunkCoverage: 0.55,
  relevantSpecificCoverage: 0.55,
  relevantLineCoverage: 0.35,
  /** Chunk coverage for a 2 when the section heading names a specific question term (specific-term coverage as above). */
  relevantHeadingCoverage: 0.4,
  /** Chunk coverage for a 1. */
  relatedChunkCoverage: 0.2,
} as const;

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

/** True when `text` defines the question's subject, as written or as an expansion rule spells it out. */
function definesSubjectOf(profile: QuestionProfile, text: string): boolean {
  if (profile.subject === undefined) return false;
  return [profile.subject, ...(profile.subjectAlternatives ?? [])].some((subject) => definesTerm(text, subject));
}

function segmentMeetsAsk(profile: QuestionProfile, text: string): boolean {
  switch (profile.ask) {
    case 'amount':
      return hasMoneyAmount(text);
    case 'date':
      // `When must the report be submitted?` — `no later than 15 days after the month` and `the last
      // business day of February of each calendar year` answer it too.
      return hasDate(text) || hasDuration(text) || namesMonth(text);
    case 'duration':
      return hasDuration(text);
    case 'frequency':
      return hasFrequency(text);
    case 'definition':
      return definesSubjectOf(profile, text);
    case 'none':
      return false;
  }
}

function totalWeight(profile: QuestionProfile): number {
  return profile.terms.reduce((sum, term) => sum + term.weight, 0);
}

/**
 * Measures one line or sentence against the question, with the section heading as context: the
 * weighted term coverage of segment and heading together (a term asking for an amount counts when
 * the segment holds one), the terms the segment names itself, whether it holds what the question
 * asks for, and the question phrases it contains verbatim.
 */
export function measureSegment(profile: QuestionProfile, text: string, heading: string, doc?: string): SegmentRelevance {
  return measureSegmentStreams(profile, text, tokenStream(text), contextStream(profile, heading, doc));
}

/**
 * The context a line is read in: its section heading and its document's name
 * (`benchmark-data-fee-list-march-2025.pdf` says what every row of that list prices, and when).
 */
function contextStream(_profile: QuestionProfile, heading: string, doc: string | undefined, documentTerms?: ReadonlySet<string>): TokenStream {
  const stream = tokenStream(heading);
  if (doc === undefined) return stream;
  const docStream = tokenStream(doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' '));
  const named = documentTerms === undefined ? [] : [...documentTerms].flatMap((term) => ['|', term]);
  return { stems: [...stream.stems, '|', ...docStream.stems, ...named], stemSet: new Set([...stream.stemSet, ...docStream.stemSet, ...(documentTerms ?? [])]) };
}

function measureSegmentStreams(profile: QuestionProfile, text: string, segment: TokenStream, heading: TokenStream): SegmentRelevance {
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

/**
 * On an amount question: the specific terms this chunk lacks that another candidate names together
 * with every specific term this one names, in a phrase of the question next to another specific
 * term (`Television Distribution license cost`: a GME row names
 * `distribution` and `license`, Schedule 5's `Television Distribution` clause names those and
 * `television`, so the GME row prices something else). Undefined when no candidate is narrower, as
 * when the missing words are the question's own phrasing (`go up`, `compare`) that no text names.
 */
function findNarrowerMatch(
  profile: QuestionProfile,
  relevance: ChunkRelevance,
  pool: readonly ChunkRelevance[],
  streams: readonly TokenStream[],
  ownDocument: () => readonly TokenStream[],
): string[] | undefined {
  if (profile.ask !== 'amount' || relevance.missingSpecific.length === 0) return undefined;
  const qualifiers = qualifierTerms(profile);
  const named = new Set(qualifiers.map((term) => term.display).filter((display) => !relevance.missingSpecific.includes(display)));
  // The missing qualifiers another candidate could name more narrowly, each with the other
  // qualifiers it must stand next to; read once, on first need (the own-document scan is costly).
  let open: { display: string; term: ProfileTerm; neighbours: ProfileTerm[] }[] | undefined;
  const openQualifiers = () =>
    (open ??= relevance.missingSpecific.flatMap((display) => {
      // A label word (`category` of `Category A1`) is no qualifier: `Non-Display (A1)` names the label by its code.
      const term = LABEL_WORDS.has(display) ? undefined : qualifiers.find((candidate) => candidate.display === display);
      if (term === undefined) return [];
      const neighbours = qualifiers.filter((candidate) => candidate !== term);
      // The chunk's own document names the qualifier the same way elsewhere (the fee list's note on
      // `Distribution License` above its `Distribution` row): the row prices that thing.
      return ownDocument().some((stream) => namesNextTo(stream, term, neighbours)) ? [] : [{ display, term, neighbours }];
    }));
  for (const [index, other] of pool.entries()) {
    if (other === relevance || other.otherExchange !== undefined) continue;
    const missing = new Set(other.missingSpecific);
    if ([...named].some((display) => missing.has(display))) continue;
    // Only a qualifier the other candidate names next to another specific term of the question
    // (`Television Distribution`, `PPU Device`): a word of the question's own phrasing (`fee
    // change`) that some notice happens to use does not make it narrower.
    const extra = openQualifiers()
      .filter(({ display, term, neighbours }) => !missing.has(display) && namesNextTo(streams[index]!, term, neighbours))
      .map(({ display }) => display);
    if (extra.length > 0) return extra;
  }
  return undefined;
}

/** The question's qualifiers: its specific terms, without framing words, years and the `fee` an amount answers. */
function qualifierTerms(profile: QuestionProfile): ProfileTerm[] {
  return profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount && term.framing !== true && !profile.years.includes(term.display));
}

/** True when the stream names `term` (a typo counts) with one of `neighbours` right before or after it. */
function namesNextTo(stream: TokenStream, term: ProfileTerm, neighbours: readonly ProfileTerm[]): boolean {
  if (term.stems.length !== 1) return false;
  const matches = (word: string, candidate: ProfileTerm) => candidate.stems.length === 1 && namesStem(word, candidate.stems[0]!);
  return stream.stems.some(
    (word, position) =>
      matches(word, term) &&
      [stream.stems[position - 1], stream.stems[position + 1]].some((next) => next !== undefined && neighbours.some((neighbour) => matches(next, neighbour))),
  );
}

/** `missingSpecific` of `ChunkRelevance`; `context` is the heading with the document name (`contextStream`). */
function missingSpecificTerms(profile: QuestionProfile, text: TokenStream, context: TokenStream): string[] {
  return qualifierTerms(profile)
    .filter((term) => termCredit(term, text) === 0 && termCredit(term, context) === 0)
    .map((term) => term.display);
}

/**
 * The qualifiers a table splits across rows (see `ChunkRelevance.splitQualifiers`): the specific
 * question terms (not `fee`/`cost`) named by some row with an amount but by none of the context
 * (heading, label lines, prose), when no single row with an amount of that table (a run of rows) names all of them;
 * a table where one row names them all answers the question, and then none are split.
 */
function findSplitQualifiers(profile: QuestionProfile, units: readonly string[], heading: TokenStream, answerRow: string | undefined): string[] {
  if (answerRow === undefined || !isCellRow(answerRow)) return [];
  const qualifiers = profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount);
  if (qualifiers.length < 2) return [];
  // A table is a run of consecutive rows; a label or heading line between rows starts another table.
  const tables: string[][] = [];
  let run: string[] = [];
  for (const unit of units) {
    if (isCellRow(unit)) {
      run.push(unit);
    } else if (run.length > 0) {
      tables.push(run);
      run = [];
    }
  }
  if (run.length > 0) tables.push(run);
  // The context: the heading, prose and label lines, and header rows (rows without an amount).
  const context = [heading, ...units.filter((unit) => !isCellRow(unit) || !hasMoneyAmount(unit)).map(tokenStream)];
  for (const table of tables) {
    // Only the table holding the row that best answers the question (the best line with an amount).
    if (!table.includes(answerRow)) continue;
    const rows = table.filter((row) => hasMoneyAmount(row));
    if (rows.length < 2) continue;
    const ownTerms = rows.map((row) => qualifiersNamedBy(qualifiers, row));
    const rowTerms = ownTerms.map((terms, position) => (isSubItemRow(terms, ownTerms[position - 1]) ? new Set([...ownTerms[position - 1]!, ...terms]) : terms));
    const inRows = qualifiers.filter((term) => rowTerms.some((terms) => terms.has(term)) && !context.some((stream) => termCredit(term, stream) > 0));
    if (inRows.length < 2) continue;
    return rowTerms.some((terms) => inRows.every((term) => terms.has(term))) ? [] : inRows.map((term) => term.display);
  }
  return [];
}

/**
 * True when a table row is a sub-item of the row with an amount above it, given the question's
 * qualifiers each names: the row above names two or more, this one some and none of those
 * (`Bundle – all exchanges` under `Non-Professional Depth of Market`), so it prices that row's
 * thing. Sibling rows repeat a qualifier (`Real-Time Top of Book | Non-Professional`, `Real-Time
 * Depth of Market | Professional`) or each name one of a list (`Enterprise`, `Premium`, `Basic`).
 */
function isSubItemRow<T>(terms: ReadonlySet<T>, above: ReadonlySet<T> | undefined): boolean {
  return above !== undefined && above.size >= 2 && terms.size > 0 && ![...terms].some((term) => above.has(term));
}

/**
 * `above` (the unit right before `row`) when both are table rows with an amount and `row` is a
 * sub-item of it (see `isSubItemRow`, on the question's specific terms): its context, like a
 * heading. Else undefined.
 */
export function findParentRow(profile: QuestionProfile, row: string, above: string | undefined): string | undefined {
  if (above === undefined || !isCellRow(row) || !isCellRow(above) || !hasMoneyAmount(row) || !hasMoneyAmount(above)) return undefined;
  const qualifiers = profile.terms.filter((term) => term.weight === 1 && !term.satisfiedByAmount);
  return isSubItemRow(qualifiersNamedBy(qualifiers, row), qualifiersNamedBy(qualifiers, above)) ? above : undefined;
}

/** The qualifiers (specific question terms) that `text` names. */
function qualifiersNamedBy(qualifiers: readonly ProfileTerm[], text: string): Set<ProfileTerm> {
  const stream = tokenStream(text);
  return new Set(qualifiers.filter((term) => termCredit(term, stream) > 0));
}

/** Maps a chunk's features to the 0–3 scale with the `OFFLINE_RERANK_CUTOFFS`, and says which rule decided. */
export function scoreRelevance(profile: QuestionProfile, relevance: ChunkRelevance): { score: 0 | 1 | 2 | 3; reason: string; context?: string } {
  const scored = scoreByRules(profile, relevance);
  if (scored.score > 1 && relevance.splitQualifiers.length > 0) {
    return { score: 1, reason: `capped at 1: no row with an amount names ${relevance.splitQualifiers.join(' and ')} together (else ${scored.score}: ${scored.reason})` };
  }
  if (scored.score > 1 && profile.ask === 'definition' && !relevance.definesSubject && relevance.subjectOnlyInTable) {
    return { score: 1, reason: `capped at 1: names "${profile.subject?.join(' ')}" only in table rows, which use it without saying what it is (else ${scored.score}: ${scored.reason})` };
  }
  // A question asking for an amount, a date or a duration is answered only by a chunk that holds one.
  const asksValue = isValueAsk(profile.ask);
  if (scored.score > 1 && asksValue && relevance.askSegment === undefined) {
    const capped = { score: 1 as const, reason: `capped at 1: the question asks for ${profile.ask === 'amount' ? 'an amount' : `a ${profile.ask}`}, which no line of the chunk holds (else ${scored.score}: ${scored.reason})` };
    // Relevant context, should another chunk of its document give the value (the reranker decides),
    // unless it also lacks every year the question names.
    return missesEveryYear(profile, relevance) ? capped : { ...capped, context: scored.reason };
  }
  if (scored.score === 3 && relevance.unaskedHeading !== undefined) {
    return { score: 2, reason: `at most 2: it prices what its heading "${relevance.unaskedHeading}" names, which the question does not (else ${scored.reason})` };
  }
  if (scored.score > 1 && relevance.otherExchange !== undefined) {
    return { score: 1, reason: `capped at 1: it prices ${relevance.otherExchange} data, and the question asks about ${profile.exchanges?.join(', ')} (else ${scored.score}: ${scored.reason})` };
  }
  // A comparison names two years and each year's list answers half of it: only a chunk holding none of them is capped.
  if (scored.score > 1 && missesEveryYear(profile, relevance)) {
    return { score: 1, reason: `capped at 1: the question names ${relevance.missingYears.join(', ')}, which the chunk and its document do not (else ${scored.score}: ${scored.reason})` };
  }
  return scored;
}

/** True when the question names years and the chunk, its heading and its document name hold none of them. */
function missesEveryYear(profile: QuestionProfile, relevance: ChunkRelevance): boolean {
  return relevance.missingYears.length > 0 && relevance.missingYears.length === profile.years.length;
}

function scoreByRules(profile: QuestionProfile, relevance: ChunkRelevance): { score: 0 | 1 | 2 | 3; reason: string } {
  const cutoffs = OFFLINE_RERANK_CUTOFFS;
  const coverage = relevance.coverage;
  const best = relevance.bestSegment?.coverage ?? 0;
  const phraseShare = profile.phrases.length > 0 ? relevance.phrasesMatched.length / profile.phrases.length : 0;
  const asksValue = isValueAsk(profile.ask);

  if (
    asksValue &&
    relevance.askSegment !== undefined &&
    relevance.askSegment.coverage >= cutoffs.answerLineCoverage &&
    coverage >= cutoffs.answerChunkCoverage &&
    relevance.specificCoverage >= cutoffs.answerSpecificCoverage
  ) {
    return {
      score: 3,
      reason: `a line with the ${profile.ask} asked for covers ${format(relevance.askSegment.coverage)} ≥ ${cutoffs.answerLineCoverage}, the chunk ${format(coverage)} ≥ ${cutoffs.answerChunkCoverage} (specific terms ${format(relevance.specificCoverage)} ≥ ${cutoffs.answerSpecificCoverage})`,
    };
  }
  if (profile.ask === 'definition' && relevance.definesSubject) {
    return { score: 3, reason: `defines "${profile.subject?.join(' ')}"` };
  }
  if (!asksValue && coverage >= cutoffs.generalChunkCoverage && (best >= cutoffs.answerLineCoverage || phraseShare >= cutoffs.generalPhraseShare)) {
    // Only the definition directly answers a definition question; a chunk that merely uses the term is relevant.
    const together = `covers ${format(coverage)} ≥ ${cutoffs.generalChunkCoverage} with the terms together (best line ${format(best)}, phrases ${format(phraseShare)})`;
    return profile.ask === 'definition'
      ? { score: 2, reason: `${together}, but does not define "${profile.subject?.join(' ')}"` }
      : { score: 3, reason: together };
  }
  const specific = relevance.specificCoverage;
  if (specific >= cutoffs.relevantSpecificCoverage) {
    if (coverage >= cutoffs.relevantChunkCoverage && best >= cutoffs.relevantLineCoverage) {
      return {
        score: 2,
        reason: `covers ${format(coverage)} ≥ ${cutoffs.relevantChunkCoverage} (specific terms ${format(specific)} ≥ ${cutoffs.relevantSpecificCoverage}) and its best line ${format(best)} ≥ ${cutoffs.relevantLineCoverage}`,
      };
    }
    const specificHeading = relevance.headingTerms.some((display) => profile.terms.some((term) => term.display === display && term.weight === 1));
    if (specificHeading && coverage >= cutoffs.relevantHeadingCoverage) {
      return {
        score: 2,
        reason: `heading names ${relevance.headingTerms.join(', ')} and the chunk covers ${format(coverage)} ≥ ${cutoffs.relevantHeadingCoverage} (specific terms ${format(specific)} ≥ ${cutoffs.relevantSpecificCoverage})`,
      };
    }
  }
  const specificMatch = relevance.matched.some(
    (match) => match.how !== 'amount' && profile.terms.some((term) => term.display === match.display && term.weight === 1),
  );
  if (coverage >= cutoffs.relatedChunkCoverage || specificMatch) {
    return { score: 1, reason: coverage >= cutoffs.relatedChunkCoverage ? `covers ${format(coverage)} ≥ ${cutoffs.relatedChunkCoverage}` : 'names a specific question term' };
  }
  return { score: 0, reason: `covers ${format(coverage)} and names no specific question term` };
}

/**
 * The continuous relevance that orders chunks of equal score: term coverage plus specific-term
 * coverage, the best line's coverage, the share of the question's phrases found verbatim, and the
 * coverage of the line holding the value asked for (or 1 for defining the subject).
 */
export function relevanceStrength(profile: QuestionProfile, relevance: ChunkRelevance): number {
  const phraseShare = profile.phrases.length > 0 ? relevance.phrasesMatched.length / profile.phrases.length : 0;
  const answer = profile.ask === 'definition' ? (relevance.definesSubject ? 1 : 0) : (relevance.askSegment?.coverage ?? 0);
  const precision = relevance.askSegment === undefined ? 0 : linePrecision(profile, relevance.askSegment.text);
  return relevance.coverage + relevance.specificCoverage + (relevance.bestSegment?.coverage ?? 0) + phraseShare + answer + precision;
}

/**
 * The share of a line's words (not numbers, stop words or cell separators) that the question names:
 * `Real Time | Device | $130.10` under a question about the real-time display device fee is all
 * question words; `Real Time Subscriber Display Device | Device | $5` adds `subscriber`, a qualifier
 * nobody asked about.
 */
function linePrecision(profile: QuestionProfile, line: string): number {
  const words = wordsOf(normalizeForMatching(line)).filter((word) => !LEXICAL_STOP_WORDS.has(word) && !/^\p{N}/u.test(word) && word.length > 1);
  if (words.length === 0) return 0;
  const stems = new Set(profile.terms.flatMap((term) => [...term.stems, ...(term.alternatives ?? []).flat()]));
  return words.filter((word) => stems.has(stem(word))).length / words.length;
}

function format(value: number): string {
  return value.toFixed(2);
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function describeRelevance(score: number, reason: string, profile: QuestionProfile, relevance: ChunkRelevance): string {
  const matched = relevance.matched.map((match) => (match.how === 'exact' ? match.display : `${match.display}(${match.how})`));
  const parts = [
    `score ${score}: ${reason}`,
    `terms ${format(relevance.coverage)} (specific ${format(relevance.specificCoverage)}): ${matched.join(', ') || 'none'}${relevance.missing.length > 0 ? `; missing ${relevance.missing.join(', ')}` : ''}`,
    relevance.bestSegment ? `best line ${format(relevance.bestSegment.coverage)} "${clip(relevance.bestSegment.text, 80)}"` : 'no text',
    `phrases ${relevance.phrasesMatched.length}/${profile.phrases.length}${relevance.phrasesMatched.length > 0 ? ` (${relevance.phrasesMatched.join(', ')})` : ''}`,
    `ask ${profile.ask}${profile.ask === 'none' ? '' : profile.ask === 'definition' ? (relevance.definesSubject ? ' met' : ' not met') : relevance.askSegment ? ` met in "${clip(relevance.askSegment.text, 60)}"` : ' not met'}`,
    `heading ${relevance.headingTerms.length > 0 ? relevance.headingTerms.join(', ') : 'no match'}`,
  ];
  return parts.join(' | ');
}
