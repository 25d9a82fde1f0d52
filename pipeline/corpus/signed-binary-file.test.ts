import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeSignedHeader, encodeSignedHeader, littleEndianWords, readWords } from './signed-binary-file.ts';

const Header = z.object({ count: z.number().int() });

describe('signed binary files', () => {
  it('reads back the header and the words written after it, aligned or not', () => {
    const file = Buffer.concat([encodeSignedHeader('TEST', { count: 3 }), littleEndianWords(new Uint32Array([7, 8, 4_000_000_000]))]);
    const { header, sectionsStart } = decodeSignedHeader(file, 'TEST', 'a test file', Header);
    expect(header).toEqual({ count: 3 });
    expect(sectionsStart % 4).toBe(0);
    expect([...readWords(file, sectionsStart, 3)]).toEqual([7, 8, 4_000_000_000]);
    // One byte in front: the words are copied, not viewed.
    const shifted = Buffer.concat([Buffer.from([0]), file]).subarray(1);
    expect([...readWords(shifted, sectionsStart, 3)]).toEqual([7, 8, 4_000_000_000]);
  });

  it('says what is wrong with a file that is not one, or whose header is cut or invalid', () => {
    const file = encodeSignedHeader('TEST', { count: 3 });
    expect(() => decodeSignedHeader(file, 'OTHR', 'a test file', Header)).toThrow('is not a test file (no OTHR signature)');
    expect(() => decodeSignedHeader(file.subarray(0, 10), 'TEST', 'a test file', Header)).toThrow('has a truncated header');
    expect(() => decodeSignedHeader(encodeSignedHeader('TEST', { count: 'x' }), 'TEST', 'a test file', Header)).toThrow('has an invalid header');
  });
});
