import type { Chunk } from '../types.ts';
import type { RetrievalCandidate } from './retrieve-candidates.ts';

/** A candidate that joined by a link (a definition, another edition), not by search: no ranks or scores of its own. */
export function createLinkedCandidate(
  chunk: Chunk,
  link: Pick<RetrievalCandidate, 'linkedDefinition'> | Pick<RetrievalCandidate, 'linkedEdition'>,
): RetrievalCandidate {
  return { chunk, similarity: 0, keywordScore: 0, vectorRank: undefined, keywordRank: undefined, fusedScore: 0, forms: [], linkedDefinition: undefined, ...link };
}
