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

/** The number of cl100k_base tokens in `text` (special-token strings are counted as ordinary text). */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  return encode(text).length;
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
