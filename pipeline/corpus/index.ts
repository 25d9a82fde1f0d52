/** What the query path reads about a whole source, gathered once at ingest and stored in the index version. */
export { createCorpusStatisticsBuilder } from './build-corpus-statistics.ts';
export type { CorpusStatisticsBuilder, CountedChunk } from './build-corpus-statistics.ts';
export { CorpusStatisticsFile, readCorpusStatistics } from './corpus-statistics-file.ts';
export type { CorpusStatistics } from './corpus-statistics-file.ts';
export { decodeDocumentStatistics } from './document-statistics-file.ts';
export type { DecodedDocumentStatistics } from './document-statistics-file.ts';
export { decodeSignedHeader, encodeSignedHeader, isLittleEndian, littleEndianWords, readWords } from './signed-binary-file.ts';
