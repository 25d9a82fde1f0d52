import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createKeywordIndex, KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION } from './keyword-index.ts';
import { decodeKeywordIndex, encodeKeywordIndex } from './keyword-index-file.ts';

const entries = [
  { chunkId: 'c-3', text: 'other words here' },
  { chunkId: 'c-1', text: 'fee fee device $134.50' },
  { chunkId: 'c-2', text: 'device Überweisung' },
  { chunkId: 'c-ä', text: 'non-professional device fee' },
];
const encode = () => encodeKeywordIndex(createKeywordIndex(entries), KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION);

describe('encodeKeywordIndex / decodeKeywordIndex', () => {
  it('round-trips with identical search results, content and chunk ids', () => {
    const index = createKeywordIndex(entries);
    const decoded = decodeKeywordIndex(encode());
    expect(decoded.header).toMatchObject({ schemaVersion: 1, kind: KEYWORD_INDEX_KIND, version: KEYWORD_INDEX_VERSION, documents: 4 });
    const loaded = decoded.load();
    expect(loaded.size).toBe(4);
    for (const query of ['fee', 'device words', 'here fee', '$134.50', 'überweisung', 'nonprofessional device', 'absent']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
    expect(Array.from({ length: 4 }, (_, at) => loaded.chunkIdOf(at))).toEqual(['c-1', 'c-2', 'c-3', 'c-ä']);
    expect(loaded.toParts()).toEqual(index.toParts());
  });

  it('reads a copy at an odd byte offset (no alignment assumed)', () => {
    const bytes = encode();
    const shifted = Buffer.alloc(bytes.length + 1);
    bytes.copy(shifted, 1);
    expect(decodeKeywordIndex(shifted.subarray(1)).load().search('device fee', 10)).toEqual(createKeywordIndex(entries).search('device fee', 10));
  });

  it('an empty index round-trips', () => {
    const loaded = decodeKeywordIndex(encodeKeywordIndex(createKeywordIndex([]), KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION)).load();
    expect(loaded.size).toBe(0);
    expect(loaded.search('fee', 5)).toEqual([]);
  });

  it('says what is wrong with a damaged file', () => {
    const bytes = encode();
    expect(() => decodeKeywordIndex(Buffer.from('{"schemaVersion":1}'))).toThrow(/not a keyword index file/);
    expect(() => decodeKeywordIndex(bytes.subarray(0, bytes.length - 3))).toThrow(/truncated or damaged/);
    const headerLength = bytes.readUInt32LE(4);
    const badHeader = Buffer.from(bytes);
    badHeader.write('#', 8);
    expect(() => decodeKeywordIndex(badHeader)).toThrow(/header that is not JSON/);
    // The first posting's document number: out of range.
    const header = decodeKeywordIndex(bytes).header;
    const postingsStart = 8 + headerLength + 4 * (2 * header.documents + 2 * header.terms);
    const outOfRange = Buffer.from(bytes);
    outOfRange.writeUInt32LE(99, postingsStart);
    // Found when the term is first searched (or the whole index is read), not at load; `damaged` makes the error.
    const firstTerm = createKeywordIndex(entries).toParts().terms[0]!;
    const damagedIndex = decodeKeywordIndex(outOfRange).load((problem) => new Error(`keyword-index.bin ${problem}`));
    expect(damagedIndex.search('other', 5)).toEqual(createKeywordIndex(entries).search('other', 5));
    expect(() => damagedIndex.search(firstTerm, 5)).toThrow(`keyword-index.bin has a posting that names a document out of range (term ${JSON.stringify(firstTerm)})`);
    expect(() => decodeKeywordIndex(outOfRange).load().toParts()).toThrow(/out of range/);
  });

  it('refuses to load an index of another scoring or tokenizer version (the caller rebuilds it)', () => {
    const older = decodeKeywordIndex(encodeKeywordIndex(createKeywordIndex(entries), KEYWORD_INDEX_KIND, 'bm25-k1.2-b0.75+t0'));
    expect(older.header.version).toBe('bm25-k1.2-b0.75+t0');
    expect(() => older.load()).toThrow(/bm25-k1.2-b0.75\+t0 is not/);
  });
});
