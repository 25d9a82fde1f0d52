import { describe, expect, it } from 'vitest';
import { buildSourcePhrases, buildSourceVocabulary, buildWordFrequencies } from '../question/index.ts';
import { findDefinedAcronyms } from '../question/find-defined-acronyms.ts';
import { findNameInitials } from '../question/find-name-initials.ts';
import { buildTermStatistics, wordStems, type TermStatistics } from '../rerank/term-statistics.ts';
import { createCorpusStatisticsBuilder } from './build-corpus-statistics.ts';
import { CorpusStatisticsFile, readCorpusStatistics } from './corpus-statistics-file.ts';
import { decodeDocumentStatistics } from './document-statistics-file.ts';

const chunks = [
  { chunkId: 'c1', doc: 'january-2026-fee-list.pdf', sectionHeading: 'Market Data Fees', text: 'Designated Contract Markets (DCM) charge a monthly fee of $134.50 per Display Device.' },
  { chunkId: 'c2', doc: 'january-2026-fee-list.pdf', sectionHeading: '', text: 'Non-Professional Display Device | $1.00 | per month' },
  { chunkId: 'c3', doc: 'january-2026-fee-list.pdf', sectionHeading: 'Notes', text: 'The Depth of Market (DOM) feed and the Contract Markets (DCM) list.' },
  { chunkId: 'c4', doc: 'schedule_7-ila.pdf', sectionHeading: '1. Definitions', text: '"Subscriber" means a person who receives Information. Automated Trading System (ATS) use is licensed.' },
  { chunkId: 'c5', doc: 'january-2026-fee-list.pdf', sectionHeading: 'Late pages', text: 'Fees are payable within 30 days; 1,250 devices were counted.' },
  { chunkId: 'c6', doc: 'policy.txt', sectionHeading: 'Audit', text: 'The licensee keeps records for three years.' },
];

/** Every question a term-statistics lookup can be asked about these chunks, answered. */
function describeStatistics(statistics: TermStatistics) {
  const stems = [...new Set(chunks.flatMap((chunk) => wordStems(`${chunk.doc} ${chunk.sectionHeading}\n${chunk.text}`))), 'absent'];
  const docs = [...statistics.documents, 'unknown.pdf'];
  return {
    chunkCount: statistics.chunkCount,
    documentCount: statistics.documentCount,
    documents: statistics.documents,
    stems: stems.map((wordStem) => ({
      wordStem,
      weight: statistics.weightOf(wordStem),
      holding: statistics.documentsHolding(wordStem),
      perDocument: docs.map((doc) => [statistics.documentHolds(doc, wordStem), statistics.documentShare(doc, wordStem), statistics.documentOpens(doc, wordStem)]),
    })),
  };
}

describe('createCorpusStatisticsBuilder', () => {
  it('gathers, chunk by chunk, what the builders over all chunks give, and reads it back from its JSON and binary files the same', async () => {
    const builder = createCorpusStatisticsBuilder();
    for (const chunk of chunks) builder.add(chunk);
    const built = builder.finish();
    expect(built.phrases).toBe(buildSourcePhrases(chunks));
    const stored = CorpusStatisticsFile.parse(JSON.parse(JSON.stringify(built.file)));
    const reads: number[] = [];
    const corpus = readCorpusStatistics(stored, decodeDocumentStatistics(Uint8Array.from(built.documentStatistics), stored.stems.length), async () => {
      reads.push(1);
      return built.phrases;
    });
    expect([...corpus.vocabulary]).toEqual([...buildSourceVocabulary(chunks)]);
    expect([...corpus.frequencies]).toEqual([...buildWordFrequencies(chunks)]);
    expect([...corpus.acronyms]).toEqual([...new Map([...findNameInitials(chunks), ...findDefinedAcronyms(chunks)])]);
    expect(corpus.acronyms.get('DCM')).toEqual(['designated', 'contract', 'markets']);
    expect(describeStatistics(corpus.statistics)).toEqual(describeStatistics(buildTermStatistics(chunks)));
    expect(corpus.documents).toEqual(['january-2026-fee-list.pdf', 'schedule_7-ila.pdf', 'policy.txt']);
    expect(corpus.chunkDocuments).toEqual([0, 0, 0, 1, 0, 2]);
    expect(corpus.chunkIds).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    expect(reads).toEqual([]);
    expect(await corpus.readPhrases()).toBe(buildSourcePhrases(chunks));
    expect(await corpus.readPhrases()).toBe(buildSourcePhrases(chunks));
    expect(reads).toEqual([1]);
  });

  it('gives the empty source the builders give it', () => {
    const built = createCorpusStatisticsBuilder().finish();
    expect(built.phrases).toBe(buildSourcePhrases([]));
    const corpus = readCorpusStatistics(built.file, decodeDocumentStatistics(built.documentStatistics, 0), async () => built.phrases);
    expect(corpus.chunkIds).toEqual([]);
    expect(corpus.statistics.chunkCount).toBe(0);
    expect(corpus.vocabulary.size).toBe(0);
  });

  it('refuses a file whose parts disagree, naming what', () => {
    const builder = createCorpusStatisticsBuilder();
    for (const chunk of chunks) builder.add(chunk);
    const { file, documentStatistics } = builder.finish();
    const perDocument = decodeDocumentStatistics(documentStatistics, file.stems.length);
    expect(() => readCorpusStatistics({ ...file, chunkCount: 5 }, perDocument, async () => '')).toThrow('counts 5 chunks but names the documents of 6');
    expect(() => readCorpusStatistics({ ...file, documentFrequency: [] }, perDocument, async () => '')).toThrow(/stems but 0 frequencies/);
    expect(() => readCorpusStatistics({ ...file, documents: file.documents.slice(1) }, perDocument, async () => '')).toThrow('names 2 documents but holds the counts of 3');
    expect(() => readCorpusStatistics({ ...file, documentsHolding: [1] }, perDocument, async () => '')).toThrow(/document counts/);
    const fewerStems = readCorpusStatistics(file, decodeDocumentStatistics(documentStatistics, file.stems.length - 1), async () => '');
    expect(() => fewerStems.documents.forEach((doc) => fewerStems.statistics.documentHolds(doc, 'fee'))).toThrow(/refers to a stem past the/);
  });
});

describe('CorpusStatisticsFile', () => {
  it('refuses a file with a wrong element in a long array, naming the field', () => {
    const builder = createCorpusStatisticsBuilder();
    for (const chunk of chunks) builder.add(chunk);
    const { file } = builder.finish();
    expect(CorpusStatisticsFile.safeParse(file).success).toBe(true);
    const negative = CorpusStatisticsFile.safeParse({ ...file, documentFrequency: [0, -1] });
    expect(negative.success).toBe(false);
    expect(negative.error?.issues[0]).toMatchObject({ path: ['documentFrequency'], message: 'expected an array of whole numbers ≥ 0' });
    expect(CorpusStatisticsFile.safeParse({ ...file, schemaVersion: 1 }).success).toBe(false);
    for (const acronyms of [[{ acronym: '', words: [] }], [{ acronym: 'DCM', words: ['designated', 3] }], [{ acronym: 'DCM', words: [], extra: 1 }], [{ acronym: 'DCM' }], ['DCM'], [null]]) {
      expect(CorpusStatisticsFile.safeParse({ ...file, acronyms }).error?.issues[0]).toMatchObject({ path: ['acronyms'], message: 'expected an array of { acronym: non-empty string, words: strings }, no other fields' });
    }
    expect(CorpusStatisticsFile.safeParse({ ...file, vocabulary: ['fee', 3] }).error?.issues[0]?.path).toEqual(['vocabulary']);
  });
});
