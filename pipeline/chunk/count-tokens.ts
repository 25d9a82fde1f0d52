import type { Tiktoken } from 'js-tiktoken/lite';
import { createTableTiktoken } from './create-lazy-tiktoken.ts';
import { loadRankTable } from './load-rank-table.ts';

let encoder: Tiktoken | undefined;
let piecePattern: RegExp | undefined;

// The cl100k_base ranks are loaded on the first count, not on import, so that commands which never
// count tokens do not pay for them; and they come as a binary table kept between processes
// (loadRankTable), not as a 1.6 MB module whose 100,000 base64 tokens are split into a map.
function loadEncoder(): Tiktoken {
  if (encoder === undefined) {
    const table = loadRankTable();
    encoder = createTableTiktoken(table);
    piecePattern = new RegExp(table.patStr, 'gu');
  }
  return encoder;
}

// Special-token strings such as `<|endoftext|>` in a document are ordinary text, never control tokens.
function encode(text: string): number[] {
  return loadEncoder().encode(text, [], []);
}

// The encoder splits text into pieces with its pattern and encodes each piece on its own (no
// special tokens are read), so a text's count is the sum of its pieces' counts. Pieces are words
// and punctuation that recur across texts: their counts are kept, and a text never seen before (a
// prompt with new evidence) costs one pass of the pattern, not a byte-pair merge of every word.
const PIECES_KEPT = 65_536;
const LONGEST_PIECE_KEPT = 64;
const pieceCounts = new Map<string, number>();

function countPieces(text: string): number {
  loadEncoder();
  let count = 0;
  for (const match of text.matchAll(piecePattern!)) {
    const piece = match[0];
    let pieceCount = pieceCounts.get(piece);
    if (pieceCount === undefined) {
      // A piece matched alone is matched whole again: its count in the text is its count alone.
      pieceCount = encode(piece).length;
      if (piece.length <= LONGEST_PIECE_KEPT) {
        if (pieceCounts.size >= PIECES_KEPT) pieceCounts.clear();
        pieceCounts.set(piece, pieceCount);
      }
    }
    count += pieceCount;
  }
  return count;
}

// Evidence chunks recur across questions and their counts are asked for several times per question
// (budget, block, prompt): a bounded memo of recently used counts keeps BPE off the warm query path.
// Least recently used goes first: a what-if replays every case of a suite once per value swept, and
// the counts of one pass (a CME suite's chunks and prompts) must outlive the next pass.
const MEMO_LIMIT = 16_384;
const memo = new Map<string, number>();

/**
 * A run of this many characters without whitespace is not text a reader wrote (base64, a hex dump,
 * a line of dots): js-tiktoken's byte-pair merge is cubic in a run's length (2 000 characters take
 * most of a second), so such runs are counted by their UTF-8 bytes instead, an upper bound (every
 * token holds at least one byte). Shorter runs, all ordinary text, are counted exactly.
 */
export const LONG_RUN_CHARACTERS = 400;
/** The longest cl100k_base token, in bytes: text of more bytes than 128 × n holds more than n tokens. */
export const MAX_TOKEN_BYTES = 128;

/**
 * The number of cl100k_base tokens in `text` (special-token strings are counted as ordinary text).
 * Runs of more than `LONG_RUN_CHARACTERS` characters without whitespace count as their UTF-8 bytes
 * (an upper bound), so counting takes time linear in the text's length.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const known = memo.get(text);
  if (known !== undefined) {
    memo.delete(text);
    memo.set(text, known);
    return known;
  }
  const count = countWithLongRuns(text);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(text, count);
  return count;
}

/**
 * The number of cl100k_base tokens in `parts.join('')`: always what `countTokens` gives the joined
 * text. Where a part ends with a line feed and the next one starts with a character that is not
 * whitespace, the encoder's pattern ends a piece between them whatever surrounds them (the line
 * feed closes its piece, and no piece runs from whitespace into the next character), so the text's
 * count is the sum of the two sides' counts: such parts are counted on their own (and their counts
 * kept), the others together. A prompt rebuilt from the same evidence blocks in another mix then
 * costs a look-up per block, not a pass of the pattern over the whole prompt.
 */
export function countTokensOfParts(parts: readonly string[]): number {
  const text = parts.join('');
  const known = memo.get(text);
  if (known !== undefined) return countTokens(text);
  let count = 0;
  let pending = '';
  for (const part of parts) {
    if (pending.length > 0 && part.length > 0 && pending.charCodeAt(pending.length - 1) === 0x0a && !isWhitespace(part.charCodeAt(0))) {
      count += countTokens(pending);
      pending = part;
    } else {
      pending += part;
    }
  }
  count += countTokens(pending);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(text, count);
  return count;
}

/**
 * The runs of more than `LONG_RUN_CHARACTERS` UTF-16 code units without whitespace in `text`, in
 * order. A plain scan: a regular expression overflows the stack on a run of megabytes.
 */
export function findLongRuns(text: string): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  let start = 0;
  for (let index = 0; index <= text.length; index += 1) {
    if (index < text.length && !isWhitespace(text.charCodeAt(index))) continue;
    if (index - start > LONG_RUN_CHARACTERS) runs.push({ start, end: index });
    start = index + 1;
  }
  return runs;
}

/** What `\s` matches in a JavaScript regular expression. */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x85) return false;
  return (
    code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

function countWithLongRuns(text: string): number {
  if (text.length <= LONG_RUN_CHARACTERS) return countPieces(text);
  const runs = findLongRuns(text);
  if (runs.length === 0) return countPieces(text);
  let count = 0;
  let from = 0;
  for (const run of runs) {
    if (run.start > from) count += countPieces(text.slice(from, run.start));
    count += Buffer.byteLength(text.slice(run.start, run.end), 'utf8');
    from = run.end;
  }
  if (from < text.length) count += countPieces(text.slice(from));
  return count;
}

/**
 * The longest prefix of `text` that holds at most `maxTokens` cl100k_base tokens. The result is always
 * an exact prefix of `text` (never a cut inside a multi-byte character); `text` itself when it fits.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  const tokens = encode(text);
  if (tokens.length <= maxTokens) return text;
  const tokenizer = loadEncoder();
  for (let count = maxTokens; count > 0; count -= 1) {
    const candidate = tokenizer.decode(tokens.slice(0, count));
    // A token may end inside a multi-byte character (decoded as U+FFFD), and re-encoding a prefix may
    // merge differently: accept only an exact prefix that re-counts within the budget.
    if (text.startsWith(candidate) && encode(candidate).length <= maxTokens) return candidate;
  }
  return '';
}
