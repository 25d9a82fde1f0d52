import { describe, expect, it } from 'vitest';
import { createTestChunk } from '../testing/create-test-chunk.ts';
import { linkOtherEditions } from './link-other-editions.ts';
import type { QueryForm, RetrievalIndex } from './retrieve-candidates.ts';

const chunk = (chunkId: string, doc: string, text: string) => createTestChunk(chunkId, text, doc);

const TABLE = (fee: string, device: string) => `Distribution\nReal Time | Licensee Group | ${fee}\nDisplay Device\nReal Time | Device | ${device}`;
const chunks = [
  chunk('2026-p1', 'january-2026-market-data-fee-list.pdf', TABLE('$29,280', '$134.50')),
  chunk('2026-p3', 'january-2026-market-data-fee-list.pdf', 'Where Licensee holds both Real Time and Delayed Distribution License, only the Real Time fee applies.'),
  chunk('2025-p1', 'january-2025-market-data-fee-list.pdf', TABLE('$28,292.40', '$130.10')),
  chunk('2025-p3', 'january-2025-market-data-fee-list.pdf', 'Where Licensee holds both Real Time and Delayed Distribution License, only the Real Time fee applies.'),
  chunk('2024-p1', 'january-2024-market-data-fee-list.pdf', TABLE('$27,000', '$125.00')),
  chunk('bench-2025', 'benchmark-data-fee-list-january-2025.pdf', TABLE('$0', '$0')),
];

/** An index over the chunks above whose stored vectors give each chunk a known similarity to the one query form. */
class RecordingIndex implements RetrievalIndex {
  readonly chunks = new Map(chunks.map((item) => [item.chunkId, item]));
  readonly chunkCount = chunks.length;
  readonly documents = [...new Set(chunks.map((item) => item.doc))];
  readonly definitions = [];
  readonly vectorRequests: string[][] = [];
  readonly documentRequests: string[][] = [];
  documentOf(chunkId: string): string | undefined {
    return this.chunks.get(chunkId)?.doc;
  }
  async readChunks(chunkIds: readonly string[]) {
    return new Map(chunkIds.filter((chunkId) => this.chunks.has(chunkId)).map((chunkId) => [chunkId, this.chunks.get(chunkId)!]));
  }
  async readDocumentChunks(docs: ReadonlySet<string>) {
    this.documentRequests.push([...docs]);
    return chunks.filter((item) => docs.has(item.doc));
  }
  async searchVectors(): Promise<{ chunkId: string; similarity: number }[]> {
    return [];
  }
  searchKeywords(): { chunkId: string; score: number }[] {
    return [];
  }
  async vectorsFor(chunkIds: readonly string[]): Promise<Map<string, Float32Array>> {
    this.vectorRequests.push([...chunkIds]);
    return new Map(chunkIds.map((chunkId) => [chunkId, Float32Array.of(0.25, 0)]));
  }
}

const forms: QueryForm[] = [{ text: 'real time distribution fee', vector: Float32Array.of(1, 0) }];

describe('linkOtherEditions', () => {
  it("links the other named year's edition of a kept chunk: the same table, figures aside", async () => {
    const index = new RecordingIndex();
    const linked = await linkOtherEditions([index.chunks.get('2026-p1')!], index, forms, 'Compare the distribution fee in the 2025 and 2026 fee lists.', new Set(['2026-p1']));
    expect(linked.map((candidate) => candidate.chunk.chunkId)).toEqual(['2025-p1']);
    expect(linked[0]).toMatchObject({ linkedEdition: { from: '2026-p1' }, similarity: 0.25, vectorRank: undefined, keywordRank: undefined, linkedDefinition: undefined });
    // Another family's list of that year (the benchmark list) and a year not named (2024) stay out.
    expect(index.vectorRequests).toEqual([['2025-p1']]);
    // Only the named years' dated documents are read (the 2024 list is not), never the whole index.
    expect(index.documentRequests).toEqual([['january-2026-market-data-fee-list.pdf', 'january-2025-market-data-fee-list.pdf', 'benchmark-data-fee-list-january-2025.pdf']]);
  });

  it('links nothing for a question naming one year, nor a chunk already present', async () => {
    const index = new RecordingIndex();
    expect(await linkOtherEditions([index.chunks.get('2026-p1')!], index, forms, 'What is the 2026 distribution fee?', new Set())).toEqual([]);
    expect(await linkOtherEditions([index.chunks.get('2026-p1')!], index, forms, '2025 vs 2026 distribution fee', new Set(['2025-p1']))).toEqual([]);
  });
});
