/**
 * How well a chunk, or one of its lines, answers a question profile (`profileQuestion`): term
 * coverage, the best line, the line holding the value asked for, the table-row qualifiers; and the
 * offline lexical reranker's mapping of those features to the 0–3 scale. Read by the offline
 * reranker and the extractive generator; it imports only the text and question folders.
 */
export { measureSegment } from './measure-segment.ts';
export type { SegmentRelevance } from './measure-segment.ts';
export { measureRelevance } from './measure-relevance.ts';
export type { ChunkRelevance, RelevanceInput } from './measure-relevance.ts';
export { findParentRow } from './find-split-qualifiers.ts';
export { findNarrowerMatch } from './find-narrower-match.ts';
export { scoreRelevance } from './score-relevance.ts';
export { relevanceStrength } from './relevance-strength.ts';
export { describeRelevance, formatShare } from './describe-relevance.ts';
