import type { ClausegateConfig } from '../config/config-schema.ts';
import { createDefinedTermFinder } from '../chunk/index.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { completeSimilarities } from './complete-similarities.ts';
import { createLinkedCandidate } from './create-linked-candidate.ts';

/** The search operations retrieval needs from an index (a `SearchableIndex` provides them). */
export interface RetrievalIndex {
  /** Number of chunks in the index. */
  chunkCount: number;
  /** The document of a chunk; undefined when the index has no such chunk. */
  documentOf(chunkId: string): string | undefined;
  /** The given chunks (read from the index by id), in the order asked for; unknown ids are left out. */
  readChunks(chunkIds: readonly string[]): Promise<ReadonlyMap<string, Chunk>>;
  /** Every chunk of the given documents, in index order. */
  readDocumentChunks(docs: ReadonlySet<string>): Promise<Chunk[]>;
  /** The documents of the index, in index order. */
  documents: readonly string[];
  definitions: readonly DefinitionEntry[];
  searchVectors(vector: Float32Array, k: number): Promise<{ chunkId: string; similarity: number }[]>;
  searchKeywords(query: string, k: number): { chunkId: string; score: number }[];
  vectorsFor(chunkIds: readonly string[]): Promise<Map<string, Float32Array>>;
}

/** One query form and its embedding: the normalised question, or an expansion of it. */
export interface QueryForm {
  text: string;
  rule?: string | undefined;
  vector: Float32Array;
}

/** A retrieved chunk with every score the later decisions are made from. */
export interface RetrievalCandidate {
  chunk: Chunk;
  /** Best cosine similarity of the chunk to any query form. */
  similarity: number;
  /** Best BM25 score over the query forms (0 when keyword search did not find it). */
  keywordScore: number;
  /** 1-based ranks in the merged vector and keyword lists (undefined when absent). */
  vectorRank: number | undefined;
  keywordRank: number | undefined;
  /** The fused retrieval score (reciprocal rank fusion by default). */
  fusedScore: number;
  /** The forms that found this chunk. */
  forms: string[];
  /** Set when the chunk joined as the definition of a term used by the question or a candidate. */
  linkedDefinition: { term: string; from: 'question' | 'candidate' } | undefined;
  /** Set when the chunk joined as another year's edition of a candidate (`from`: its chunk id), for a comparison. */
  linkedEdition?: { from: string } | undefined;
}

/** Input of `retrieveCandidates`. */
export interface RetrieveCandidatesInput {
  index: RetrievalIndex;
  forms: readonly QueryForm[];
  /** The sanitised original question (for definitions linking and fallback document matching). */
  question: string;
  /** Words naming the source's documents, for the fallback's document-hint check. */
  documentHints: readonly string[];
  settings: ClausegateConfig['retrieval'];
  /**
   * When the question names documents (`readDocumentNames`): the clause it asks for is also searched
   * by keyword inside those documents alone, so that the names choose the document and the rest of
   * the question the clause (the opening paragraph that names the parties is not the answer).
   */
  clauseSearch?: { text: string; documents: ReadonlySet<string> } | undefined;
  /**
   * Only chunks of these documents (paths as the index names them) are searched, pooled and linked;
   * default every document. The searches read deeper until they find their `k` allowed chunks.
   */
  documents?: ReadonlySet<string> | undefined;
}

/** How many keyword hits the clause search reads before keeping those of the named documents. */
const CLAUSE_SEARCH_DEPTH = 400;

/** The candidate pool and how it was obtained. */
export interface RetrievalResult {
  candidates: RetrievalCandidate[];
  /** The similarity floor applied: `minSimilarity`, or `fallbackMinSimilarity` when the fallback was used. */
  floor: number;
  fallbackUsed: boolean;
  /** Why the fallback was or was not accepted, when it was tried. */
  fallbackDetail: string | undefined;
  /** Highest similarity seen in the pool before any floor. */
  topSimilarity: number;
}

const MAX_LINKED_DEFINITIONS = 3;

/**
 * Hybrid retrieval: vector search and BM25 for every query form, merged by best score per chunk,
 * fused by reciprocal rank fusion (or a weighted blend of normalised scores), capped at the
 * candidate pool size, with the definitions of terms the question or the top candidates use linked
 * in. When no candidate reaches the similarity floor, the fallback tries once more at the lower
 * floor and accepts only when the top candidate's document name matches the question's keywords or
 * the source's document hints; otherwise the pool is empty.
 */
export async function retrieveCandidates(input: RetrieveCandidatesInput): Promise<RetrievalResult> {
  const { index, forms, settings } = input;
  const bestSimilarity = new Map<string, number>();
  const bestKeyword = new Map<string, number>();
  const formsByChunk = new Map<string, Set<string>>();
  const note = (chunkId: string, form: string) => {
    const set = formsByChunk.get(chunkId) ?? new Set<string>();
    set.add(form);
    formsByChunk.set(chunkId, set);
  };

  const allowed = input.documents;
  for (const form of forms) {
    for (const hit of await searchVectorsWithin(index, form.vector, settings.vectorK, allowed)) {
      bestSimilarity.set(hit.chunkId, Math.max(bestSimilarity.get(hit.chunkId) ?? -1, hit.similarity));
      note(hit.chunkId, form.text);
    }
    for (const hit of searchKeywordsWithin(index, form.text, settings.keywordK, allowed)) {
      bestKeyword.set(hit.chunkId, Math.max(bestKeyword.get(hit.chunkId) ?? 0, hit.score));
      note(hit.chunkId, form.text);
    }
  }

  const clause = input.clauseSearch;
  if (clause !== undefined && clause.text.trim() !== '') {
    // Each named document gets its share of the hits: a comparison of two agreements searches both.
    const share = Math.ceil(settings.keywordK / clause.documents.size);
    const taken = new Map<string, number>();
    const inNamed = searchKeywordsWithin(index, clause.text, CLAUSE_SEARCH_DEPTH, allowed).filter((hit) => {
      const doc = index.documentOf(hit.chunkId) ?? '';
      if (!clause.documents.has(doc) || (taken.get(doc) ?? 0) >= share) return false;
      taken.set(doc, (taken.get(doc) ?? 0) + 1);
      return true;
    });
    for (const hit of inNamed) {
      bestKeyword.set(hit.chunkId, Math.max(bestKeyword.get(hit.chunkId) ?? 0, hit.score));
      note(hit.chunkId, `clause: ${clause.text}`);
    }
  }

  const vectorRanks = rankOf(bestSimilarity);
  const keywordRanks = rankOf(bestKeyword);
  const ids = [...new Set([...bestSimilarity.keys(), ...bestKeyword.keys()])].filter((id) => index.documentOf(id) !== undefined);
  // The pool's texts, read by id: the only chunks a question reads besides linked ones.
  const chunks = await index.readChunks(ids);
  // Keyword-only hits need their similarity too: the floor and the fallback are decided on it.
  const similarities = await completeSimilarities(index, forms, ids, bestSimilarity);
  const maxKeyword = Math.max(0, ...bestKeyword.values());
  const candidates: RetrievalCandidate[] = ids.map((chunkId) => {
    const vectorRank = vectorRanks.get(chunkId);
    const keywordRank = keywordRanks.get(chunkId);
    const similarity = similarities.get(chunkId) ?? 0;
    const keywordScore = bestKeyword.get(chunkId) ?? 0;
    const fusedScore =
      settings.fusion === 'rrf'
        ? (vectorRank ? 1 / (settings.rrfK + vectorRank) : 0) + (keywordRank ? 1 / (settings.rrfK + keywordRank) : 0)
        : 0.5 * Math.max(0, similarity) + 0.5 * (maxKeyword > 0 ? keywordScore / maxKeyword : 0);
    return {
      chunk: chunks.get(chunkId)!,
      similarity,
      keywordScore,
      vectorRank,
      keywordRank,
      fusedScore,
      forms: [...(formsByChunk.get(chunkId) ?? [])].sort(),
      linkedDefinition: undefined,
    };
  });
  candidates.sort(compareCandidates);
  const topSimilarity = candidates.reduce((best, candidate) => Math.max(best, candidate.similarity), 0);

  let floor = settings.minSimilarity;
  let fallbackUsed = false;
  let fallbackDetail: string | undefined;
  if (candidates.length > 0 && topSimilarity < settings.minSimilarity) {
    const top = [...candidates].sort((a, b) => b.similarity - a.similarity || compareCandidates(a, b))[0]!;
    const match = documentNameMatch(top.chunk.doc, input.question, input.documentHints);
    if (topSimilarity >= settings.fallbackMinSimilarity && match) {
      floor = settings.fallbackMinSimilarity;
      fallbackUsed = true;
      fallbackDetail = `no candidate reached ${settings.minSimilarity}; accepted at ${floor} because "${top.chunk.doc}" matches "${match}"`;
    } else {
      fallbackDetail =
        topSimilarity < settings.fallbackMinSimilarity
          ? `top similarity ${topSimilarity.toFixed(3)} is below the fallback floor ${settings.fallbackMinSimilarity}`
          : `top document "${top.chunk.doc}" does not match the question's keywords or document hints`;
      return { candidates: [], floor: settings.fallbackMinSimilarity, fallbackUsed: false, fallbackDetail, topSimilarity };
    }
  }

  const pool = candidates.slice(0, settings.candidatePool);
  if (settings.linkDefinitions) {
    const linked = await linkDefinitions(pool, index, input.question, settings.candidatePool, allowed);
    const linkedSimilarities = await completeSimilarities(index, forms, linked.map((candidate) => candidate.chunk.chunkId), similarities);
    for (const candidate of linked) candidate.similarity = linkedSimilarities.get(candidate.chunk.chunkId) ?? 0;
  }
  return { candidates: pool, floor, fallbackUsed, fallbackDetail, topSimilarity };
}

/** The `k` nearest chunks of the allowed documents: the search reads 4k, then twice as deep each time, until it has k or has read the whole index. */
async function searchVectorsWithin(index: RetrievalIndex, vector: Float32Array, k: number, allowed: ReadonlySet<string> | undefined): Promise<{ chunkId: string; similarity: number }[]> {
  if (allowed === undefined) return index.searchVectors(vector, k);
  for (let depth = k * 4; ; depth *= 2) {
    const hits = await index.searchVectors(vector, Math.min(depth, index.chunkCount));
    const kept = hits.filter((hit) => allowed.has(index.documentOf(hit.chunkId) ?? ''));
    if (kept.length >= k || depth >= index.chunkCount || hits.length < depth) return kept.slice(0, k);
  }
}

/** The `k` best keyword hits of the allowed documents, read deeper like `searchVectorsWithin`. */
function searchKeywordsWithin(index: RetrievalIndex, query: string, k: number, allowed: ReadonlySet<string> | undefined): { chunkId: string; score: number }[] {
  if (allowed === undefined) return index.searchKeywords(query, k);
  for (let depth = k * 4; ; depth *= 2) {
    const hits = index.searchKeywords(query, Math.min(depth, index.chunkCount));
    const kept = hits.filter((hit) => allowed.has(index.documentOf(hit.chunkId) ?? ''));
    if (kept.length >= k || depth >= index.chunkCount || hits.length < depth) return kept.slice(0, k);
  }
}

/** Orders by fused score, then similarity, then chunk id, so equal scores never reorder between runs. */
function compareCandidates(a: RetrievalCandidate, b: RetrievalCandidate): number {
  return b.fusedScore - a.fusedScore || b.similarity - a.similarity || (a.chunk.chunkId < b.chunk.chunkId ? -1 : 1);
}

function rankOf(scores: Map<string, number>): Map<string, number> {
  const ordered = [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return new Map(ordered.map(([chunkId], position) => [chunkId, position + 1]));
}

const STOP = new Set(['the', 'and', 'for', 'what', 'which', 'with', 'are', 'does', 'from', 'this', 'that', 'pdf', 'docx', 'txt', 'of', 'to', 'is', 'in', 'a']);

/** The question keyword or document hint the document name shares with the question, if any. */
function documentNameMatch(doc: string, question: string, hints: readonly string[]): string | undefined {
  const name = doc.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
  const nameWords = new Set(name.split(' ').filter((word) => word.length >= 3 && !STOP.has(word)));
  const lowerQuestion = question.toLowerCase();
  for (const word of lowerQuestion.replace(/[^a-z0-9]+/g, ' ').split(' ')) {
    if (word.length >= 3 && !STOP.has(word) && nameWords.has(word)) return word;
  }
  for (const hint of hints) {
    const lowerHint = hint.toLowerCase();
    if (lowerQuestion.includes(lowerHint) && name.includes(lowerHint.replace(/[^a-z0-9]+/g, ' '))) return hint;
  }
  return undefined;
}

const definedTermFinders = new WeakMap<readonly DefinitionEntry[], (text: string) => readonly DefinitionEntry[]>();

/** The index's defined-term finder, its patterns compiled once per opened index. */
function definedTermFinder(index: RetrievalIndex): (text: string) => readonly DefinitionEntry[] {
  let finder = definedTermFinders.get(index.definitions);
  if (finder === undefined) {
    finder = createDefinedTermFinder(index.definitions);
    definedTermFinders.set(index.definitions, finder);
  }
  return finder;
}

/** Links definitions into the pool (in place) and returns the linked candidates. */
async function linkDefinitions(
  pool: RetrievalCandidate[],
  index: RetrievalIndex,
  question: string,
  capacity: number,
  allowed: ReadonlySet<string> | undefined,
): Promise<RetrievalCandidate[]> {
  const present = new Set(pool.map((candidate) => candidate.chunk.chunkId));
  const found: { chunkId: string; term: string; from: 'question' | 'candidate' }[] = [];
  const consider = (text: string, from: 'question' | 'candidate') => {
    for (const entry of definedTermFinder(index)(text)) {
      if (found.length >= MAX_LINKED_DEFINITIONS) return;
      if (present.has(entry.chunkId)) continue;
      const doc = index.documentOf(entry.chunkId);
      if (doc === undefined || (allowed !== undefined && !allowed.has(doc))) continue;
      present.add(entry.chunkId);
      found.push({ chunkId: entry.chunkId, term: entry.term, from });
    }
  };
  consider(question, 'question');
  for (const candidate of pool.slice(0, 3)) consider(candidate.chunk.text, 'candidate');
  if (found.length === 0) return [];
  const chunks = await index.readChunks(found.map((entry) => entry.chunkId));
  const linked = found.map((entry) => createLinkedCandidate(chunks.get(entry.chunkId)!, { linkedDefinition: { term: entry.term, from: entry.from } }));
  // Linked definitions take the last places of the pool, so the pool never exceeds its cap.
  const room = Math.max(0, capacity - linked.length);
  pool.splice(room, pool.length - room, ...linked);
  return linked;
}
