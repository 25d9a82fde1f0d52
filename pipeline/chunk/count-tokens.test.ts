import { describe, expect, it } from 'vitest';
import { countTokens, findLongRuns, truncateToTokens } from './count-tokens.ts';

describe('countTokens', () => {
  it('counts cl100k_base tokens', () => {
    // The OpenAI cookbook's example: "tiktoken is great!" is 6 cl100k_base tokens.
    expect(countTokens('tiktoken is great!')).toBe(6);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
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
