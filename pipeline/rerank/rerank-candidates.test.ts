import { describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import type { RerankCandidate, Reranker, RerankScore } from '../providers/reranker.ts';
import type { RetrievalCandidate } from '../retrieve/retrieve-candidates.ts';
import { readWritesName, rerankCandidates } from './rerank-candidates.ts';

const settings = { ...ClausegateConfig.parse({}).rerank, relevanceThreshold: 2 };

function candidate(chunkId: string, doc: string, text: string, fusedScore: number): RetrievalCandidate {
  return {
    chunk: { chunkId, doc, source: 'cme', docHash: '0'.repeat(64), ordinal: 0, pageStart: 1, pageEnd: 1, sectionHeading: 'Fees', span: { start: 0, end: text.length }, text, tokenCount: 10, isDefinitions: false, kind: 'table' },
    similarity: 0.3,
    keywordScore: 1,
    vectorRank: 1,
    keywordRank: 1,
    fusedScore,
    forms: ['q'],
    linkedDefinition: undefined,
  };
}

/** A reranker that returns fixed scores (and strengths) by chunk id. */
function fixedReranker(scores: Record<string, [RerankScore['score'], number?]>): Reranker {
  return {
    info: { name: 'fixed', model: 'table' },
    rerank: async (_question: string, candidates: readonly RerankCandidate[]) =>
      candidates.map((item) => {
        const [score, strength] = scores[item.chunkId] ?? [0];
        return strength === undefined ? { chunkId: item.chunkId, score, detail: 'fixed' } : { chunkId: item.chunkId, score, strength, detail: 'fixed' };
      }),
  };
}

describe('rerankCandidates', () => {
  it('orders equal scores by the reranker strength, then by retrieval order', async () => {
    const candidates = [candidate('a', 'x.pdf', 'a', 0.9), candidate('b', 'y.pdf', 'b', 0.8), candidate('c', 'z.pdf', 'c', 0.7)];
    const result = await rerankCandidates({ question: 'q', candidates, reranker: fixedReranker({ a: [3, 1], b: [3, 2], c: [3] }), settings });
    expect(result.ranked.map((item) => [item.chunk.chunkId, item.rank, item.rerankStrength])).toEqual([
      ['b', 1, 2],
      ['a', 2, 1],
      ['c', 3, undefined],
    ]);
  });

  it('keeps a candidate of each year a comparison names, in rank order', async () => {
    const candidates = [
      candidate('d1', 'january-2026-market-data-fee-list.pdf', 'Real Time | Device | $134.50 (was $130.10 in January 2025)', 0.9),
      candidate('d2', 'benchmark-data-fee-list-january-2026.pdf', 'Real Time Subscriber Display Device | Device | $5', 0.8),
      candidate('d3', 'benchmark-data-fee-list-january-2026.pdf', 'Real Time Subscriber Display Device | Device | $0', 0.7),
      candidate('old', 'january-2025-market-data-fee-list.pdf', 'Real Time | Device | $130.10', 0.6),
    ];
    const reranker = fixedReranker({ d1: [3], d2: [3], d3: [3], old: [3] });
    const narrow = { ...settings, keepMax: 3 };
    const compared = await rerankCandidates({ question: 'How much did the real-time display device fee go up from 2025 to 2026?', candidates, reranker, settings: narrow });
    // The 2026 list mentions 2025 in its text, but it is the 2026 list: the 2025 list takes the last place.
    expect(compared.kept.map((item) => item.chunk.chunkId)).toEqual(['d1', 'd2', 'old']);
    const single = await rerankCandidates({ question: 'What is the real-time display device fee in 2026?', candidates, reranker, settings: narrow });
    expect(single.kept.map((item) => item.chunk.chunkId)).toEqual(['d1', 'd2', 'd3']);
  });
  it('keeps a candidate of each agreement a comparison names, when one is relevant', async () => {
    const candidates = [
      candidate('a1', 'orchard-licence.pdf', 'Licensee may terminate on thirty days notice.', 0.9),
      candidate('a2', 'orchard-licence.pdf', 'Notices go to the address above.', 0.8),
      candidate('a3', 'orchard-licence.pdf', 'Either party may terminate for breach.', 0.7),
      candidate('b1', 'ridge-licence.pdf', 'Licensor may terminate on sixty days notice.', 0.6),
      candidate('b2', 'ridge-licence.pdf', 'This licence is made between the parties.', 0.5),
    ];
    const reranker = fixedReranker({ a1: [3], a2: [2], a3: [2], b1: [2], b2: [1] });
    const narrow = { ...settings, keepMax: 3 };
    const groups = [new Set(['orchard-licence.pdf']), new Set(['ridge-licence.pdf'])];
    const compared = await rerankCandidates({ question: 'Termination notice: Orchard vs Ridge?', candidates, reranker, settings: narrow, namedDocuments: groups });
    expect(compared.kept.map((item) => item.chunk.chunkId)).toEqual(['a1', 'a2', 'b1']);
    // One agreement named: nothing is swapped in.
    const single = await rerankCandidates({ question: 'Termination notice under Orchard?', candidates, reranker, settings: narrow, namedDocuments: [groups[0]!] });
    expect(single.kept.map((item) => item.chunk.chunkId)).toEqual(['a1', 'a2', 'a3']);
    // The other agreement's candidates score below the threshold: its best still stands for it, marked as such.
    const below = await rerankCandidates({ question: 'q', candidates, reranker: fixedReranker({ a1: [3], a2: [2], a3: [2], b1: [1], b2: [1] }), settings: narrow, namedDocuments: groups });
    expect(below.kept.map((item) => [item.chunk.chunkId, item.standsForNamedSide ?? false])).toEqual([['a1', false], ['a2', false], ['b1', true]]);
    // …but not one the reranker scored 0.
    const irrelevant = await rerankCandidates({ question: 'q', candidates, reranker: fixedReranker({ a1: [3], a2: [2], a3: [2], b1: [0], b2: [0] }), settings: narrow, namedDocuments: groups });
    expect(irrelevant.kept.map((item) => item.chunk.chunkId)).toEqual(['a1', 'a2', 'a3']);
  });
  it('scores at most 1 a chunk of a document that writes no word of the names the question gives', async () => {
    const candidates = [candidate('other', 'ridge.pdf', 'Three arbitrators hear every dispute.', 0.9), candidate('named', 'orchard.pdf', 'One arbitrator sits in Orchard.', 0.8), candidate('short', 'list.pdf', 'The OR list.', 0.7)];
    const reranker = fixedReranker({ other: [3], named: [2], short: [2] });
    const writesName = (doc: string) => doc !== 'ridge.pdf';
    const result = await rerankCandidates({ question: 'Under the Orchard licence, how many arbitrators?', candidates, reranker, settings, namedDocuments: [new Set(['orchard.pdf'])], writesName });
    expect(result.ranked.map((item) => [item.chunk.chunkId, item.rerankScore])).toEqual([
      ['named', 2],
      ['short', 2],
      ['other', 1],
    ]);
    expect(result.ranked[2]!.rerankDetail).toMatch(/^capped at 1: ridge\.pdf writes no word of the names/);
    // A question naming no document, or with no way to tell which write its names, is scored as the reranker says.
    const unnamed = await rerankCandidates({ question: 'How many arbitrators?', candidates, reranker, settings, writesName });
    expect(unnamed.ranked[0]!.chunk.chunkId).toBe('other');
  });

  it('reads which documents write a name by its words, never by a number the question writes', () => {
    const statistics = { documentHolds: (doc: string, wordStem: string) => (doc === 'orchard.pdf' ? ['orchard', '5.0'] : ['5.0']).includes(wordStem) };
    const writes = readWritesName(['orchard', '5.0'], statistics)!;
    expect([writes('orchard.pdf'), writes('ridge.pdf')]).toEqual([true, false]);
    expect(readWritesName(['5.0', '26'], statistics)).toBeUndefined();
  });

  it('keeps the edition a comparison names by month and year, not another of that year', async () => {
    const candidates = [
      candidate('new', 'index-fee-list-january-2026.pdf', 'Intraday Values | Licensee Group | $0', 0.9),
      candidate('march', 'index-fee-list-march-2025.pdf', 'Intraday Values | Licensee Group | $280', 0.8),
      candidate('jan', 'index-fee-list-january-2025.pdf', 'Intraday Values | Licensee Group | $280', 0.7),
    ];
    const reranker = fixedReranker({ new: [3], march: [3], jan: [2] });
    const narrow = { ...settings, keepMax: 2 };
    const byMonth = await rerankCandidates({ question: 'Intraday values: Jan 2025 price vs the 2026 list?', candidates, reranker, settings: narrow });
    expect(byMonth.kept.map((item) => item.chunk.chunkId)).toEqual(['new', 'jan']);
    const byYear = await rerankCandidates({ question: 'Intraday values: 2025 price vs the 2026 list?', candidates, reranker, settings: narrow });
    expect(byYear.kept.map((item) => item.chunk.chunkId)).toEqual(['new', 'march']);
  });
});
