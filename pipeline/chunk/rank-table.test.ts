import { createRequire } from 'node:module';
import type { TiktokenBPE } from 'js-tiktoken/lite';
import { describe, expect, it } from 'vitest';
import { decodeRankTable, encodeRankTable } from './rank-table.ts';

const ranks = createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as TiktokenBPE;

describe('encodeRankTable / decodeRankTable', () => {
  const file = encodeRankTable(ranks);
  const table = decodeRankTable(file)!;

  it('gives every token its rank and every rank its bytes, and nothing else a rank', () => {
    const tokens = ranks.bpe_ranks.split('\n').flatMap((line) => {
      const [, offset, ...written] = line.split(' ');
      return written.map((token, index) => ({ bytes: Buffer.from(token, 'base64'), rank: Number(offset) + index }));
    });
    expect(tokens.length).toBe(100_256);
    for (const { bytes, rank } of tokens) {
      expect(table.rankOf([...bytes].join(','))).toBe(rank);
      expect(Buffer.from(table.bytesOf(rank)!).equals(bytes)).toBe(true);
    }
    expect(table.rankOf('')).toBeUndefined();
    expect(table.rankOf('255,255,255,255')).toBeUndefined();
    expect(table.bytesOf(100_256)).toBeUndefined();
    expect(table.patStr).toBe(ranks.pat_str);
    expect(table.specialTokens).toEqual(ranks.special_tokens);
  });

  it('reads the table from any byte offset, and refuses a file that is not one, is cut short or damaged', () => {
    const unaligned = new Uint8Array(file.length + 1).subarray(1);
    unaligned.set(file);
    expect(decodeRankTable(unaligned)?.rankOf('104,105')).toBe(table.rankOf('104,105'));
    expect(decodeRankTable(file.subarray(0, 16))).toBeUndefined();
    expect(decodeRankTable(file.subarray(0, file.length - 1))).toBeUndefined();
    const damaged = new Uint8Array(file);
    damaged[file.length - 100]! ^= 1;
    expect(decodeRankTable(damaged)).toBeUndefined();
    const other = new Uint8Array(file);
    other[0]! ^= 1;
    expect(decodeRankTable(other)).toBeUndefined();
  });
});
