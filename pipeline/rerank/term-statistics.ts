import { LRUCache } from 'lru-cache';
import { normalizeForMatching, stem } from '../text/index.ts';

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

/**
 * The counts term statistics are read from, as gathered over a source's chunks: what the ingest
 * stores in the index version (`corpus-statistics.json`) so a query never reads every chunk.
 */
export interface TermCounts {
  chunkCount: number;
  /** In how many chunks (text and heading) each stem occurs. */
  documentFrequency: Map<string, number>;
  /** Per document, in the order first seen: the stems of its name, text and headings. */
  stemsByDocument: Map<string, Set<string>>;
  /** Per document: its chunk count, how many of its chunks hold each stem, and the stems of its opening. */
  chunksByDocument: Map<string, { chunks: number; holding: Map<string, number>; opening: Set<string> }>;
}

/** An empty tally of term counts that chunks are added to one at a time, in index order. */
export function createTermCounts(): TermCounts {
  return { chunkCount: 0, documentFrequency: new Map(), stemsByDocument: new Map(), chunksByDocument: new Map() };
}

/** Adds one chunk (the next in index order) to `counts`. */
export function countChunkTerms(counts: TermCounts, chunk: { doc: string; sectionHeading: string; text: string }): void {
  const { documentFrequency, stemsByDocument, chunksByDocument } = counts;
  counts.chunkCount += 1;
  const stems = new Set(wordStems(`${chunk.sectionHeading}\n${chunk.text}`));
  for (const wordStem of stems) documentFrequency.set(wordStem, (documentFrequency.get(wordStem) ?? 0) + 1);
  let documentStems = stemsByDocument.get(chunk.doc);
  if (documentStems === undefined) {
    documentStems = new Set(wordStems(chunk.doc.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ')));
    stemsByDocument.set(chunk.doc, documentStems);
  }
  for (const wordStem of stems) documentStems.add(wordStem);
  let perDocument = chunksByDocument.get(chunk.doc);
  if (perDocument === undefined) {
    perDocument = { chunks: 0, holding: new Map(), opening: new Set(documentStems) };
    chunksByDocument.set(chunk.doc, perDocument);
  }
  perDocument.chunks += 1;
  if (perDocument.chunks <= OPENING_CHUNKS) for (const wordStem of stems) perDocument.opening.add(wordStem);
  for (const wordStem of stems) perDocument.holding.set(wordStem, (perDocument.holding.get(wordStem) ?? 0) + 1);
}

/** Counts in how many chunks (text and section heading) each stem occurs. */
export function buildTermStatistics(chunks: Iterable<{ doc: string; sectionHeading: string; text: string }>): TermStatistics {
  const counts = createTermCounts();
  for (const chunk of chunks) countChunkTerms(counts, chunk);
  return readTermStatistics(counts);
}

/** What term statistics are read from: the source-wide counts, and each document's counts when asked for (they may be decoded then). */
export interface TermStatisticsSource {
  chunkCount: number;
  /** In how many chunks each stem occurs. */
  documentFrequency: ReadonlyMap<string, number>;
  /** In how many documents each stem occurs (name, text or headings). */
  documentsByStem: ReadonlyMap<string, number>;
  /** The documents, in the order first seen. */
  documents: readonly string[];
  /** One document's stems (name included), chunk count, chunks holding each stem and opening stems; undefined for an unknown document. */
  documentCounts(doc: string): { stems: ReadonlySet<string>; chunks: number; holding: ReadonlyMap<string, number>; opening: ReadonlySet<string> } | undefined;
}

/** The term statistics of gathered counts (`counts` is kept, not copied). */
export function readTermStatistics(counts: TermCounts): TermStatistics {
  const { stemsByDocument, chunksByDocument } = counts;
  const documentsByStem = new Map<string, number>();
  for (const stems of stemsByDocument.values()) for (const wordStem of stems) documentsByStem.set(wordStem, (documentsByStem.get(wordStem) ?? 0) + 1);
  return createTermStatistics({
    chunkCount: counts.chunkCount,
    documentFrequency: counts.documentFrequency,
    documentsByStem,
    documents: [...stemsByDocument.keys()],
    documentCounts: (doc) => {
      const stems = stemsByDocument.get(doc);
      const perDocument = chunksByDocument.get(doc);
      return stems === undefined || perDocument === undefined ? undefined : { stems, ...perDocument };
    },
  });
}

/** The term statistics of a source of counts. */
export function createTermStatistics(source: TermStatisticsSource): TermStatistics {
  const { chunkCount, documentFrequency, documentsByStem } = source;
  const idf = (frequency: number) => Math.log(1 + (chunkCount - frequency + 0.5) / (frequency + 0.5));
  const rarest = idf(0);
  return {
    chunkCount,
    documentCount: source.documents.length,
    documentsHolding: (wordStem) => documentsByStem.get(wordStem) ?? 0,
    documentHolds: (doc, wordStem) => source.documentCounts(doc)?.stems.has(wordStem) ?? false,
    documents: [...source.documents],
    documentShare: (doc, wordStem) => {
      const perDocument = source.documentCounts(doc);
      return perDocument === undefined ? 0 : (perDocument.holding.get(wordStem) ?? 0) / perDocument.chunks;
    },
    documentOpens: (doc, wordStem) => source.documentCounts(doc)?.opening.has(wordStem) ?? false,
    weightOf: (wordStem) => {
      const frequency = documentFrequency.get(wordStem);
      return frequency === undefined ? rarest : idf(frequency);
    },
  };
}
