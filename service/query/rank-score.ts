import type { TenantRegistry } from '../tenants/tenant-registry.ts';
import type { RankingWeights } from '../service-state.ts';

/**
 * The rank score of a cited chunk: weights.similarity × its similarity + weights.recency × its
 * document's recency (1 for the source's newest dated document, 0 for the oldest, 0.5 undated) +
 * weights.trust × its source's trust (tenants file, default 1).
 */
export function createRankScore(tenants: TenantRegistry, source: string, weights: RankingWeights): (doc: string, similarity: number) => number {
  const marks = tenants.sources[source];
  const dates = Object.values(marks?.documentDates ?? {}).sort();
  const oldest = dates[0];
  const newest = dates[dates.length - 1];
  const trust = marks?.trust ?? 1;
  return (doc, similarity) => {
    const date = marks?.documentDates[doc];
    let recency = 0.5;
    if (date !== undefined && oldest !== undefined && newest !== undefined) {
      const span = Date.parse(newest) - Date.parse(oldest);
      recency = span === 0 ? 1 : (Date.parse(date) - Date.parse(oldest)) / span;
    }
    return weights.similarity * similarity + weights.recency * recency + weights.trust * trust;
  };
}
