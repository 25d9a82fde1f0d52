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
}

/** The word stems of a text, in order: lowercased, NFKC, thousands separators dropped, light suffix stemming. */
export function wordStems(text: string): string[] {
  const stems: string[] = [];
  for (const word of normalizeForMatching(text).match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? []) {
    stems.push(stem(word.replace(/,(?=\p{N}{3})/gu, '')));
  }
  return stems;
}

/** Counts in how many chunks (text and section heading) each stem occurs. */
export function buildTermStatistics(chunks: Iterable<{ doc: string; sectionHeading: string; text: string }>): TermStatistics {
  const documentFrequency = new Map<string, number>();
  const stemsByDocument = new Map<string, Set<string>>();
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
    weightOf: (wordStem) => {
      const frequency = documentFrequency.get(wordStem);
      return frequency === undefined ? rarest : idf(frequency);
    },
  };
}
