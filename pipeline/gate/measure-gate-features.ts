import { LRUCache } from 'lru-cache';
import { measureRerankFeatures, RERANK_FEATURES } from '../rerank/measure-rerank-features.ts';
import type { RerankQuestion } from '../rerank/read-rerank-question.ts';
import type { RankedCandidate } from '../rerank/rerank-candidates.ts';
import { toRerankCandidate } from '../rerank/rerank-candidates.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import { wordStems } from '../rerank/term-statistics.ts';
import { splitIntoUnits } from '../text/index.ts';
import { readStatedKind, statesValue } from './read-stated-kind.ts';

/**
 * The names of the answer-or-refuse features, in the order of every gate feature vector. The gate
 * weights file names them too, and is refused when they differ (see `loadGateWeights`).
 */
export const GATE_FEATURES = [
  'rulesRefuse',
  'bestRelevance',
  'relevantShare',
  'belowThreshold',
  'termsMissing',
  'termShareMissing',
  'namesMissing',
  'nameSpecificityMissing',
  'valueAsked',
  'valueMissing',
  'valueNotNearTerms',
  'valueUnitCoverage',
  'clauseCoverage',
  'clauseBestUnitCoverage',
  'specificCoverage',
  'rareTermMissing',
  'yearAsked',
  'yearNotInEvidence',
  'yearNotEdition',
  'definitionAsked',
  'definitionMissing',
  'questionWeightAbsentFromPool',
  'questionLength',
  'statedKindAsked',
  'valueNotStated',
  'statedValueCoverage',
] as const;

/** What the gate measures a question's evidence with. */
export interface MeasureGateInput {
  /** The question as asked (spelling corrected). */
  question: string;
  /** The question read once (`readRerankQuestion`): weighted terms, years, the kind of answer asked. */
  reading: RerankQuestion;
  /** The reranked pool, best first. */
  ranked: readonly RankedCandidate[];
  /** The evidence the gate would pass on (the kept candidates that reached the relevance threshold, else the kept ones scored at least 1). */
  evidence: readonly RankedCandidate[];
  relevanceThreshold: number;
  /** The coverage check's terms (years, dates, figures, configured anchors) and how many the evidence lacks. */
  coverage: { terms: number; missing: number };
  /** The names the question writes and which of them no evidence holds, each with the number of documents holding its rarest word. */
  names: { total: number; missing: readonly { documentsHolding: number }[] };
  statistics: Pick<TermStatistics, 'documentCount' | 'documentsHolding' | 'documentHolds' | 'documentOpens'>;
  /** Whether the rule gate (the relevance tier and the coverage rules) refuses. */
  rulesRefuse: boolean;
}

const at = (name: (typeof RERANK_FEATURES)[number]) => RERANK_FEATURES.indexOf(name);

/**
 * Measures whether the evidence can answer the question, as one vector in `GATE_FEATURES` order:
 * how relevant the reranker found the pool; which of the question's specific terms (years, figures,
 * names, weighted by how few documents hold them) no evidence holds; whether the kind of answer asked
 * (an amount, a date, a duration, a percentage, a party, a definition) stands in the evidence at all
 * and near the question's terms; whether a year asked is one the evidence's documents are about
 * (their name, heading or opening) rather than a year mentioned in passing; the question's length;
 * and whether the rule gate refuses.
 */
export function measureGateFeatures(input: MeasureGateInput): number[] {
  // Every input the features read, objects by identity (a chunk object is one chunk's text, the
  // statistics one chunk table's counts, the reading one question's): the same pool gated again
  // (a what-if replays each case once per value) gets the vector measured the first time.
  const key = [
    input.question,
    objectId(input.reading),
    objectId(input.statistics),
    input.relevanceThreshold,
    input.rulesRefuse,
    input.coverage.terms,
    input.coverage.missing,
    input.names.total,
    input.names.missing.map((name) => name.documentsHolding).join(' '),
    Math.max(0, ...input.ranked.map((candidate) => candidate.rerankScore ?? 0)),
    ...input.evidence.map((candidate) =>
      [objectId(candidate.chunk), candidate.rerankScore, candidate.similarity, candidate.keywordScore, candidate.vectorRank, candidate.keywordRank, candidate.linkedDefinition !== undefined || candidate.linkedEdition !== undefined].join(' '),
    ),
  ].join('\u0000');
  let vector = vectorsByInput.get(key);
  if (vector === undefined) {
    vector = Object.freeze(measureFeatures(input));
    vectorsByInput.set(key, vector);
  }
  return [...vector];
}

const vectorsByInput = new LRUCache<string, readonly number[]>({ max: 4_096 });
const objectIds = new WeakMap<object, number>();
let objectCount = 0;

/** A number for an object, the same for as long as it lives. */
function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) {
    objectCount += 1;
    id = objectCount;
    objectIds.set(value, id);
  }
  return id;
}

function measureFeatures(input: MeasureGateInput): number[] {
  const { reading, evidence, statistics } = input;
  const best = Math.max(0, ...input.ranked.map((candidate) => candidate.rerankScore ?? 0));
  const relevant = evidence.filter((candidate) => (candidate.rerankScore ?? 0) >= input.relevanceThreshold).length;
  const vectors = evidence.length === 0 ? [] : measureRerankFeatures(reading, evidence.map(toRerankCandidate), statistics);
  const maximum = (name: (typeof RERANK_FEATURES)[number]) => Math.max(0, ...vectors.map((vector) => vector[at(name)]!));
  const minimum = (name: (typeof RERANK_FEATURES)[number]) => (vectors.length === 0 ? 1 : Math.min(...vectors.map((vector) => vector[at(name)]!)));
  const valueAsked = reading.asked !== 'none' && reading.asked !== 'definition';
  const evidenceStems = new Set(evidence.flatMap((candidate) => wordStems(`${documentWords(candidate.chunk.doc)}\n${candidate.chunk.sectionHeading}\n${candidate.chunk.text}`)));
  const documentCount = Math.max(1, statistics.documentCount);
  // A word the source holds in few documents, which no evidence holds: a product, party or category the evidence is not about.
  const rareMissing = Math.max(0, ...reading.terms.filter((term) => !evidenceStems.has(term.stem) && statistics.documentsHolding(term.stem) > 0).map((term) => 1 - statistics.documentsHolding(term.stem) / documentCount));
  const yearsInText = reading.years.filter((year) => evidenceStems.has(year));
  const yearsOfEdition = reading.years.filter((year) =>
    evidence.some((candidate) => wordStems(`${documentWords(candidate.chunk.doc)} ${candidate.chunk.sectionHeading}`).includes(year) || statistics.documentOpens(candidate.chunk.doc, year)),
  );
  const kind = readStatedKind(input.question);
  const stated = kind === undefined ? 0 : statedValueCoverage(reading, evidence, (text) => statesValue(kind, text));
  const missingNames = input.names.missing.map((name) => 1 - Math.min(name.documentsHolding, documentCount) / documentCount);
  return [
    input.rulesRefuse ? 1 : 0,
    best / 3,
    Math.min(3, relevant) / 3,
    relevant === 0 ? 1 : 0,
    input.coverage.missing > 0 ? 1 : 0,
    input.coverage.terms === 0 ? 0 : input.coverage.missing / input.coverage.terms,
    input.names.missing.length > 0 ? 1 : 0,
    Math.max(0, ...missingNames),
    valueAsked ? 1 : 0,
    valueAsked ? minimum('valueMissing') : 0,
    valueAsked && maximum('valueNearTerms') === 0 ? 1 : 0,
    maximum('valueUnitCoverage'),
    maximum('clauseCoverage'),
    maximum('clauseBestUnitCoverage'),
    maximum('specificCoverage'),
    rareMissing,
    reading.years.length > 0 ? 1 : 0,
    reading.years.length > yearsInText.length ? 1 : 0,
    reading.years.length > yearsOfEdition.length ? 1 : 0,
    reading.asked === 'definition' ? 1 : 0,
    reading.asked === 'definition' && maximum('definesSubject') === 0 ? 1 : 0,
    maximum('questionWeightAbsentFromPool'),
    Math.min(1, Math.log1p(reading.terms.length) / Math.log(30)),
    kind === undefined ? 0 : 1,
    kind !== undefined && stated < 0 ? 1 : 0,
    Math.max(0, stated),
  ];
}

/**
 * Over the evidence's sentences and table rows that state a value of the kind asked, the best
 * weighted share of the question's terms that do not name a document (what it asks of the document)
 * held by the sentence or its heading; -1 when no sentence states such a value, or when a sentence
 * that leaves its figure blank or redacted (`___ megabytes`, `US$*****`) holds more of the question
 * than any that states one: the clause asked about does not give the figure.
 */
function statedValueCoverage(reading: RerankQuestion, evidence: readonly RankedCandidate[], states: (text: string) => boolean): number {
  const terms = reading.terms.filter((term) => !term.namesDocument);
  const total = terms.reduce((sum, term) => sum + term.weight, 0);
  let best = -1;
  let bestBlank = -1;
  for (const candidate of evidence) {
    const heading = new Set(wordStems(candidate.chunk.sectionHeading));
    for (const unit of splitIntoUnits(candidate.chunk.text)) {
      const stating = states(unit);
      if (!stating && !BLANK_FIGURE.test(unit)) continue;
      const stems = new Set(wordStems(unit));
      const held = terms.reduce((sum, term) => sum + (stems.has(term.stem) || heading.has(term.stem) ? term.weight : 0), 0);
      const share = total === 0 ? 0 : held / total;
      if (stating) best = Math.max(best, share);
      else bestBlank = Math.max(bestBlank, share);
    }
  }
  return bestBlank > best ? -1 : best;
}

/** A figure left blank in a form (`___`) or redacted (`US$*****`, `[***]`): standing alone, not a footnote mark on a word (`Fee***`). */
const BLANK_FIGURE = /(?:^|[\s$(\[])(?:_{3,}|\*{3,})(?=[\s.,;:)\]%]|$)/;

function documentWords(doc: string): string {
  return doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
}
