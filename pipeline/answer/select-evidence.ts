import { countTokens, truncateToTokens } from '../chunk/count-tokens.ts';
import type { ClausegateConfig } from '../config/config-schema.ts';
import { ClausegateError } from '../errors.ts';
import type { GenerationEvidence } from '../providers/generator.ts';
import type { Chunk } from '../types.ts';
import { renderEvidenceBlock } from './render-evidence-block.ts';
import { sanitizePromptText } from './sanitize-prompt-text.ts';

/** A ranked candidate offered to evidence selection (the caller has ranked them already). */
export interface EvidenceCandidate {
  chunk: Chunk;
  /** 1-based final rank; lower is better. Ties are broken by `chunkId`. */
  rank: number;
  rerankScore?: number;
  retrievalScore: number;
  /** Cosine similarity to the question, when known; checked against `similarityFloor`. */
  similarity?: number;
  /** True when the chunk joined as the definition of a term (carried through for the trace). */
  linkedDefinition?: boolean;
  /**
   * True when the reranker read the chunk as relevant (at or above the relevance threshold): the
   * similarity floor, which guards what retrieval alone ranks, does not drop it (a table page's
   * vector is far from any question's).
   */
  readAsRelevant?: boolean;
}

/** Input of `selectEvidence`. */
export interface SelectEvidenceInput {
  candidates: readonly EvidenceCandidate[];
  budget: ClausegateConfig['budget'];
  /** Candidates whose `similarity` is defined and below this are dropped; no floor when undefined. */
  similarityFloor?: number;
  /**
   * Tokens of the prompt outside the evidence items (instructions, question, output format). The
   * evidence budget is `min(evidenceTokens, promptTokens − fixedPromptTokens − outputReserveTokens)`.
   * `buildPrompt({ …, evidence: [] }).tokenCount` measures it (slightly over, which is the safe side).
   */
  fixedPromptTokens: number;
}

/** Why a candidate did not reach the prompt; stable codes recorded in traces. */
export type EvidenceDropReason =
  | 'DROP_BELOW_SIMILARITY_FLOOR'
  | 'DROP_EMPTY_AFTER_SANITIZE'
  | 'DROP_DUP'
  | 'DROP_PER_DOC_CAP'
  | 'DROP_BUDGET';

/** One dropped candidate, with its reason code and the numbers behind it. */
export interface EvidenceDrop {
  chunkId: string;
  doc: string;
  rank: number;
  reason: EvidenceDropReason;
  detail: string;
}

/** A candidate that reached the prompt. Usable wherever a `GenerationEvidence` is expected. */
export interface SelectedEvidence extends GenerationEvidence {
  chunk: Chunk;
  /** cl100k_base tokens of `text` (after sanitising and any truncation). */
  tokenCount: number;
  /** Tokens of the whole rendered item (header line and text): what the evidence budget is charged. */
  blockTokens: number;
  /** Tokens of the sanitised text before truncation (equal to `tokenCount` when not truncated). */
  originalTokenCount: number;
  truncated: boolean;
  rank: number;
  scores: { retrievalScore: number; rerankScore?: number; similarity?: number };
  linkedDefinition: boolean;
}

/** What selection kept (anchors `C0`… in final order), what it dropped and why, and the tokens used. */
export interface EvidenceSelection {
  kept: SelectedEvidence[];
  /** Every dropped candidate, ordered by rank then chunk id. */
  drops: EvidenceDrop[];
  /** Sum of `blockTokens` of the kept items. */
  evidenceTokens: number;
  /** The budget the kept items had to fit in. */
  evidenceBudgetTokens: number;
  /** True when nothing was kept: the caller refuses without calling a generator. */
  empty: boolean;
}

interface Admitted {
  candidate: EvidenceCandidate;
  text: string;
  words: Set<string>;
}

/**
 * Chooses the evidence the generator will see, deterministically and in rank-strict order (rank,
 * then chunk id). Each candidate, best first:
 * 1. `DROP_BELOW_SIMILARITY_FLOOR` when its similarity is defined and below the floor, unless the
 *    reranker read it as relevant (`readAsRelevant`);
 * 2. its text is sanitised (`sanitizePromptText`: controls stripped, blank-line runs collapsed,
 *    brackets and `===` neutralised so no document can forge an anchor, header or section);
 *    `DROP_EMPTY_AFTER_SANITIZE` when nothing remains;
 * 3. `DROP_DUP` when its word set overlaps a kept item's by ≥ `duplicateOverlap` (Jaccard
 *    |A∩B|/|A∪B| of lowercase letter/digit runs) and both hold the same numbers (another edition
 *    that changed a fee or a date is not a duplicate); the better-ranked item is the one kept;
 * 4. beyond `maxChunksPerDocument` per document path (byte-identical documents under two paths
 *    count as two documents) it waits: once every other candidate is placed, waiting items join,
 *    best first, while fewer than `maxChunks` are kept, and the rest are `DROP_PER_DOC_CAP`;
 * 5. `DROP_BUDGET` beyond `maxChunks`.
 * Then an item whose text exceeds `maxChunkShare` of the evidence budget is truncated to that share
 * at a line or sentence boundary (`truncated`, `originalTokenCount`) — truncation rather than a
 * drop, because the item is usually among the best ranked and its opening keeps the clause's
 * heading and first statements. Finally, while the items exceed the evidence budget, the lowest
 * ranked is dropped (`DROP_BUDGET`): the kept items are always a prefix of the surviving ranking.
 * Throws `config_invalid` when `promptTokens` exceeds `hardCeilingTokens`.
 */
export function selectEvidence(input: SelectEvidenceInput): EvidenceSelection {
  const { budget } = input;
  if (budget.promptTokens > budget.hardCeilingTokens) {
    throw new ClausegateError('config_invalid', `budget.promptTokens (${budget.promptTokens}) exceeds budget.hardCeilingTokens (${budget.hardCeilingTokens})`, {
      hint: 'lower budget.promptTokens or raise budget.hardCeilingTokens',
      location: { field: 'budget.promptTokens' },
    });
  }
  if (!Number.isFinite(input.fixedPromptTokens) || input.fixedPromptTokens < 0) {
    throw new ClausegateError('internal', `fixedPromptTokens must be a non-negative number, got ${input.fixedPromptTokens}`);
  }
  const evidenceBudgetTokens = Math.max(
    0,
    Math.min(budget.evidenceTokens, budget.promptTokens - input.fixedPromptTokens - budget.outputReserveTokens),
  );
  const chunkTokenCap = Math.floor(budget.maxChunkShare * evidenceBudgetTokens);

  const drops: EvidenceDrop[] = [];
  const drop = (candidate: EvidenceCandidate, reason: EvidenceDropReason, detail: string): void => {
    drops.push({ chunkId: candidate.chunk.chunkId, doc: candidate.chunk.doc, rank: candidate.rank, reason, detail });
  };

  const admitted: Admitted[] = [];
  const deferred: Admitted[] = [];
  const perDocument = new Map<string, number>();
  for (const candidate of orderByRank(input.candidates)) {
    const { chunk } = candidate;
    if (input.similarityFloor !== undefined && candidate.similarity !== undefined && candidate.readAsRelevant !== true && candidate.similarity < input.similarityFloor) {
      drop(candidate, 'DROP_BELOW_SIMILARITY_FLOOR', `similarity ${formatScore(candidate.similarity)} < floor ${formatScore(input.similarityFloor)}`);
      continue;
    }
    const text = sanitizePromptText(chunk.text);
    if (text.length === 0) {
      drop(candidate, 'DROP_EMPTY_AFTER_SANITIZE', `no text left after sanitising ${chunk.text.length} characters`);
      continue;
    }
    const words = wordSet(text);
    const duplicate = findDuplicate(words, admitted, budget.duplicateOverlap);
    if (duplicate) {
      drop(candidate, 'DROP_DUP', `word overlap ${formatScore(duplicate.overlap)} ≥ ${formatScore(budget.duplicateOverlap)} with ${duplicate.of.candidate.chunk.chunkId} (rank ${duplicate.of.candidate.rank})`);
      continue;
    }
    const fromDocument = perDocument.get(chunk.doc) ?? 0;
    if (fromDocument >= budget.maxChunksPerDocument) {
      deferred.push({ candidate, text, words });
      continue;
    }
    if (admitted.length >= budget.maxChunks) {
      drop(candidate, 'DROP_BUDGET', `${admitted.length} chunks already kept (maxChunks ${budget.maxChunks})`);
      continue;
    }
    perDocument.set(chunk.doc, fromDocument + 1);
    admitted.push({ candidate, text, words });
  }
  // The cap makes room for other documents; where none needs it (every candidate of another
  // document is kept, and chunks remain below maxChunks), a capped document's further chunks are
  // kept after all, best first: a question about one agreement is answered from that agreement.
  // A waiting item may repeat an item admitted after it (the first pass compared it only with those
  // before): it stays out, said as the duplicate it is.
  for (const item of deferred) {
    const duplicate = findDuplicate(item.words, admitted, budget.duplicateOverlap);
    if (duplicate) {
      drop(item.candidate, 'DROP_DUP', `word overlap ${formatScore(duplicate.overlap)} ≥ ${formatScore(budget.duplicateOverlap)} with ${duplicate.of.candidate.chunk.chunkId} (rank ${duplicate.of.candidate.rank})`);
    } else if (admitted.length >= budget.maxChunks) {
      const fromDocument = perDocument.get(item.candidate.chunk.doc) ?? 0;
      drop(item.candidate, 'DROP_PER_DOC_CAP', `${fromDocument} chunk(s) of ${item.candidate.chunk.doc} already kept (maxChunksPerDocument ${budget.maxChunksPerDocument}), and no room left below maxChunks ${budget.maxChunks}`);
    } else {
      admitted.push(item);
    }
  }
  admitted.sort((left, right) => compareRank(left.candidate.rank, left.candidate.chunk.chunkId, right.candidate.rank, right.candidate.chunk.chunkId));

  // Anchors follow the admitted order; the budget pass below only removes from the end, so the
  // anchor (and header) each item is measured with is the one it keeps.
  const measured = admitted.map((item, index) => measure(item, `C${index}`, chunkTokenCap));
  const kept: SelectedEvidence[] = [];
  let evidenceTokens = 0;
  let overBudget: SelectedEvidence | undefined;
  for (const item of measured) {
    const fits = item.tokenCount > 0 && evidenceTokens + item.blockTokens <= evidenceBudgetTokens;
    if (overBudget !== undefined || !fits) {
      let detail: string;
      if (overBudget !== undefined) detail = `ranked below ${overBudget.chunkId} (rank ${overBudget.rank}), which already exceeded the evidence budget`;
      else if (item.tokenCount === 0) detail = `an evidence budget of ${evidenceBudgetTokens} tokens leaves no room for any text`;
      else detail = `${item.blockTokens} tokens would bring the evidence to ${evidenceTokens + item.blockTokens} of ${evidenceBudgetTokens}`;
      overBudget ??= item;
      drops.push({ chunkId: item.chunkId, doc: item.doc, rank: item.rank, reason: 'DROP_BUDGET', detail });
      continue;
    }
    evidenceTokens += item.blockTokens;
    kept.push(item);
  }

  drops.sort((left, right) => compareRank(left.rank, left.chunkId, right.rank, right.chunkId));
  return { kept, drops, evidenceTokens, evidenceBudgetTokens, empty: kept.length === 0 };
}

function orderByRank(candidates: readonly EvidenceCandidate[]): EvidenceCandidate[] {
  for (const candidate of candidates) {
    if (!Number.isFinite(candidate.rank)) {
      throw new ClausegateError('internal', `candidate ${candidate.chunk.chunkId} has no finite rank (${candidate.rank})`);
    }
  }
  return [...candidates].sort((left, right) => compareRank(left.rank, left.chunk.chunkId, right.rank, right.chunk.chunkId));
}

function compareRank(leftRank: number, leftId: string, rightRank: number, rightId: string): number {
  if (leftRank !== rightRank) return leftRank - rightRank;
  return leftId < rightId ? -1 : leftId > rightId ? 1 : 0;
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function findDuplicate(words: Set<string>, admitted: readonly Admitted[], threshold: number): { of: Admitted; overlap: number } | undefined {
  for (const item of admitted) {
    // Two editions that differ in a figure (`waived until July 1, 2025` / `January 1, 2026`, `$130.10`
    // / `$134.50`) differ in what the question is about: both stay.
    if (!sameFigures(words, item.words)) continue;
    const overlap = jaccard(words, item.words);
    if (overlap >= threshold) return { of: item, overlap };
  }
  return undefined;
}

/** True when both word sets hold the same numbers (words with a digit). */
function sameFigures(left: Set<string>, right: Set<string>): boolean {
  const figures = (words: Set<string>) => [...words].filter((word) => /\p{N}/u.test(word));
  const leftFigures = figures(left);
  return leftFigures.length === figures(right).length && leftFigures.every((word) => right.has(word));
}

function jaccard(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 1 : shared / union;
}

function measure(item: Admitted, anchor: string, chunkTokenCap: number): SelectedEvidence {
  const { candidate } = item;
  const { chunk } = candidate;
  const originalTokenCount = countTokens(item.text);
  const truncated = originalTokenCount > chunkTokenCap;
  const text = truncated ? truncateAtBoundary(item.text, chunkTokenCap) : item.text;
  const tokenCount = truncated ? countTokens(text) : originalTokenCount;
  const evidence: GenerationEvidence = {
    anchor,
    chunkId: chunk.chunkId,
    doc: chunk.doc,
    page: chunk.pageStart,
    sectionHeading: chunk.sectionHeading,
    text,
  };
  const scores: SelectedEvidence['scores'] = { retrievalScore: candidate.retrievalScore };
  if (candidate.rerankScore !== undefined) scores.rerankScore = candidate.rerankScore;
  if (candidate.similarity !== undefined) scores.similarity = candidate.similarity;
  return {
    ...evidence,
    chunk,
    tokenCount,
    blockTokens: countTokens(renderEvidenceBlock(evidence)),
    originalTokenCount,
    truncated,
    rank: candidate.rank,
    scores,
    linkedDefinition: candidate.linkedDefinition ?? false,
  };
}

/**
 * The longest prefix of `text` within `maxTokens` that ends at a line end or a sentence end; at a
 * word boundary when the last such end would keep less than half of what fits; mid-word only when a
 * word boundary would too. Always an exact prefix of `text` (so quotes still map onto the chunk).
 */
function truncateAtBoundary(text: string, maxTokens: number): string {
  const fitting = truncateToTokens(text, maxTokens);
  const limit = fitting.length;
  if (limit === 0) return '';
  const half = limit / 2;
  let clauseEnd = text.lastIndexOf('\n', limit);
  for (const match of text.slice(0, limit + 1).matchAll(/[.!?;:](?=\s)/g)) {
    clauseEnd = Math.max(clauseEnd, match.index + 1);
  }
  if (clauseEnd >= half) return text.slice(0, clauseEnd).trimEnd();
  const wordEnd = fitting.search(/\s\S*$/);
  if (wordEnd >= half) return text.slice(0, wordEnd).trimEnd();
  return fitting;
}

function formatScore(value: number): string {
  return value.toFixed(3);
}
