import { definesTerm, hasDate, hasDuration, hasMoneyAmount, splitIntoUnits } from '../text/index.ts';
import type { RerankCandidate } from '../providers/reranker.ts';
import type { AskedType, RerankQuestion } from './read-rerank-question.ts';
import { wordStems } from './term-statistics.ts';
import type { TermStatistics } from './term-statistics.ts';

/**
 * The names of the learned reranker's features, in the order of every feature vector. A weights
 * file names them too, and is refused when they differ (see `loadRerankWeights`).
 */
export const RERANK_FEATURES = [
  'coverage',
  'textCoverage',
  'headingCoverage',
  'documentCoverage',
  'bestUnitCoverage',
  'relativeCoverage',
  'relativeBestUnit',
  'pairShare',
  'specificCoverage',
  'keywordScore',
  'similarity',
  'keywordReciprocalRank',
  'vectorReciprocalRank',
  'valueNearTerms',
  'valueElsewhere',
  'valueMissing',
  'definesSubject',
  'doesNotDefineSubject',
  'yearMatch',
  'yearMismatch',
  'valueUnitCoverage',
  'unitWithHeadingCoverage',
  'missingSpecific',
  'keywordScoreRaw',
  'similarityRaw',
  'tableRows',
  'linkedDefinition',
  'length',
  'questionWeightAbsentFromPool',
  'documentNamed',
  'clauseCoverage',
  'clauseBestUnitCoverage',
] as const;

/** One feature vector, in `RERANK_FEATURES` order. */
export type RerankFeatures = number[];

/** What every candidate of one pool is measured against. */
interface PoolContext {
  maxKeyword: number;
  maxSimilarity: number;
  maxCoverage: number;
  maxBestUnit: number;
}

interface Measured {
  coverage: number;
  textCoverage: number;
  headingCoverage: number;
  documentCoverage: number;
  bestUnitCoverage: number;
  pairShare: number;
  specificCoverage: number;
  valueNear: boolean;
  valueAnywhere: boolean;
  defines: boolean;
  yearMatch: boolean;
  tableShare: number;
  valueUnitCoverage: number;
  unitWithHeadingCoverage: number;
  missingSpecific: number;
  clauseCoverage: number;
  clauseBestUnitCoverage: number;
}

/**
 * Measures every candidate of a pool for the question: how much of the question's weighted terms
 * the chunk, its heading, its document name and its best sentence or table row hold; whether the
 * kind of answer asked for (an amount, a date, a duration, a percentage, a definition of the
 * subject, a party) stands near those terms; whether the years asked about are the chunk's; and the
 * retrieval scores relative to the pool's best. Returns one vector per candidate, in input order.
 */
export function measureRerankFeatures(asked: RerankQuestion, candidates: readonly RerankCandidate[], statistics?: Pick<TermStatistics, 'documentHolds'>): RerankFeatures[] {
  // Terms no candidate holds cannot set one candidate above another: the coverages are measured
  // over the terms the pool holds, and the share of the question's weight it lacks is a feature of its own.
  const poolStems = new Set<string>();
  for (const candidate of candidates) {
    for (const text of [candidate.text, candidate.sectionHeading, documentWords(candidate.doc)]) for (const wordStem of wordStems(text)) poolStems.add(wordStem);
  }
  const terms = asked.terms.filter((term) => poolStems.has(term.stem));
  const question: RerankQuestion = { ...asked, terms, totalWeight: terms.reduce((sum, term) => sum + term.weight, 0) };
  const absentWeight = asked.totalWeight === 0 ? 0 : 1 - question.totalWeight / asked.totalWeight;
  const measured = candidates.map((candidate) => measureCandidate(question, candidate));
  const context: PoolContext = {
    maxKeyword: Math.max(0, ...candidates.map((candidate) => candidate.retrieval?.keywordScore ?? 0)),
    maxSimilarity: Math.max(0, ...candidates.map((candidate) => candidate.retrieval?.similarity ?? 0)),
    maxCoverage: Math.max(0, ...measured.map((entry) => entry.coverage)),
    maxBestUnit: Math.max(0, ...measured.map((entry) => entry.bestUnitCoverage)),
  };
  const valueAsked = isValueType(question.asked);
  return candidates.map((candidate, index) => {
    const entry = measured[index]!;
    const retrieval = candidate.retrieval;
    return [
      entry.coverage,
      entry.textCoverage,
      entry.headingCoverage,
      entry.documentCoverage,
      entry.bestUnitCoverage,
      ratio(entry.coverage, context.maxCoverage),
      ratio(entry.bestUnitCoverage, context.maxBestUnit),
      entry.pairShare,
      entry.specificCoverage,
      ratio(retrieval?.keywordScore ?? 0, context.maxKeyword),
      ratio(retrieval?.similarity ?? 0, context.maxSimilarity),
      reciprocal(retrieval?.keywordRank),
      reciprocal(retrieval?.vectorRank),
      valueAsked && entry.valueNear ? 1 : 0,
      valueAsked && entry.valueAnywhere && !entry.valueNear ? 1 : 0,
      valueAsked && !entry.valueAnywhere ? 1 : 0,
      question.asked === 'definition' && entry.defines ? 1 : 0,
      question.asked === 'definition' && !entry.defines ? 1 : 0,
      question.years.length > 0 && entry.yearMatch ? 1 : 0,
      question.years.length > 0 && !entry.yearMatch ? 1 : 0,
      valueAsked ? entry.valueUnitCoverage : 0,
      entry.unitWithHeadingCoverage,
      Math.min(3, entry.missingSpecific) / 3,
      Math.min(1, Math.log1p(retrieval?.keywordScore ?? 0) / Math.log(60)),
      retrieval?.similarity ?? 0,
      entry.tableShare,
      retrieval?.linkedDefinition === true ? 1 : 0,
      Math.min(1, Math.log1p(candidate.text.length) / Math.log(4000)),
      absentWeight,
      documentNamed(question, candidate.doc, statistics),
      entry.clauseCoverage,
      entry.clauseBestUnitCoverage,
    ];
  });
}

function measureCandidate(question: RerankQuestion, candidate: RerankCandidate): Measured {
  const textStems = new Set(wordStems(candidate.text));
  const headingStems = new Set(wordStems(candidate.sectionHeading));
  const documentStems = new Set(wordStems(documentWords(candidate.doc)));
  const weighted = (holds: (wordStem: string) => boolean) => share(question, holds);
  const units = splitIntoUnits(candidate.text);
  const unitStems = units.map((unit) => new Set(wordStems(unit)));
  const unitCoverages = unitStems.map((stems) => weighted((wordStem) => stems.has(wordStem)));
  const withHeading = unitStems.map((stems) => weighted((wordStem) => stems.has(wordStem) || headingStems.has(wordStem)));
  const valueUnitCoverage = Math.max(0, ...units.map((unit, index) => (holdsType(question, unit) ? withHeading[index]! : 0)));
  const bestUnitCoverage = Math.max(0, ...unitCoverages);
  const nearUnits = units.filter((_, index) => bestUnitCoverage > 0 && unitCoverages[index]! >= bestUnitCoverage * 0.5);
  const specific = question.terms.filter((term) => term.specific);
  const holdsAnywhere = (wordStem: string) => textStems.has(wordStem) || headingStems.has(wordStem) || documentStems.has(wordStem);
  const allText = `${candidate.doc}\n${candidate.sectionHeading}\n${candidate.text}`;
  const tableLines = candidate.text.split('\n').filter((line) => line.trim().length > 0);
  return {
    coverage: weighted(holdsAnywhere),
    textCoverage: weighted((wordStem) => textStems.has(wordStem)),
    headingCoverage: weighted((wordStem) => headingStems.has(wordStem)),
    documentCoverage: weighted((wordStem) => documentStems.has(wordStem)),
    bestUnitCoverage,
    pairShare: pairShare(question, `${candidate.sectionHeading}\n${candidate.text}`),
    specificCoverage: specific.length === 0 ? 1 : specific.filter((term) => holdsAnywhere(term.stem)).length / specific.length,
    valueNear: nearUnits.some((unit) => holdsType(question, unit)),
    valueAnywhere: holdsType(question, candidate.text),
    defines: question.asked === 'definition' && definesTerm(candidate.text, question.subject),
    yearMatch: question.years.some((year) => new RegExp(`(?<!\\d)${year}(?!\\d)`).test(allText)),
    tableShare: tableLines.length === 0 ? 0 : tableLines.filter((line) => line.includes(' | ')).length / tableLines.length,
    valueUnitCoverage,
    unitWithHeadingCoverage: Math.max(0, ...withHeading),
    missingSpecific: specific.filter((term) => !holdsAnywhere(term.stem)).length,
    clauseCoverage: clauseShare(question, (wordStem) => textStems.has(wordStem) || headingStems.has(wordStem)),
    clauseBestUnitCoverage: Math.max(0, ...unitStems.map((stems) => clauseShare(question, (wordStem) => stems.has(wordStem) || headingStems.has(wordStem)))),
  };
}

/** The share of the question's document-naming terms the candidate's document holds anywhere; 1 when the question names no document. */
function documentNamed(question: RerankQuestion, doc: string, statistics: Pick<TermStatistics, 'documentHolds'> | undefined): number {
  const naming = question.terms.filter((term) => term.namesDocument);
  if (naming.length === 0 || statistics === undefined) return 1;
  return naming.filter((term) => statistics.documentHolds(doc, term.stem)).length / naming.length;
}

/** Weighted coverage of the terms that do not name a document: what the question asks of the document. */
function clauseShare(question: RerankQuestion, holds: (wordStem: string) => boolean): number {
  let total = 0;
  let found = 0;
  for (const term of question.terms) {
    if (term.namesDocument) continue;
    total += term.weight;
    if (holds(term.stem)) found += term.weight;
  }
  return total === 0 ? 0 : found / total;
}

function documentWords(doc: string): string {
  return doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
}

function share(question: RerankQuestion, holds: (wordStem: string) => boolean): number {
  if (question.totalWeight === 0) return 0;
  let found = 0;
  for (const term of question.terms) if (holds(term.stem)) found += term.weight;
  return found / question.totalWeight;
}

function pairShare(question: RerankQuestion, text: string): number {
  if (question.pairs.length === 0) return 0;
  const stems = wordStems(text);
  const pairs = new Set<string>();
  for (let index = 1; index < stems.length; index += 1) pairs.add(`${stems[index - 1]} ${stems[index]}`);
  return question.pairs.filter((pair) => pairs.has(pair)).length / question.pairs.length;
}

function isValueType(asked: AskedType): boolean {
  return asked === 'amount' || asked === 'date' || asked === 'duration' || asked === 'percentage' || asked === 'party';
}

const PERCENTAGE = /\d(?:[.,]\d+)?\s?%|\bper\s?cent\b|\bpercent(?:age)?\b/i;
const ORGANISATION = /\b(?:Inc|LLC|L\.L\.C|Ltd|Limited|Corp|Corporation|Company|GmbH|plc|L\.P|LP|S\.A)\b\.?/;

function holdsType(question: RerankQuestion, text: string): boolean {
  switch (question.asked) {
    case 'amount':
      return hasMoneyAmount(text) || PERCENTAGE.test(text);
    case 'date':
      return hasDate(text);
    case 'duration':
      return hasDuration(text);
    case 'percentage':
      return PERCENTAGE.test(text);
    case 'party':
      return ORGANISATION.test(text);
    default:
      return false;
  }
}

function ratio(value: number, maximum: number): number {
  return maximum > 0 ? value / maximum : 0;
}

function reciprocal(rank: number | undefined): number {
  return rank === undefined || rank <= 0 ? 0 : 1 / rank;
}
