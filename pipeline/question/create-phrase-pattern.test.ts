import { describe, expect, it } from 'vitest';
import { mayHoldPhrase } from '../text/index.ts';
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

describe('mayHoldPhrase', () => {
  const phrases = ['Term SOFR', 'ICE', 'non-pro', 'S&P 500', 'risk', 'kiosk', 'Zürich fee', 'straße', '2026', 'U.S.'];
  const texts = [
    'CME term\n  SOFR and TERM SOFR',
    'non-pro users; the S&P 500 index',
    'a \u212Aiosk fee', // the Kelvin sign matches k, letter case ignored
    'a ri\u017Fk', // the long s matches s
    'ZÜRICH FEE straSSe STRASSE 2026',
    'u.s. persons',
    'nothing here',
  ];

  it('is true wherever the phrase pattern matches, with either option', () => {
    for (const phrase of phrases) {
      for (const text of texts) {
        for (const options of [{}, { hyphenJoinsWords: true }, { caseSensitive: true }]) {
          if (createPhrasePattern(phrase, options).test(text)) expect([phrase, text, mayHoldPhrase(text, phrase)]).toEqual([phrase, text, true]);
        }
      }
    }
    expect(mayHoldPhrase('a \u212Aiosk fee', 'kiosk')).toBe(true);
    expect(mayHoldPhrase('a ri\u017Fk', 'RISK')).toBe(true);
  });

  it('is false when an ASCII word of the phrase is missing, and leaves other words to the pattern', () => {
    expect(mayHoldPhrase('nothing here', 'Term SOFR')).toBe(false);
    expect(mayHoldPhrase('term rate', 'Term SOFR')).toBe(false);
    expect(mayHoldPhrase('the fee', 'Zürich fee')).toBe(true); // Zürich is not ASCII: the pattern decides
    expect(createPhrasePattern('Zürich fee').test('the fee')).toBe(false);
  });
});
