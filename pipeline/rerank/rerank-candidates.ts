import type { ClausegateConfig } from '../config/config-schema.ts';
import { isClausegateError } from '../errors.ts';
import { findCalendarDates } from '../question/find-calendar-dates.ts';
import { findYearsNamed } from '../question/find-years-named.ts';
import type { RerankCandidate, Reranker } from '../providers/reranker.ts';
import type { RetrievalCandidate } from '../retrieve/retrieve-candidates.ts';
import { preferNewerVersions } from './prefer-newer-versions.ts';
import type { TermStatistics } from './term-statistics.ts';

/** A candidate after reranking; `rerankScore` is undefined when reranking was off or failed. */
export interface RankedCandidate extends RetrievalCandidate {
  rerankScore: number | undefined;
  /** The reranker's finer relevance within equal scores, when it reports one. */
  rerankStrength?: number | undefined;
  rerankDetail: string | undefined;
  /** 1-based position after reranking. */
  rank: number;
  /** Kept below the relevance threshold as the best candidate of an agreement the question names (`keepEverySide`): it counts as relevant. */
  standsForNamedSide?: true;
}

/** Input of `rerankCandidates`. */
export interface RerankCandidatesInput {
  question: string;
  candidates: readonly RetrievalCandidate[];
  reranker: Reranker | undefined;
  settings: ClausegateConfig['rerank'] & { relevanceThreshold: number };
  /** The documents the question names, one set per agreement (`readDocumentNames`): two or more when it compares agreements. */
  namedDocuments?: readonly ReadonlySet<string>[] | undefined;
  /** Whether a document writes any word of the names the question writes (`readDocumentNames`' `nameStems`). */
  writesName?: ((doc: string) => boolean) | undefined;
}

/** The reranked pool, what was kept, and whether the retrieval order had to stand in. */
export interface RerankResult {
  /** Every candidate, in final order, with its score. */
  ranked: RankedCandidate[];
  /** The top `keepMin`–`keepMax` candidates handed on to the gate. */
  kept: RankedCandidate[];
  mode: 'reranked' | 'retrieval_only' | 'rerank_fallback';
  /** The provider error that caused the fallback, if any. */
  fallbackError: string | undefined;
}

/**
 * Scores every candidate 0–3 with the reranker and keeps the top ones: all that reach the relevance
 * threshold up to `keepMax`, and never fewer than `keepMin` when that many exist. Equal scores are
 * ordered by the reranker's `strength` when it reports one, then keep the retrieval order, except that the newer version of a document family goes first
 * (`preferNewerVersions`). When the reranker
 * is off, candidates keep their retrieval order (`retrieval_only`); when it fails, likewise, marked
 * `rerank_fallback` with the error, so the gate switches to its retrieval-score tier.
 */
export async function rerankCandidates(input: RerankCandidatesInput): Promise<RerankResult> {
  const { settings } = input;
  if (!input.reranker || !settings.enabled || input.candidates.length === 0) {
    return keepByRetrieval(input.candidates, settings.keepMax, 'retrieval_only', undefined);
  }
  let scores;
  try {
    scores = await input.reranker.rerank(
      input.question,
      input.candidates.map(toRerankCandidate),
    );
  } catch (error) {
    // A replay-mode cache miss is a setup error, not a provider failure: never hide it behind a fallback.
    if (!isClausegateError(error) || error.code === 'cache_miss') throw error;
    return keepByRetrieval(input.candidates, settings.keepMax, 'rerank_fallback', error.message);
  }
  const byId = new Map(capOtherDocuments(scores, input.candidates, input.namedDocuments ?? [], input.writesName).map((score) => [score.chunkId, score]));
  const ordered = input.candidates
    .map((candidate, position) => ({ candidate, position, score: byId.get(candidate.chunk.chunkId) }))
    .sort((a, b) => (b.score?.score ?? 0) - (a.score?.score ?? 0) || (b.score?.strength ?? 0) - (a.score?.strength ?? 0) || a.position - b.position);
  const months = monthsNamed(input.question);
  const editions = [...months].map(([year, month]) => Number(year) * 12 + month);
  const ranked = preferNewerVersions(ordered, (entry) => entry.score?.score ?? 0, (entry) => entry.candidate.chunk.doc, editions)
    .map(({ candidate, score }, position): RankedCandidate => ({
      ...candidate,
      rerankScore: score?.score ?? 0,
      rerankStrength: score?.strength,
      rerankDetail: score?.detail ?? 'no score returned (counted as 0)',
      rank: position + 1,
    }));
  const relevant = ranked.filter((candidate) => (candidate.rerankScore ?? 0) >= settings.relevanceThreshold).length;
  const keep = Math.min(settings.keepMax, Math.max(settings.keepMin, relevant));
  const years = findYearsNamed(input.question);
  const groups = input.namedDocuments ?? [];
  const sides: Side[] = [
    ...(years.length >= 2 ? years.map((year) => ({ holds: (candidate: RankedCandidate) => holdsEdition(candidate, year, months.get(year)), named: false })) : []),
    ...(groups.length >= 2 ? groups.map((group) => ({ holds: (candidate: RankedCandidate) => group.has(candidate.chunk.doc), named: true })) : []),
  ];
  const kept = keepEverySide(ranked, ranked.slice(0, keep), sides, settings.relevanceThreshold);
  return { ranked, kept, mode: 'reranked', fallbackError: undefined };
}

/** What a reranker is shown of a retrieved candidate: its text, heading, document and retrieval scores. */
export function toRerankCandidate(candidate: RetrievalCandidate): RerankCandidate {
  return {
    chunkId: candidate.chunk.chunkId,
    doc: candidate.chunk.doc,
    sectionHeading: candidate.chunk.sectionHeading,
    text: candidate.chunk.text,
    retrieval: {
      similarity: candidate.similarity,
      keywordScore: candidate.keywordScore,
      vectorRank: candidate.vectorRank,
      keywordRank: candidate.keywordRank,
      linkedDefinition: candidate.linkedDefinition !== undefined || candidate.linkedEdition !== undefined,
    },
  };
}

/** The year a document is of: its name's year when it has one (`january-2025-market-data-fee-list.pdf`), else any year its heading or text names. */
function holdsYear(candidate: RankedCandidate, year: string): boolean {
  const { chunk } = candidate;
  const named = (text: string) => new RegExp(`(?<!\\d)${year}(?!\\d)`).test(text);
  if (/(?<!\d)(?:19|20)\d{2}(?!\d)/.test(chunk.doc)) return named(chunk.doc);
  return named(chunk.sectionHeading) || named(chunk.text);
}

/** The month the question names with each year it names by month (`Jan 2025` → 2025: 1); a year named with several months, or with a day, is left out. */
function monthsNamed(question: string): Map<string, number> {
  const months = new Map<string, number | undefined>();
  for (const date of findCalendarDates(question)) {
    if (date.year === undefined) continue;
    const year = String(date.year);
    const month = date.day === undefined ? date.month : undefined;
    months.set(year, months.has(year) && months.get(year) !== month ? undefined : month);
  }
  return new Map([...months].filter((entry): entry is [string, number] => entry[1] !== undefined));
}

/**
 * The edition a year and month name (`Jan 2025`): a document whose name dates it (`…-january-2025.pdf`)
 * is of it when its name names that month and year, or the year and no month; an undated one when
 * its heading or text names that month and year. Without a month, `holdsYear`.
 */
function holdsEdition(candidate: RankedCandidate, year: string, month: number | undefined): boolean {
  if (month === undefined) return holdsYear(candidate, year);
  const { chunk } = candidate;
  const dated = (text: string) => findCalendarDates(text).filter((date) => String(date.year) === year);
  if (/(?<!\d)(?:19|20)\d{2}(?!\d)/.test(chunk.doc)) {
    if (!new RegExp(`(?<!\\d)${year}(?!\\d)`).test(chunk.doc)) return false;
    const named = findCalendarDates(chunk.doc.replace(/[-_]+/g, ' '));
    return named.length === 0 || dated(chunk.doc.replace(/[-_]+/g, ' ')).some((date) => date.month === month);
  }
  return dated(`${chunk.sectionHeading}\n${chunk.text}`).some((date) => date.month === month);
}

/** One side of a question that compares: which candidates hold it, and whether the question names its documents (an agreement). */
interface Side {
  holds: (candidate: RankedCandidate) => boolean;
  named: boolean;
}

/**
 * A question that compares sides (several years, `from 2025 to 2026`: each year's documents, see
 * `holdsYear`, or each edition, `Jan 2025 vs 2026`, see `holdsEdition`; several agreements, `the Hertz licence vs the Palmer Square licence`: each one's
 * documents) is answered from every side: when no kept candidate is of one side, the best-ranked
 * relevant candidate that is takes the place of the lowest-ranked kept one that is not the only
 * holder of another side. Kept candidates stay in rank order.
 */
function keepEverySide(ranked: readonly RankedCandidate[], kept: RankedCandidate[], sides: readonly Side[], threshold: number): RankedCandidate[] {
  if (sides.length < 2 || kept.length === 0) return kept;
  const result = [...kept];
  for (const { holds: side, named } of sides) {
    if (result.some(side)) continue;
    const open = (candidate: RankedCandidate) => !result.includes(candidate) && side(candidate);
    // An agreement the question names is in the corpus: its best candidate scored above 0 speaks
    // for it even below the threshold (the names of the other agreement, which its clauses lack,
    // pull its score down); the gate still judges it. A year may be one the documents lack.
    const reaching = ranked.find((candidate) => open(candidate) && (candidate.rerankScore ?? 0) >= threshold);
    const standing = reaching === undefined && named ? ranked.find((candidate) => open(candidate) && (candidate.rerankScore ?? 0) > 0) : undefined;
    const best = reaching ?? (standing === undefined ? undefined : { ...standing, standsForNamedSide: true as const });
    if (best === undefined) continue;
    const sole = (candidate: RankedCandidate) => sides.some(({ holds: other }) => other(candidate) && result.filter(other).length === 1);
    const replaced = [...result].reverse().find((candidate) => !sole(candidate));
    if (replaced === undefined) continue;
    result.splice(result.indexOf(replaced), 1);
    result.push(best);
  }
  return result.sort((left, right) => left.rank - right.rank);
}

function keepByRetrieval(
  candidates: readonly RetrievalCandidate[],
  keepMax: number,
  mode: 'retrieval_only' | 'rerank_fallback',
  fallbackError: string | undefined,
): RerankResult {
  const ranked = candidates.map((candidate, position): RankedCandidate => ({
    ...candidate,
    rerankScore: undefined,
    rerankDetail: undefined,
    rank: position + 1,
  }));
  return { ranked, kept: ranked.slice(0, keepMax), mode, fallbackError };
}

/**
 * Whether a document writes a word of the names the question writes (`nameStems`), for
 * `writesName`; undefined when the names hold no word: a number the question writes (`5.0`, `'26`)
 * names an edition or a row, not an agreement.
 */
export function readWritesName(nameStems: readonly string[], statistics: Pick<TermStatistics, 'documentHolds'>): ((doc: string) => boolean) | undefined {
  const words = nameStems.filter((wordStem) => /\p{L}/u.test(wordStem));
  return words.length === 0 ? undefined : (doc) => words.some((wordStem) => statistics.documentHolds(doc, wordStem));
}

/**
 * The names choose the document: when the question names agreements (`namedDocuments`), a chunk of
 * a document that writes no word of those names (`writesName`) speaks of another agreement's
 * clause, however well it matches the rest of the question (`arbitration … three arbitrators` in
 * every agreement that has one). It scores at most 1 (context, below any relevance threshold). A
 * document writing a word of the names keeps its scores: it may write the name another way (`the
 * Exchange`, a short form), or list what the named document prices.
 */
function capOtherDocuments<Score extends { chunkId: string; score: number; detail?: string }>(
  scores: readonly Score[],
  candidates: readonly RetrievalCandidate[],
  named: readonly ReadonlySet<string>[],
  writesName: ((doc: string) => boolean) | undefined,
): Score[] {
  if (named.length === 0 || writesName === undefined) return [...scores];
  const docs = new Map(candidates.map((candidate) => [candidate.chunk.chunkId, candidate.chunk.doc]));
  return scores.map((score) => {
    const doc = docs.get(score.chunkId);
    if (score.score <= 1 || doc === undefined || named.some((group) => group.has(doc)) || writesName(doc)) return score;
    return { ...score, score: 1, detail: `capped at 1: ${doc} writes no word of the names the question gives (else ${score.score}: ${score.detail ?? ''})` };
  });
}
