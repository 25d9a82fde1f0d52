import { describe, expect, it } from 'vitest';
import { createKeywordIndexBuilder } from './create-keyword-index-builder.ts';
import { createKeywordIndex, type KeywordEntry, type KeywordIndexParts } from './keyword-index.ts';
import { decodeKeywordIndex, encodeKeywordIndex, encodeKeywordIndexParts } from './keyword-index-file.ts';
import { tokenizeKeywordPairs, tokenizeKeywords } from './tokenize-keywords.ts';

/** The index's content as the definition says, built the direct way: every text held, a Map of number lists per term. */
function referenceParts(entries: readonly KeywordEntry[]): KeywordIndexParts {
  const sorted = [...entries].sort((left, right) => (left.chunkId < right.chunkId ? -1 : left.chunkId > right.chunkId ? 1 : 0));
  const byTerm = new Map<string, number[]>();
  const lengths: number[] = [];
  sorted.forEach((entry, documentNumber) => {
    const words = tokenizeKeywords(entry.text);
    lengths.push(words.length);
    const frequencies = new Map<string, number>();
    for (const term of [...words, ...tokenizeKeywordPairs(entry.text)]) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const [term, frequency] of frequencies) byTerm.set(term, [...(byTerm.get(term) ?? []), documentNumber, frequency]);
  });
  const terms = [...byTerm.keys()].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  const postings = terms.flatMap((term) => byTerm.get(term)!);
  let end = 0;
  const postingEnds = terms.map((term) => (end += byTerm.get(term)!.length / 2));
  return { chunkIds: sorted.map((entry) => entry.chunkId), documentLengths: Uint32Array.from(lengths), terms, postingEnds: Uint32Array.from(postingEnds), postings: Uint32Array.from(postings) };
}

/** Deterministic entries with shared and rare words, numbers, money and hyphens, in a scrambled id order. */
function sampleEntries(count: number): KeywordEntry[] {
  const words = ['fee', 'device', 'non-professional', '$134.50', 'Market', 'Profile', '1,250.00', 'licensee', 'v5.0', 'Time11', '10%', 'data', 'display', 'subscriber'];
  return Array.from({ length: count }, (_, index) => {
    const picked = Array.from({ length: 5 + (index % 23) }, (_, at) => words[(index * 7 + at * at * 3) % words.length]);
    return { chunkId: `doc-${(index * 7919) % count}-${index % 3}`, text: `${picked.join(' ')} rare${index % 97} word${index}` };
  });
}

describe('createKeywordIndexBuilder', () => {
  it('gives the content of the direct build, whatever the order the entries come in', () => {
    const entries = sampleEntries(600);
    const expected = referenceParts(entries);
    const builder = createKeywordIndexBuilder();
    for (const entry of [...entries].reverse()) builder.add(entry);
    expect(builder.size).toBe(600);
    expect(builder.finish()).toEqual(expected);
  });

  it('gives the same content across many small blocks as in one', () => {
    const entries = sampleEntries(300);
    const small = createKeywordIndexBuilder({ blockBits: 4 });
    const large = createKeywordIndexBuilder();
    for (const entry of entries) {
      small.add(entry);
      large.add(entry);
    }
    const parts = small.finish();
    expect(parts).toEqual(large.finish());
    expect(parts).toEqual(referenceParts(entries));
  });

  it('encodes the same keyword-index.bin bytes as the index built from the entries', () => {
    const entries = sampleEntries(200);
    const builder = createKeywordIndexBuilder();
    for (const entry of entries) builder.add(entry);
    const bytes = encodeKeywordIndexParts(builder.finish(), 'kind', 'version');
    expect(bytes.equals(encodeKeywordIndex(createKeywordIndex(entries), 'kind', 'version'))).toBe(true);
    const loaded = decodeKeywordIndex(bytes).header;
    expect(loaded.documents).toBe(200);
  });

  it('refuses a duplicate chunk id at finish, and use after finish', () => {
    const builder = createKeywordIndexBuilder();
    builder.add({ chunkId: 'a', text: 'one' });
    builder.add({ chunkId: 'a', text: 'two' });
    expect(() => builder.finish()).toThrow(/duplicate chunk id a/);
    expect(() => builder.add({ chunkId: 'b', text: 'three' })).toThrow(/after finish/);
  });

  it('builds an empty index', () => {
    expect(createKeywordIndexBuilder().finish()).toEqual({ chunkIds: [], documentLengths: new Uint32Array(0), terms: [], postingEnds: new Uint32Array(0), postings: new Uint32Array(0) });
  });
});
