import type { QueryForm, RetrievalIndex } from './retrieve-candidates.ts';

/**
 * The best cosine similarity of each chunk in `ids` to any query form: `known` as given, the rest
 * computed from the index's stored vectors (0 for a chunk without one). Returns a new map.
 */
export async function completeSimilarities(
  index: RetrievalIndex,
  forms: readonly QueryForm[],
  ids: readonly string[],
  known: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const result = new Map(known);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length === 0) return result;
  const vectors = await index.vectorsFor(missing);
  for (const id of missing) {
    const vector = vectors.get(id);
    result.set(id, vector ? Math.max(...forms.map((form) => dot(form.vector, vector))) : 0);
  }
  return result;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}
