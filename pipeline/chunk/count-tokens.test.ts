import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { describe, expect, it } from 'vitest';
import { countTokens, countTokensOfParts, findLongRuns, truncateToTokens } from './count-tokens.ts';

describe('countTokens', () => {
  it('counts cl100k_base tokens', () => {
    // The OpenAI cookbook's example: "tiktoken is great!" is 6 cl100k_base tokens.
    expect(countTokens('tiktoken is great!')).toBe(6);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('counts, piece by remembered piece, exactly what the stock encoder counts for the whole text', () => {
    const stock = new Tiktoken(createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as TiktokenBPE);
    // The sample policy and this repository's README (prose, tables, code, Unicode).
    const policy = ['data/raw/sample/harbourview-data-policy.txt', 'README.md'].map((file) => readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8')).join('\n');
    // Whitespace runs before words and line ends (the pattern's look-ahead), contractions in every
    // case, digits in threes, CRLF, emoji, special-token strings; then the texts' lines, and their
    // first 8,000 characters whole and in halves (pieces counted once, then remembered).
    const texts = [
      'a  b', '  x', 'x  ', 'one\n\n  two\r\n\tthree   \n', "it's I'LL they'Re WE'VE", '1234567 and 12,345.678', '📈 €5 — ¥', 'before <|endoftext|> after',
      ...policy.split('\n').slice(0, 400),
      policy.slice(0, 4_000), policy.slice(4_000, 8_000), policy.slice(0, 8_000),
    ];
    for (const text of texts) {
      if (findLongRuns(text).length > 0) continue;
      expect(countTokens(text), JSON.stringify(text.slice(0, 60))).toBe(stock.encode(text, [], []).length);
    }
  });

  it('counts a text in parts exactly as the stock encoder counts it whole, wherever the parts are cut', () => {
    const stock = new Tiktoken(createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as TiktokenBPE);
    const policy = readFileSync(path.resolve(import.meta.dirname, '../../data/raw/sample/harbourview-data-policy.txt'), 'utf8');
    // Cuts after a line feed before text (counted apart) and everywhere else (counted together):
    // punctuation, spaces and line feeds on both sides, contractions and digits across the cut.
    const parts = [
      'Fees:\n', '[C0 | doc=a.pdf]\n', "'s it\n", '  indented\n\n', '\n', 'x  \n', ' y', '12\n', '345 and.\n\n', '=== END ===\n', 'é\n', '📈 tail',
      ...policy.split(/(?<=\n)/).slice(0, 300),
    ];
    const whole = parts.join('');
    // A fresh text each time (the counts of a text already counted are kept).
    for (let cut = 1; cut < 40; cut += 1) {
      const variant = [`variant ${cut}\n`, ...parts.slice(0, cut), ...parts.slice(cut).map((part) => part.replace(/^\s+/, ''))];
      expect(countTokensOfParts(variant), `cut ${cut}`).toBe(stock.encode(variant.join(''), [], []).length);
    }
    expect(countTokensOfParts(parts)).toBe(stock.encode(whole, [], []).length);
    expect(countTokens(whole)).toBe(stock.encode(whole, [], []).length);
  });

  it('counts special-token strings in a document as ordinary text instead of throwing', () => {
    expect(countTokens('before <|endoftext|> after')).toBeGreaterThan(3);
  });
});

describe('truncateToTokens', () => {
  it('returns the text itself when it fits', () => {
    expect(truncateToTokens('tiktoken is great!', 6)).toBe('tiktoken is great!');
  });

  it('returns the longest exact prefix within the budget', () => {
    const text = 'The Subscriber shall report every Device that can access Real Time Information each month.';
    const truncated = truncateToTokens(text, 5);
    expect(text.startsWith(truncated)).toBe(true);
    expect(countTokens(truncated)).toBeLessThanOrEqual(5);
    expect(countTokens(text.slice(0, truncated.length + 8))).toBeGreaterThan(5);
  });

  it('never cuts inside a multi-byte character', () => {
    const text = '価格表 — fees in €, ¥ and 📈 for every Device';
    for (let budget = 1; budget <= countTokens(text); budget += 1) {
      const truncated = truncateToTokens(text, budget);
      expect(text.startsWith(truncated)).toBe(true);
      expect(truncated).not.toContain('\uFFFD');
      expect(countTokens(truncated)).toBeLessThanOrEqual(budget);
    }
  });

  it('returns an empty string for a budget of zero', () => {
    expect(truncateToTokens('anything', 0)).toBe('');
  });
});

describe('countTokens on runs without whitespace', () => {
  it('counts a run of more than 400 characters by its UTF-8 bytes (an upper bound), the rest exactly', () => {
    const run = 'ab'.repeat(300);
    expect(countTokens(`Heading\n${run}`)).toBe(countTokens('Heading\n') + 600);
    expect(countTokens('é'.repeat(500))).toBe(1000);
    const ordinary = `${'x'.repeat(400)} and more`;
    expect(countTokens(ordinary)).toBeLessThan(400);
  });

  it('finds long runs with a plain scan (no stack overflow on megabytes)', () => {
    const text = `short words ${'z'.repeat(2_000_000)} tail`;
    expect(findLongRuns(text)).toEqual([{ start: 12, end: 2_000_012 }]);
  });
});
