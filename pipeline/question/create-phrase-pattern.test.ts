import { describe, expect, it } from 'vitest';
import { createPhrasePattern } from './create-phrase-pattern.ts';

function matches(phrase: string, text: string, options = {}): string[] {
  return [...text.matchAll(createPhrasePattern(phrase, options))].map((match) => match[0]);
}

describe('createPhrasePattern', () => {
  it('matches whole words, ignoring case, across any whitespace', () => {
    expect(matches('Term SOFR', 'CME term\n  SOFR and TERM SOFR')).toEqual(['term\n  SOFR', 'TERM SOFR']);
    expect(matches('ICE', 'device notice price ice ICE')).toEqual(['ice', 'ICE']);
  });

  it('lets a digit follow a word (footnote markers) but never a letter', () => {
    expect(matches('SOFR', 'SOFR1 SOFRA')).toEqual(['SOFR']);
  });

  it('keeps numbers whole, including thousands and decimals', () => {
    expect(matches('2026', '2026 20265 12026 1,2026 2026.5 2026, 2026.')).toEqual(['2026', '2026', '2026']);
  });

  it('matches letter case exactly when asked', () => {
    expect(matches('ICE', 'ice Ice ICE', { caseSensitive: true })).toEqual(['ICE']);
  });

  it('treats hyphen-joined words as one word when asked', () => {
    expect(matches('rt', 'rt-data non-rt rt', { hyphenJoinsWords: true })).toEqual(['rt']);
    expect(matches('pro', 'non-pro pro', { hyphenJoinsWords: true })).toEqual(['pro']);
    expect(matches('non-pro', 'non-pro non-professional', { hyphenJoinsWords: true })).toEqual(['non-pro']);
    expect(matches('CME', 'CME-cleared')).toEqual(['CME']);
  });

  it('escapes regular-expression characters', () => {
    expect(matches('S&P 500', 'the S&P 500 index')).toEqual(['S&P 500']);
    expect(matches('E*TRADE', 'E*TRADE ETRADE')).toEqual(['E*TRADE']);
    expect(matches('U.S.', 'U.S. UxSx')).toEqual(['U.S.']);
  });
});
