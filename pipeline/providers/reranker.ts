import type { TermStatistics } from '../rerank/term-statistics.ts';

/** A candidate handed to a reranker. */
export interface RerankCandidate {
  chunkId: string;
  doc: string;
  sectionHeading: string;
  text: string;
  /** The retrieval scores of the candidate, for rerankers that read them (the learned reranker); others ignore them. */
  retrieval?: RerankRetrievalScores;
}

/** How retrieval found a candidate: its best cosine similarity and BM25 score, its 1-based ranks, and whether it joined as a linked definition or edition. */
export interface RerankRetrievalScores {
  similarity: number;
  keywordScore: number;
  vectorRank?: number | undefined;
  keywordRank?: number | undefined;
  linkedDefinition: boolean;
}

/** A candidate's relevance on the 0–3 scale: 0 not relevant, 1 related, 2 relevant, 3 directly answers. */
export interface RerankScore {
  chunkId: string;
  score: 0 | 1 | 2 | 3;
  /**
   * Optional finer relevance (higher is better) that orders candidates of equal `score`; the offline
   * reranker reports its lexical features here. Without it equal scores keep the retrieval order.
   */
  strength?: number;
  /** The provider's raw reply (OpenAI) or the features that made the score (offline), for the trace. */
  detail: string;
}

/** What identifies a reranker in traces and reports. */
export interface RerankerInfo {
  name: string;
  model: string;
}

/**
 * Scores every candidate 0–3 for the question. Returns one score per candidate in input order.
 * Throws a `ClausegateError` (`provider_failed`/`provider_unreachable`) when the provider fails as
 * a whole; the pipeline then falls back to retrieval scores and marks `rerank_fallback`.
 */
export interface Reranker {
  readonly info: RerankerInfo;
  rerank(question: string, candidates: readonly RerankCandidate[]): Promise<RerankScore[]>;
  /** Takes the source's term statistics (stored in the index at ingest) once when the index opens; optional. */
  prepare?(statistics: TermStatistics): void;
}
