import { createRequire } from 'node:module';
import { Tiktoken } from 'js-tiktoken/lite';
import type { TiktokenBPE } from 'js-tiktoken/lite';

const requireModule = createRequire(import.meta.url);

let encoder: Tiktoken | undefined;

// The cl100k_base ranks are a 1.6 MB module: load them on the first count, not on import, so that
// commands which never count tokens do not pay for them.
function loadEncoder(): Tiktoken {
  if (encoder === undefined) {
    const ranks = requireModule('js-tiktoken/ranks/cl100k_base') as TiktokenBPE;
    encoder = new Tiktoken(ranks);
  }
  return encoder;
}

// Special-token strings such as `<|endoftext|>` in a document are ordinary text, never control tokens.
function encode(text: string): number[] {
  return loadEncoder().encode(text, [], []);
}

// Evidence chunks recur across questions and their counts are asked for several times per question
// (budget, block, prompt): a bounded memo of recent counts keeps BPE off the warm query path.
const MEMO_LIMIT = 4096;
const memo = new Map<string, number>();

/** The number of cl100k_base tokens in `text` (special-token strings are counted as ordinary text). */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const count = encode(text).length;
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(text, count);
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
