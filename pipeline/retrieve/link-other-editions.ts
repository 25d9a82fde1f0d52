import { readDocumentVersion } from '../rerank/prefer-newer-versions.ts';
import { findYearsNamed } from '../question/find-years-named.ts';
import type { Chunk } from '../types.ts';
import { completeSimilarities } from './complete-similarities.ts';
import { createLinkedCandidate } from './create-linked-candidate.ts';
import type { QueryForm, RetrievalCandidate, RetrievalIndex } from './retrieve-candidates.ts';

const MAX_LINKED_EDITIONS = 3;
/** Word overlap (Jaccard, figures left out) a chunk of the other edition needs to be the same table or clause. */
const EDITION_OVERLAP = 0.5;

/**
 * A question naming two or more years compares editions (`the 2025 and 2026 CME fee lists`): for
 * each source (the reranker's kept candidates, best first) from a dated document of a named year
 * (`january-2026-market-data-fee-list.pdf`), the chunk of each other named year's edition of that
 * document family (`january-2025-market-data-fee-list.pdf`) whose words overlap the source's most
 * (at least 0.5, figures left out: the same table with that year's fees), when it is not among
 * `present`; at most three, as candidates that say which source they were linked from, with their
 * similarity to the question's forms (the floor applies to them as to any candidate).
 */
export async function linkOtherEditions(
  sources: readonly Chunk[],
  index: RetrievalIndex,
  forms: readonly QueryForm[],
  question: string,
  present: ReadonlySet<string>,
): Promise<RetrievalCandidate[]> {
  const years = findYearsNamed(question).map(Number);
  if (years.length < 2) return [];
  // Each document's family and year, read from its name once.
  const versions = new Map<string, { family: string; year: number | undefined }>();
  const versionOf = (doc: string) => {
    let version = versions.get(doc);
    if (version === undefined) {
      const { family, dated } = readDocumentVersion(doc);
      version = { family, year: dated === undefined ? undefined : Math.floor(dated / 12) };
      versions.set(doc, version);
    }
    return version;
  };
  // Only the named years' dated documents are read, not the whole index.
  const named = new Set(index.documents.filter((doc) => {
    const { year } = versionOf(doc);
    return year !== undefined && years.includes(year);
  }));
  const editionsByFamily = new Map<string, Map<string, Chunk[]>>();
  for (const chunk of named.size === 0 ? [] : await index.readDocumentChunks(named)) {
    const { family } = versionOf(chunk.doc);
    const docs = editionsByFamily.get(family) ?? new Map<string, Chunk[]>();
    editionsByFamily.set(family, docs);
    const chunks = docs.get(chunk.doc) ?? [];
    docs.set(chunk.doc, chunks);
    chunks.push(chunk);
  }
  const taken = new Set(present);
  const linked: RetrievalCandidate[] = [];
  for (const source of sources) {
    const { family, year } = versionOf(source.doc);
    if (year === undefined || !years.includes(year)) continue;
    const words = wordsWithoutFigures(source.text);
    for (const [doc, chunks] of editionsByFamily.get(family) ?? []) {
      if (versionOf(doc).year === year || linked.length >= MAX_LINKED_EDITIONS) continue;
      let best: { chunk: Chunk; overlap: number } | undefined;
      for (const chunk of chunks) {
        const overlap = jaccard(words, wordsWithoutFigures(chunk.text));
        if (best === undefined || overlap > best.overlap) best = { chunk, overlap };
      }
      if (best === undefined || best.overlap < EDITION_OVERLAP || taken.has(best.chunk.chunkId)) continue;
      taken.add(best.chunk.chunkId);
      linked.push(createLinkedCandidate(best.chunk, { linkedEdition: { from: source.chunkId } }));
    }
  }
  const similarities = await completeSimilarities(index, forms, linked.map((candidate) => candidate.chunk.chunkId), new Map());
  for (const candidate of linked) candidate.similarity = similarities.get(candidate.chunk.chunkId) ?? 0;
  return linked;
}

function wordsWithoutFigures(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !/\p{N}/u.test(word)));
}

function jaccard(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}
