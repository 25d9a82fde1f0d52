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
  const table = ranked('t', 'list.pdf', 1, 'Category 3 | Real Time | Licensee Group | $30,000\nDelayed | Licensee Group | $15,000', 1);
  const notes = ranked('n', 'list.pdf', 2, '6. Fees will be prorated in the first year.\n7. Fees for Delayed Use in Category 3 are waived if Licensee pays Real Time fees.', 4);
  const farNotes = ranked('f', 'list.pdf', 5, '1. Fees are waived through 2026.\n2. Index Products are counted per index.', 5);
  const otherDocument = ranked('o', 'other.pdf', 1, '1. Fees are assessed annually.\n2. Fees are prorated.', 6);
  const clause = ranked('c', 'list.pdf', 1, 'Licensee shall report usage monthly.', 7);

  it("brings the numbered notes of an evidence table's document, on its page or the next, best ranked first", () => {
    expect(findTableNotes([table], [table, notes, farNotes, otherDocument, clause]).map((note) => note.chunk.chunkId)).toEqual(['n']);
  });

  it('brings none for evidence without a priced table row, nor a note already in the evidence', () => {
    expect(findTableNotes([clause], [clause, notes])).toEqual([]);
    expect(findTableNotes([table, notes], [table, notes])).toEqual([]);
  });

  it('reads a chunk as notes when it opens with a numbered note and half its lines are', () => {
    expect(isNotesChunk('13. Fee applies to each Website with any Event Contract Information')).toBe(true);
    expect(isNotesChunk('Fees\n1. Fees are waived')).toBe(false);
    expect(isNotesChunk('2. GRANT OF RIGHTS\nLicensor grants\nthe licence\nin the territory')).toBe(false);
  });
});
