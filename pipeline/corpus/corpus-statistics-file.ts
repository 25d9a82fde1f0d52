import { z } from 'zod';
import type { DefinedAcronyms } from '../question/find-defined-acronyms.ts';
import { createTermStatistics, type TermStatistics, type TermStatisticsSource } from '../rerank/term-statistics.ts';

const count = z.number().int().min(0);
// The long arrays are checked as a whole (one pass each): zod per element was most of an open's time.
const counts = z.custom<number[]>((value) => Array.isArray(value) && value.every((item) => Number.isInteger(item) && item >= 0), 'expected an array of whole numbers ≥ 0');
const strings = z.custom<string[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'string'), 'expected an array of strings');
const names = z.custom<string[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0), 'expected an array of non-empty strings');

/**
 * `corpus-statistics.json` of an index version: what the query path reads from every chunk of the
 * source, gathered once at ingest (`createCorpusStatisticsBuilder`). Stems are written once in
 * `stems` and referred to by their position.
 */
export const CorpusStatisticsFile = z
  .object({
    schemaVersion: z.literal(1),
    chunkCount: count,
    /** Every stem counted (chunk texts, headings and document names). */
    stems: strings,
    /** Per stem of `stems`: in how many chunks it occurs (0: only in a document's name). */
    documentFrequency: counts,
    /** Per stem of `stems`: in how many documents it occurs (name, text or headings). */
    documentsHolding: counts,
    /** Per document, in index order: its chunk count, stems (name included), `[stem, chunks holding it]` pairs and its opening's stems. */
    documents: z.array(z.object({ doc: z.string().min(1), chunks: count, stems: counts, holding: counts, opening: counts }).strict()),
    /** Every chunk id, in index (table) order. */
    chunkIds: names,
    /** Per chunk, in index order: the position of its document in `documents`. */
    chunkDocuments: counts,
    /** Every lowercase word (letters and digits) of the documents' names, headings and texts, first seen first. */
    vocabulary: strings,
    /** How often each lowercase letter-only word occurs in headings and texts. */
    frequencies: z.object({ words: strings, counts }).strict(),
    /** The acronyms the documents define and the initials of the names they spell out, with the words of each (lowercase). */
    acronyms: z.array(z.object({ acronym: z.string().min(1), words: z.array(z.string()) }).strict()),
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
 * The corpus statistics of a checked file; `readPhrases` reads `source-phrases.txt` when a question
 * first needs it (once). Throws a plain `Error` naming what is inconsistent (the caller names the file).
 */
export function readCorpusStatistics(file: CorpusStatisticsFile, readPhrases: () => Promise<string>): CorpusStatistics {
  const { stems } = file;
  if (file.documentFrequency.length !== stems.length) throw new Error(`holds ${stems.length} stems but ${file.documentFrequency.length} frequencies`);
  if (file.frequencies.words.length !== file.frequencies.counts.length) throw new Error(`holds ${file.frequencies.words.length} words but ${file.frequencies.counts.length} counts`);
  if (file.chunkDocuments.length !== file.chunkCount) throw new Error(`counts ${file.chunkCount} chunks but names the documents of ${file.chunkDocuments.length}`);
  if (file.chunkIds.length !== file.chunkCount) throw new Error(`counts ${file.chunkCount} chunks but names ${file.chunkIds.length} chunk ids`);
  const stemOf = (number: number) => {
    const wordStem = stems[number];
    if (wordStem === undefined) throw new Error(`refers to stem ${number}, past the ${stems.length} stems`);
    return wordStem;
  };
  if (file.documentsHolding.length !== stems.length) throw new Error(`holds ${stems.length} stems but ${file.documentsHolding.length} document counts`);
  const documentFrequency = new Map<string, number>();
  const documentsByStem = new Map<string, number>();
  stems.forEach((wordStem, number) => {
    if (file.documentFrequency[number]! > 0) documentFrequency.set(wordStem, file.documentFrequency[number]!);
    if (file.documentsHolding[number]! > 0) documentsByStem.set(wordStem, file.documentsHolding[number]!);
  });
  // A document's counts are decoded when first asked for: at 100× the corpus, decoding all 3,400 took most of an open.
  const documentNumbers = new Map(file.documents.map((document, number) => [document.doc, number]));
  const decoded = new Map<string, ReturnType<TermStatisticsSource['documentCounts']>>();
  const documentCounts = (doc: string) => {
    if (decoded.has(doc)) return decoded.get(doc);
    const number = documentNumbers.get(doc);
    const document = number === undefined ? undefined : file.documents[number]!;
    let counts: ReturnType<TermStatisticsSource['documentCounts']>;
    if (document !== undefined) {
      const holding = new Map<string, number>();
      for (let at = 0; at + 1 < document.holding.length; at += 2) holding.set(stemOf(document.holding[at]!), document.holding[at + 1]!);
      counts = { stems: new Set(document.stems.map(stemOf)), chunks: document.chunks, holding, opening: new Set(document.opening.map(stemOf)) };
    }
    decoded.set(doc, counts);
    return counts;
  };
  if (file.chunkDocuments.some((number) => number >= file.documents.length)) throw new Error(`names a document past the ${file.documents.length} documents`);
  const outOfRange = file.documents.find((document) => [document.stems, document.opening].some((numbers) => numbers.some((number) => number >= stems.length)) || document.holding.some((value, at) => at % 2 === 0 && value >= stems.length));
  if (outOfRange !== undefined) throw new Error(`refers to a stem past the ${stems.length} stems (document ${outOfRange.doc})`);
  let phrases: Promise<string> | undefined;
  return {
    vocabulary: new Set(file.vocabulary),
    frequencies: new Map(file.frequencies.words.map((word, at) => [word, file.frequencies.counts[at]!])),
    statistics: createTermStatistics({ chunkCount: file.chunkCount, documentFrequency, documentsByStem, documents: file.documents.map((document) => document.doc), documentCounts }),
    acronyms: new Map(file.acronyms.map((entry) => [entry.acronym, entry.words])),
    documents: file.documents.map((document) => document.doc),
    chunkIds: file.chunkIds,
    chunkDocuments: file.chunkDocuments,
    readPhrases() {
      phrases ??= readPhrases().catch((error: unknown) => {
        phrases = undefined;
        throw error;
      });
      return phrases;
    },
  };
}
