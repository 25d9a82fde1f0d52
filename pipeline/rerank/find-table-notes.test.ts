import { describe, expect, it } from 'vitest';
import { findTableNotes, isNotesChunk } from './find-table-notes.ts';
import type { RankedCandidate } from './rerank-candidates.ts';

function ranked(chunkId: string, doc: string, page: number, text: string, rank: number): RankedCandidate {
  return {
    chunk: { chunkId, doc, source: 'cme', docHash: '0'.repeat(64), ordinal: rank, pageStart: page, pageEnd: page, sectionHeading: 'Fees', span: { start: 0, end: text.length }, text, tokenCount: 10, isDefinitions: false, kind: 'table' },
    similarity: 0.1,
    keywordScore: 1,
    vectorRank: undefined,
    keywordRank: rank,
    fusedScore: 0.01,
    forms: ['q'],
    linkedDefinition: undefined,
    rerankScore: 1,
    rerankDetail: 'fixed',
    rank,
  };
}

describe('findTableNotes', () => {
  const table = ranked('t', 'prices.pdf', 1, 'Live | Per Office | $2,400\nArchive | Per Office | $1,200', 1);
  const notes = ranked('n', 'prices.pdf', 2, '3. Prices are pro-rated in the first month.\n4. The archive fee is waived for members of the pilot scheme.', 4);
  const farNotes = ranked('f', 'prices.pdf', 5, '1. Prices hold for one year.\n2. Screens are counted per office.', 5);
  const otherDocument = ranked('o', 'other.pdf', 1, '1. Invoices are sent yearly.\n2. Prices are pro-rated.', 6);
  const clause = ranked('c', 'prices.pdf', 1, 'The subscriber shall count its screens each quarter.', 7);

  it("brings the numbered notes of an evidence table's document, on its page or the next, best ranked first", () => {
    expect(findTableNotes([table], [table, notes, farNotes, otherDocument, clause]).map((note) => note.chunk.chunkId)).toEqual(['n']);
  });

  it('brings none for evidence without a priced table row, nor a note already in the evidence', () => {
    expect(findTableNotes([clause], [clause, notes])).toEqual([]);
    expect(findTableNotes([table, notes], [table, notes])).toEqual([]);
  });

  it('reads a chunk as notes when it opens with a numbered note and half its lines are', () => {
    expect(isNotesChunk('9. Charged once per office, however many screens.')).toBe(true);
    expect(isNotesChunk('Prices\n1. Prices hold for one year.')).toBe(false);
    expect(isNotesChunk('2. SCOPE OF USE\nThe publisher may\nprint the work\nin the region')).toBe(false);
  });
});
