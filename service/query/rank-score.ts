import type { RankingWeights } from '../service-state.ts';
import type { SourceDocuments } from '../sources/source-documents.ts';

/**
 * The rank score of a cited chunk: weights.similarity × its similarity + weights.recency × its
 * document's recency (1 for the source's newest document, 0 for the oldest, by the dates the index
 * records; 0.5 when undated) + weights.trust × its source's trust (tenants file, default 1).
 */
export function createRankScore(documents: SourceDocuments, trust: number, weights: RankingWeights): (doc: string, similarity: number) => number {
  const dates = [...documents.facts.values()].flatMap((fact) => (fact.date === undefined ? [] : [Date.parse(fact.date)])).sort((a, b) => a - b);
  const oldest = dates[0];
  const newest = dates[dates.length - 1];
  return (doc, similarity) => {
    const date = documents.facts.get(doc)?.date;
    let recency = 0.5;
    if (date !== undefined && oldest !== undefined && newest !== undefined) {
      const span = newest - oldest;
      recency = span === 0 ? 1 : (Date.parse(date) - oldest) / span;
    }
    return weights.similarity * similarity + weights.recency * recency + weights.trust * trust;
  };
}
