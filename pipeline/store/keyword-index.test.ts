import { describe, expect, it } from 'vitest';
import { createKeywordIndex } from './keyword-index.ts';

const entries = [
  { chunkId: 'c-3', text: 'other words here' },
  { chunkId: 'c-1', text: 'fee fee device' },
  { chunkId: 'c-2', text: 'device' },
];

describe('createKeywordIndex', () => {
  it('scores by BM25 with k1 = 1.2, b = 0.75 and the non-negative idf, adjacent word pairs at half weight', () => {
    const index = createKeywordIndex(entries);
    const documents = 3;
    const averageLength = 7 / 3;
    const idf = (documentFrequency: number) => Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
    const term = (frequency: number, length: number, documentFrequency: number) =>
      (idf(documentFrequency) * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * length) / averageLength));

    const hits = index.search('fee device', 10);
    expect(hits.map((hit) => hit.chunkId)).toEqual(['c-1', 'c-2']);
    // c-1 also holds the pair `fee device` (document frequency 1; pairs add no length).
    expect(hits[0]!.score).toBeCloseTo(term(2, 3, 1) + term(1, 3, 2) + 0.5 * term(1, 3, 1), 12);
    expect(hits[1]!.score).toBeCloseTo(term(1, 1, 2), 12);
  });

  it('ranks the chunk naming a phrase above chunks using its words apart', () => {
    const index = createKeywordIndex([
      { chunkId: 'apart', text: 'Licensee Profile for the market | Market Data | Device' },
      { chunkId: 'phrase', text: 'Market Profile | Device | $11.70' },
    ]);
    expect(index.search('market profile device fee', 2).map((hit) => hit.chunkId)).toEqual(['phrase', 'apart']);
  });

  it('never returns chunks without a query term, and respects k', () => {
    const index = createKeywordIndex(entries);
    expect(index.search('nothing matches', 5)).toEqual([]);
    expect(index.search('device', 1)).toHaveLength(1);
    expect(index.search('device', 0)).toEqual([]);
  });

  it('breaks ties by chunk id and gives the same result for any entry order', () => {
    const tied = [
      { chunkId: 'b', text: 'device fee' },
      { chunkId: 'a', text: 'fee device' },
      { chunkId: 'c', text: 'other' },
    ];
    const forward = createKeywordIndex(tied);
    const backward = createKeywordIndex([...tied].reverse());
    expect(forward.search('fee', 10).map((hit) => hit.chunkId)).toEqual(['a', 'b']);
    expect(backward.search('fee', 10)).toEqual(forward.search('fee', 10));
    expect(backward.toParts()).toEqual(forward.toParts());
  });

  it('matches money and plus tokens exactly', () => {
    const index = createKeywordIndex([
      { chunkId: 'fee', text: 'Real Time Device $134.50 per month' },
      { chunkId: 'apps', text: 'Category A1 with 4+ applications: $3,640' },
      { chunkId: 'four', text: 'four applications 4' },
    ]);
    expect(index.search('134.50', 3)[0]?.chunkId).toBe('fee');
    expect(index.search('$3,640', 3).map((hit) => hit.chunkId)).toEqual(['apps']);
    expect(index.search('4+ applications', 3)[0]?.chunkId).toBe('apps');
  });

  it('refuses duplicate chunk ids', () => {
    expect(() => createKeywordIndex([{ chunkId: 'x', text: 'a' }, { chunkId: 'x', text: 'b' }])).toThrow(/duplicate/);
  });
});
