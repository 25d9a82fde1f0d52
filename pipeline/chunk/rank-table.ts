import { crc32 } from 'node:zlib';
import type { TiktokenBPE } from 'js-tiktoken/lite';

/**
 * A byte-pair vocabulary (cl100k_base) as one binary table: token bytes → rank by open addressing
 * over typed arrays, so that a process reads it in one file read instead of splitting 1 MB of base64
 * into 100,000 strings and a `Map` (about 30 ms of every cold query).
 */
export interface RankTable {
  /** The pre-tokenizer pattern of the ranks it was built from (`pat_str`). */
  patStr: string;
  /** Their special tokens (`special_tokens`). */
  specialTokens: Record<string, number>;
  /** The rank of the token whose bytes are `key` (decimal bytes joined by commas, as js-tiktoken asks: `"104,105"`); undefined when no token has them. */
  rankOf(key: string): number | undefined;
  /** The bytes of the token of `rank`; undefined when no token has it. */
  bytesOf(rank: number): Uint8Array | undefined;
}

const MAGIC = 0x54524743; // "CGRT" read as a little-endian word: another byte order fails the check
const FORMAT = 1;
const HEADER_WORDS = 8;

/**
 * The table of `ranks` as file bytes: a header (magic, format, token count, slot count, byte and
 * JSON lengths, CRC-32 of the rest), then each token's rank, its bytes' offsets, the hash slots,
 * the tokens' bytes and the pattern and special tokens as JSON. Tokens are read as js-tiktoken's
 * own constructor reads `bpe_ranks` (lines `! offset token…`; a repeated token keeps its last rank).
 */
export function encodeRankTable(ranks: TiktokenBPE): Uint8Array {
  const rankByToken = new Map<string, number>();
  for (const line of ranks.bpe_ranks.split('\n')) {
    if (line.length === 0) continue;
    const parts = line.split(' ');
    const offset = Number.parseInt(parts[1]!, 10);
    for (let index = 2; index < parts.length; index += 1) rankByToken.set(parts[index]!, offset + index - 2);
  }
  const tokens = [...rankByToken].map(([token, rank]) => ({ bytes: Buffer.from(token, 'base64'), rank }));
  const count = tokens.length;
  let slotCount = 1;
  while (slotCount < count * 2) slotCount *= 2;
  const byteLength = tokens.reduce((sum, token) => sum + token.bytes.length, 0);
  const json = Buffer.from(JSON.stringify({ patStr: ranks.pat_str, specialTokens: ranks.special_tokens }), 'utf8');
  const wordCount = HEADER_WORDS + count + (count + 1) + slotCount;
  const file = new Uint8Array(wordCount * 4 + byteLength + json.length);
  const words = new Uint32Array(file.buffer, 0, wordCount);
  const rankWords = words.subarray(HEADER_WORDS, HEADER_WORDS + count);
  const offsets = words.subarray(HEADER_WORDS + count, HEADER_WORDS + 2 * count + 1);
  const slots = words.subarray(HEADER_WORDS + 2 * count + 1);
  const bytes = file.subarray(wordCount * 4, wordCount * 4 + byteLength);
  const isToken = (stored: number, candidate: Uint8Array) => offsets[stored + 1]! - offsets[stored]! === candidate.length && sameBytes(bytes, offsets[stored]!, candidate);
  let at = 0;
  tokens.forEach((token, index) => {
    rankWords[index] = token.rank;
    offsets[index] = at;
    bytes.set(token.bytes, at);
    at += token.bytes.length;
    // Open addressing: slot value = token index + 1, 0 = empty. The same bytes twice keep the later rank, as the stock map does.
    let slot = hashBytes(token.bytes, 0, token.bytes.length) & (slotCount - 1);
    while (slots[slot] !== 0 && !isToken(slots[slot]! - 1, token.bytes)) slot = (slot + 1) & (slotCount - 1);
    slots[slot] = index + 1;
  });
  offsets[count] = at;
  file.set(json, wordCount * 4 + byteLength);
  words.set([MAGIC, FORMAT, count, slotCount, byteLength, json.length, 0, 0]);
  words[6] = crc32(file.subarray(HEADER_WORDS * 4));
  return file;
}

/** The table in `file` (from `encodeRankTable`); undefined when the file is not one, is cut short or does not match its checksum. */
export function decodeRankTable(file: Uint8Array): RankTable | undefined {
  if (file.byteLength < HEADER_WORDS * 4) return undefined;
  // Typed arrays need 4-byte alignment: a file read into a shared pool may not have it.
  const aligned = file.byteOffset % 4 === 0 ? file : new Uint8Array(file);
  const header = new Uint32Array(aligned.buffer, aligned.byteOffset, HEADER_WORDS);
  const [magic, format, count, slotCount, byteLength, jsonLength, checksum] = header as unknown as number[];
  if (magic !== MAGIC || format !== FORMAT) return undefined;
  const wordCount = HEADER_WORDS + count! + (count! + 1) + slotCount!;
  if (aligned.byteLength !== wordCount * 4 + byteLength! + jsonLength!) return undefined;
  if (crc32(aligned.subarray(HEADER_WORDS * 4)) !== checksum) return undefined;
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, wordCount);
  const { patStr, specialTokens } = JSON.parse(Buffer.from(aligned.buffer, aligned.byteOffset + wordCount * 4 + byteLength!, jsonLength!).toString('utf8')) as {
    patStr: string;
    specialTokens: Record<string, number>;
  };
  return new TypedRankTable(
    patStr,
    specialTokens,
    words.subarray(HEADER_WORDS, HEADER_WORDS + count!),
    words.subarray(HEADER_WORDS + count!, HEADER_WORDS + 2 * count! + 1),
    words.subarray(HEADER_WORDS + 2 * count! + 1),
    aligned.subarray(wordCount * 4, wordCount * 4 + byteLength!),
  );
}

class TypedRankTable implements RankTable {
  private key = new Uint8Array(256);
  private tokenOfRank: Map<number, number> | undefined;

  constructor(
    readonly patStr: string,
    readonly specialTokens: Record<string, number>,
    private readonly ranks: Uint32Array,
    private readonly offsets: Uint32Array,
    private readonly slots: Uint32Array,
    private readonly bytes: Uint8Array,
  ) {}

  rankOf(key: string): number | undefined {
    if (key.length === 0) return undefined;
    let length = 0;
    let value = 0;
    for (let index = 0; index <= key.length; index += 1) {
      const code = index < key.length ? key.charCodeAt(index) : 44;
      if (code !== 44) {
        value = value * 10 + (code - 48);
        continue;
      }
      if (length === this.key.length) {
        const longer = new Uint8Array(length * 2);
        longer.set(this.key);
        this.key = longer;
      }
      this.key[length] = value;
      length += 1;
      value = 0;
    }
    const mask = this.slots.length - 1;
    for (let slot = hashBytes(this.key, 0, length) & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const token = this.slots[slot]! - 1;
      const start = this.offsets[token]!;
      if (this.offsets[token + 1]! - start === length && sameBytes(this.bytes, start, this.key.subarray(0, length))) return this.ranks[token];
    }
    return undefined;
  }

  bytesOf(rank: number): Uint8Array | undefined {
    if (this.tokenOfRank === undefined) {
      // Built on the first decode (only truncation decodes); a rank given twice keeps its later token, as the stock map does.
      this.tokenOfRank = new Map();
      for (let token = 0; token < this.ranks.length; token += 1) this.tokenOfRank.set(this.ranks[token]!, token);
    }
    const token = this.tokenOfRank.get(rank);
    return token === undefined ? undefined : this.bytes.slice(this.offsets[token], this.offsets[token + 1]);
  }
}

/** FNV-1a over `bytes[start, end)`. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash >>> 0;
}

function sameBytes(bytes: Uint8Array, start: number, other: Uint8Array): boolean {
  for (let index = 0; index < other.length; index += 1) if (bytes[start + index] !== other[index]) return false;
  return true;
}
