import { z } from 'zod';
import type { DefinedAcronyms } from '../question/find-defined-acronyms.ts';
import type { DecodedDocumentStatistics } from './document-statistics-file.ts';
import { createTermStatistics, type TermStatistics, type TermStatisticsSource } from '../rerank/term-statistics.ts';

const count = z.number().int().min(0);
// The long arrays are checked as a whole (one pass each): zod per element was most of an open's time.
const counts = z.custom<number[]>((value) => Array.isArray(value) && value.every((item) => Number.isInteger(item) && item >= 0), 'expected an array of whole numbers ≥ 0');
const strings = z.custom<string[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'string'), 'expected an array of strings');
const isAcronym = (item: unknown) => {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false;
  const { acronym, words, ...rest } = item as Record<string, unknown>;
  return typeof acronym === 'string' && acronym.length > 0 && Array.isArray(words) && words.every((word) => typeof word === 'string') && Object.keys(rest).length === 0;
};
// Thousands at 1× (CME: 2,798; the initials of the names the documents spell out): zod per entry was most of this file's check.
const acronymList = z.custom<{ acronym: string; words: string[] }[]>(
  (value) => Array.isArray(value) && value.every(isAcronym),
  'expected an array of { acronym: non-empty string, words: strings }, no other fields',
);

/**
 * `corpus-statistics.json` of an index version: what the query path reads from every chunk of the
 * source, gathered once at ingest (`createCorpusStatisticsBuilder`), but the per-document and
 * per-chunk arrays, which `document-statistics.bin` holds (store format 5). Stems are written once
 * in `stems` and referred to by their position.
 */
export const CorpusStatisticsFile = z
  .object({
    schemaVersion: z.literal(2),
    chunkCount: count,
    /** Every stem counted (chunk texts, headings and document names). */
    stems: strings,
    /** Per stem of `stems`: in how many chunks it occurs (0: only in a document's name). */
    documentFrequency: counts,
    /** Per stem of `stems`: in how many documents it occurs (name, text or headings). */
    documentsHolding: counts,
    /** Per document, in index order: its name and chunk count (its stems are in `document-statistics.bin`). */
    documents: z.array(z.object({ doc: z.string().min(1), chunks: count }).strict()),
    /** Every lowercase word (letters and digits) of the documents' names, headings and texts, first seen first. */
    vocabulary: strings,
    /** How often each lowercase letter-only word occurs in headings and texts. */
    frequencies: z.object({ words: strings, counts }).strict(),
    /** The acronyms the documents define and the initials of the names they spell out, with the words of each (lowercase). */
    acronyms: acronymList,
  })
  .strict();
export type CorpusStatisticsFile = z.infer<typeof CorpusStatisticsFile>;

/** What the question checks, the reranker and the gate read about the whole source, without reading its chunks. */
export interface CorpusStatistics {
  /** Every lowercase word of the documents' names, headings and texts. */
  vocabulary: ReadonlySet<string>;
  /** How often each lowercase word of letters occurs in headings and texts (`correctSpelling`). */
  frequencies: ReadonlyMap<string, number>;
  /** How often each word stem occurs, per chunk and per document. */
  statistics: TermStatistics;
  /** The acronyms the documents define (`Designated Contract Markets (DCM)`), and the initials of the names they spell out (`EOD` for `End of Day`). */
  acronyms: DefinedAcronyms;
  /** The documents, in index order. */
  documents: readonly string[];
  /** Every chunk id, in index (table) order. */
  chunkIds: readonly string[];
  /** Per chunk, in index order: its document's position in `documents`. */
  chunkDocuments: readonly number[];
  /** The source's phrases (`buildSourcePhrases`), read when first asked for: they are as long as the source's text. */
  readPhrases(): Promise<string>;
}

/**
 * The corpus statistics of a checked file and its document statistics (`document-statistics.bin`,
 * decoded); `readPhrases` reads `source-phrases.txt` when a question first needs it (once). Throws a
 * plain `Error` naming what is inconsistent (the caller names the files).
 */
export function readCorpusStatistics(file: CorpusStatisticsFile, perDocument: DecodedDocumentStatistics, readPhrases: () => Promise<string>): CorpusStatistics {
  const { stems } = file;
  if (file.documentFrequency.length !== stems.length) throw new Error(`holds ${stems.length} stems but ${file.documentFrequency.length} frequencies`);
  if (file.documentsHolding.length !== stems.length) throw new Error(`holds ${stems.length} stems but ${file.documentsHolding.length} document counts`);
  if (file.frequencies.words.length !== file.frequencies.counts.length) throw new Error(`holds ${file.frequencies.words.length} words but ${file.frequencies.counts.length} counts`);
  if (perDocument.chunkDocuments.length !== file.chunkCount) throw new Error(`counts ${file.chunkCount} chunks but names the documents of ${perDocument.chunkDocuments.length}`);
  if (perDocument.header.documents !== file.documents.length) throw new Error(`names ${file.documents.length} documents but holds the counts of ${perDocument.header.documents}`);
  const documentFrequency = new Map<string, number>();
  const documentsByStem = new Map<string, number>();
  stems.forEach((wordStem, number) => {
    if (file.documentFrequency[number]! > 0) documentFrequency.set(wordStem, file.documentFrequency[number]!);
    if (file.documentsHolding[number]! > 0) documentsByStem.set(wordStem, file.documentsHolding[number]!);
  });
  // A document's counts are decoded when first asked for: at 100× the corpus, decoding all 3,400 took most of an open.
  // (The stem numbers were checked against `stems` when the file was decoded.)
  const documentNumbers = new Map(file.documents.map((document, number) => [document.doc, number]));
  const decoded = new Map<string, ReturnType<TermStatisticsSource['documentCounts']>>();
  const documentCounts = (doc: string) => {
    if (decoded.has(doc)) return decoded.get(doc);
    const number = documentNumbers.get(doc);
    let counts: ReturnType<TermStatisticsSource['documentCounts']>;
    if (number !== undefined) {
      const stored = perDocument.documentAt(number);
      const holding = new Map<string, number>();
      for (let at = 0; at + 1 < stored.holding.length; at += 2) holding.set(stems[stored.holding[at]!]!, stored.holding[at + 1]!);
      const stemsOf = (numbers: ArrayLike<number>) => new Set(Array.from(numbers, (stemNumber) => stems[stemNumber]!));
      counts = { stems: stemsOf(stored.stems), chunks: file.documents[number]!.chunks, holding, opening: stemsOf(stored.opening) };
    }
    decoded.set(doc, counts);
    return counts;
  };
  const documents = file.documents.map((document) => document.doc);
  let phrases: Promise<string> | undefined;
  return {
    vocabulary: new Set(file.vocabulary),
    frequencies: new Map(file.frequencies.words.map((word, at) => [word, file.frequencies.counts[at]!])),
    statistics: createTermStatistics({ chunkCount: file.chunkCount, documentFrequency, documentsByStem, documents, documentCounts }),
    acronyms: new Map(file.acronyms.map((entry) => [entry.acronym, entry.words])),
    documents,
    chunkIds: perDocument.chunkIds,
    chunkDocuments: perDocument.chunkDocuments,
    readPhrases() {
      phrases ??= readPhrases().catch((error: unknown) => {
        phrases = undefined;
        throw error;
      });
      return phrases;
    },
  };
}
