import { describe, expect, it } from 'vitest';
import { decodeDocumentStatistics, encodeDocumentStatistics, type DocumentStatistics } from './document-statistics-file.ts';

const statistics: DocumentStatistics = {
  documents: [
    { stems: [0, 1, 2], holding: [0, 2, 1, 1], opening: [0, 1] },
    { stems: [3], holding: [], opening: [3] },
    { stems: [2, 4], holding: [4, 1], opening: [2, 4] },
  ],
  chunkDocuments: [0, 0, 2, 0],
  chunkIds: ['fee-list.pdf#p1-c0', 'fee-list.pdf#p1-c1', 'ila.pdf#p3-c0', 'fee-list.pdf#p2-ç0'],
};

const asArrays = (document: { stems: ArrayLike<number>; holding: ArrayLike<number>; opening: ArrayLike<number> }) => ({
  stems: Array.from(document.stems),
  holding: Array.from(document.holding),
  opening: Array.from(document.opening),
});

describe('encodeDocumentStatistics / decodeDocumentStatistics', () => {
  it('reads back every document, chunk id and chunk document it wrote', () => {
    const bytes = encodeDocumentStatistics(statistics);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('CGDS');
    const decoded = decodeDocumentStatistics(Uint8Array.from(bytes), 5);
    expect(decoded.header).toEqual({ schemaVersion: 1, documents: 3, chunks: 4, numbers: 17, chunkIdBytes: Buffer.byteLength(statistics.chunkIds.join('\n')) + 1 });
    expect(decoded.chunkIds).toEqual(statistics.chunkIds);
    expect(decoded.chunkDocuments).toEqual(statistics.chunkDocuments);
    expect([0, 1, 2].map((position) => asArrays(decoded.documentAt(position)))).toEqual(statistics.documents);
  });

  it('reads bytes that do not start on a 4-byte boundary (a slice of a pooled buffer)', () => {
    const bytes = encodeDocumentStatistics(statistics);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const decoded = decodeDocumentStatistics(shifted.subarray(1), 5);
    expect(asArrays(decoded.documentAt(2))).toEqual(statistics.documents[2]);
  });

  it('refuses a damaged or inconsistent file, saying what is wrong', () => {
    const bytes = encodeDocumentStatistics(statistics);
    expect(() => decodeDocumentStatistics(Buffer.from('CGKW0000'), 5)).toThrow('no CGDS signature');
    expect(() => decodeDocumentStatistics(bytes.subarray(0, bytes.length - 3), 5)).toThrow(/truncated or damaged/);
    // A document's stem numbers are checked when it is first read, the error made by `damaged`.
    const fewerStems = decodeDocumentStatistics(bytes, 4, (problem) => new Error(`document-statistics.bin ${problem}`));
    expect(asArrays(fewerStems.documentAt(0))).toEqual(statistics.documents[0]);
    expect(() => fewerStems.documentAt(2)).toThrow('document-statistics.bin refers to a stem past the 4 stems (document 2)');
    // A holding count may exceed the stem count: only stem numbers are checked against it.
    expect(asArrays(decodeDocumentStatistics(encodeDocumentStatistics({ ...statistics, documents: [{ stems: [0], holding: [0, 9], opening: [] }], chunkDocuments: [0, 0, 0, 0] }), 5).documentAt(0)).holding).toEqual([0, 9]);
    expect(() => decodeDocumentStatistics(encodeDocumentStatistics({ ...statistics, chunkDocuments: [0, 0, 3, 0] }), 5)).toThrow('names a document past the 3 documents');
    expect(() => encodeDocumentStatistics({ ...statistics, chunkIds: ['a\nb', 'c', 'd', 'e'] })).toThrow(/holds a line break/);
  });
});
