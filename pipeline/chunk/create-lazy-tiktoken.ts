import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { decodeRankTable, encodeRankTable, type RankTable } from './rank-table.ts';

/**
 * A js-tiktoken `Tiktoken` for `ranks` that encodes and decodes exactly as `new Tiktoken(ranks)`
 * but starts faster: the stock constructor decodes all 100,000 base64 tokens of cl100k_base into
 * byte keys of two maps before the first count, while this one looks byte keys up in a binary
 * `RankTable` (which `loadRankTable` reads from a cache file in one read, where there is one).
 */
export function createLazyTiktoken(ranks: TiktokenBPE): Tiktoken {
  return createTableTiktoken(decodeRankTable(encodeRankTable(ranks))!);
}

/**
 * A js-tiktoken `Tiktoken` over `table`. It replaces the two lookup tables of js-tiktoken 1.0.21
 * (`rankMap`, `textMap`), whose encode and decode only call `get`; `create-lazy-tiktoken.test.ts`
 * checks it against the stock encoder.
 */
export function createTableTiktoken(table: RankTable): Tiktoken {
  const encoder = new Tiktoken({ pat_str: table.patStr, special_tokens: table.specialTokens, bpe_ranks: '' });
  const tables = encoder as unknown as { rankMap: Pick<Map<string, number>, 'get'>; textMap: Pick<Map<number, Uint8Array>, 'get'> };
  tables.rankMap = { get: (key) => table.rankOf(key) };
  tables.textMap = { get: (rank) => table.bytesOf(rank) };
  return encoder;
}
