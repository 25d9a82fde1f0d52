import { LRUCache } from 'lru-cache';
import { normalizeForMatching, stem } from '../providers/offline-reranker.ts';

/** How often each word stem occurs across a source's chunks: the weights of question terms. */
export interface TermStatistics {
  /** Number of chunks counted. */
  chunkCount: number;
  /** Inverse document frequency of a stem (BM25's form, always positive); a stem no chunk holds gets the rarest weight. */
  weightOf(wordStem: string): number;
  /** Number of documents counted. */
  documentCount: number;
  /** In how many documents the stem occurs (text, headings or the file name). */
  documentsHolding(wordStem: string): number;
  /** Whether the document holds the stem anywhere (text, headings or its file name); false for an unknown document. */
  documentHolds(doc: string, wordStem: string): boolean;
  /** The documents counted, in the order first seen. */
  documents: readonly string[];
  /** The share (0–1) of the document's chunks whose text or heading holds the stem; 0 for an unknown document. */
  documentShare(doc: string, wordStem: string): number;
  /** Whether the document's opening (its name and first `OPENING_CHUNKS` chunks: title, parties, recitals) holds the stem. */
  documentOpens(doc: string, wordStem: string): boolean;
}

/** How many chunks of a document, in index order, make its opening. */
const OPENING_CHUNKS = 3;

// The same texts are read again and again (a chunk's text by the reranker's features, the gate's
// features and its name check, for every question that retrieves it; every value of a what-if
// sweep replays a case's pool): their stems are kept, least recently used going first.
const stemsByText = new LRUCache<string, readonly string[]>({ max: 8_192 });

/**
 * The word stems of a text, in order: lowercased, NFKC, thousands separators dropped, light suffix
 * stemming. The array is shared by every caller asking about the same text: read it, never change it.
 */
export function wordStems(text: string): readonly string[] {
  const known = stemsByText.get(text);
  if (known !== undefined) return known;
  const stems: string[] = [];
  for (const word of normalizeForMatching(text).match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? []) {
    stems.push(stem(word.includes(',') ? word.replace(/,(?=\p{N}{3})/gu, '') : word));
  }
  Object.freeze(stems);
  stemsByText.set(text, stems);
  return stems;
}

/** Counts in how many chunks (text and section heading) each stem occurs. */
export function buildTermStatistics(chunks: Iterable<{ doc: string; sectionHeading: string; text: string }>): TermStatistics {
  const documentFrequency = new Map<string, number>();
  const stemsByDocument = new Map<string, Set<string>>();
  const chunksByDocument = new Map<string, { chunks: number; holding: Map<string, number>; opening: Set<string> }>();
  let chunkCount = 0;
  for (const chunk of chunks) {
    chunkCount += 1;
    const stems = new Set(wordStems(`${chunk.sectionHeading}\n${chunk.text}`));
    for (const wordStem of stems) documentFrequency.set(wordStem, (documentFrequency.get(wordStem) ?? 0) + 1);
    let documentStems = stemsByDocument.get(chunk.doc);
    if (documentStems === undefined) {
      documentStems = new Set(wordStems(chunk.doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ')));
      stemsByDocument.set(chunk.doc, documentStems);
    }
    for (const wordStem of stems) documentStems.add(wordStem);
    let counts = chunksByDocument.get(chunk.doc);
    if (counts === undefined) {
      counts = { chunks: 0, holding: new Map(), opening: new Set(documentStems) };
      chunksByDocument.set(chunk.doc, counts);
    }
    counts.chunks += 1;
    if (counts.chunks <= OPENING_CHUNKS) for (const wordStem of stems) counts.opening.add(wordStem);
    for (const wordStem of stems) counts.holding.set(wordStem, (counts.holding.get(wordStem) ?? 0) + 1);
  }
  const documentsByStem = new Map<string, number>();
  for (const stems of stemsByDocument.values()) for (const wordStem of stems) documentsByStem.set(wordStem, (documentsByStem.get(wordStem) ?? 0) + 1);
  const idf = (frequency: number) => Math.log(1 + (chunkCount - frequency + 0.5) / (frequency + 0.5));
  const rarest = idf(0);
  return {
    chunkCount,
    documentCount: stemsByDocument.size,
    documentsHolding: (wordStem) => documentsByStem.get(wordStem) ?? 0,
    documentHolds: (doc, wordStem) => stemsByDocument.get(doc)?.has(wordStem) ?? false,
    documents: [...stemsByDocument.keys()],
    documentShare: (doc, wordStem) => {
      const counts = chunksByDocument.get(doc);
      return counts === undefined ? 0 : (counts.holding.get(wordStem) ?? 0) / counts.chunks;
    },
    documentOpens: (doc, wordStem) => chunksByDocument.get(doc)?.opening.has(wordStem) ?? false,
    weightOf: (wordStem) => {
      const frequency = documentFrequency.get(wordStem);
      return frequency === undefined ? rarest : idf(frequency);
    },
  };
}
