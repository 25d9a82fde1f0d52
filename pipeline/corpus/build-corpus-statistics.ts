import { buildSourcePhrases, buildSourceVocabulary, buildWordFrequencies } from '../question/index.ts';
import { findDefinedAcronyms } from '../question/find-defined-acronyms.ts';
import { createNameInitialsCounter } from '../question/find-name-initials.ts';
import { countChunkTerms, createTermCounts, type TermCounts } from '../rerank/term-statistics.ts';
import type { CorpusStatisticsFile } from './corpus-statistics-file.ts';
import { encodeDocumentStatistics, type StoredDocumentCounts } from './document-statistics-file.ts';

/** What a source's corpus statistics are counted from: one chunk's id, document, heading and text. */
export interface CountedChunk {
  chunkId: string;
  doc: string;
  sectionHeading: string;
  text: string;
}

/** Corpus statistics gathered chunk by chunk, in index order, at ingest. */
export interface CorpusStatisticsBuilder {
  /** Adds the next chunk of the index. */
  add(chunk: CountedChunk): void;
  /**
   * The statistics file, the bytes of its per-document and per-chunk part (`document-statistics.bin`)
   * and the source's phrases (`source-phrases.txt`) of every chunk added.
   */
  finish(): { file: CorpusStatisticsFile; documentStatistics: Uint8Array; phrases: string };
}

/**
 * Starts gathering what the query path needs from every chunk of a source — the words and their
 * counts, the term statistics, the acronyms the documents define (and the initials of the Title Case
 * names they spell out, `findNameInitials`: `EOD` for `End of Day`), the phrases, and every chunk's
 * id and document in index order — so the ingest stores it in the index version and a question never reads every chunk.
 * Each part is the same as its builder over all chunks at once (`buildSourceVocabulary`,
 * `buildWordFrequencies`, `buildSourcePhrases`, `buildTermStatistics`, `findNameInitials` overridden by `findDefinedAcronyms`),
 * first-seen orders included.
 */
export function createCorpusStatisticsBuilder(): CorpusStatisticsBuilder {
  const vocabulary = new Set<string>();
  const frequencies = new Map<string, number>();
  const phraseParts: string[] = [];
  const acronyms = new Map<string, readonly string[]>();
  const initials = createNameInitialsCounter();
  const counts = createTermCounts();
  const documentNumbers = new Map<string, number>();
  const chunkDocuments: number[] = [];
  const chunkIds: string[] = [];
  return {
    add(chunk) {
      for (const word of buildSourceVocabulary([chunk])) vocabulary.add(word);
      for (const [word, count] of buildWordFrequencies([chunk])) frequencies.set(word, (frequencies.get(word) ?? 0) + count);
      // ` heading | text `: the chunk's part of the whole source's ` … | … ` without its outer spaces.
      phraseParts.push(buildSourcePhrases([chunk]).slice(1, -1));
      for (const [acronym, words] of findDefinedAcronyms([chunk])) {
        const known = acronyms.get(acronym);
        if (known === undefined || words.length > known.length) acronyms.set(acronym, words);
      }
      initials.add(chunk);
      countChunkTerms(counts, chunk);
      let documentNumber = documentNumbers.get(chunk.doc);
      if (documentNumber === undefined) {
        documentNumber = documentNumbers.size;
        documentNumbers.set(chunk.doc, documentNumber);
      }
      chunkDocuments.push(documentNumber);
      chunkIds.push(chunk.chunkId);
    },
    finish() {
      const { documentCounts, ...termCounts } = encodeTermCounts(counts);
      return {
        documentStatistics: encodeDocumentStatistics({ documents: documentCounts, chunkDocuments, chunkIds }),
        file: {
          schemaVersion: 2,
          ...termCounts,
          vocabulary: [...vocabulary],
          frequencies: { words: [...frequencies.keys()], counts: [...frequencies.values()] },
          // The acronyms the documents define win over the initials of the names they spell out.
          acronyms: [...new Map([...initials.finish(), ...acronyms])].map(([acronym, words]) => ({ acronym, words: [...words] })),
        },
        phrases: ` ${phraseParts.join(' | ')} `,
      };
    },
  };
}

/** The term counts with every stem written once (a table) and referred to by its number. */
function encodeTermCounts(
  counts: TermCounts,
): Pick<CorpusStatisticsFile, 'chunkCount' | 'stems' | 'documentFrequency' | 'documentsHolding' | 'documents'> & { documentCounts: StoredDocumentCounts[] } {
  const stemNumbers = new Map<string, number>();
  const numberOf = (wordStem: string) => {
    let number = stemNumbers.get(wordStem);
    if (number === undefined) {
      number = stemNumbers.size;
      stemNumbers.set(wordStem, number);
    }
    return number;
  };
  for (const wordStem of counts.documentFrequency.keys()) numberOf(wordStem);
  const documents = [...counts.stemsByDocument].map(([doc, stems]) => {
    const perDocument = counts.chunksByDocument.get(doc)!;
    return {
      doc,
      chunks: perDocument.chunks,
      stems: [...stems].map(numberOf),
      holding: [...perDocument.holding].flatMap(([wordStem, count]) => [numberOf(wordStem), count]),
      opening: [...perDocument.opening].map(numberOf),
    };
  });
  const stems = [...stemNumbers.keys()];
  const documentsHolding = stems.map(() => 0);
  for (const document of documents) for (const number of document.stems) documentsHolding[number]! += 1;
  return {
    chunkCount: counts.chunkCount,
    stems,
    documentFrequency: stems.map((wordStem) => counts.documentFrequency.get(wordStem) ?? 0),
    documentsHolding,
    documents: documents.map(({ doc, chunks }) => ({ doc, chunks })),
    documentCounts: documents,
  };
}
