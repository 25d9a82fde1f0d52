import { describe, expect, it } from 'vitest';
import { tokenizeKeywordPairs, tokenizeKeywords } from './tokenize-keywords.ts';

describe('tokenizeKeywords', () => {
  it('lowercases, keeps money with and without its sign, and keeps 4+ and years whole', () => {
    expect(tokenizeKeywords('Real Time Device fee $134.50 for 4+ applications in 2026')).toEqual([
      'real', 'time', 'device', 'fee', '$134.50', '134.50', 'for', '4+', 'applications', 'in', '2026',
    ]);
  });

  it('drops thousands separators so $3,640 and 3640 meet', () => {
    expect(tokenizeKeywords('$3,640 and 1,250,000.75 and 10%')).toEqual(['$3640', '3640', 'and', '1250000.75', 'and', '10%']);
  });

  it('splits hyphenated words into parts plus the joined form, including Unicode hyphens', () => {
    expect(tokenizeKeywords('Non-Professional non\u2011display')).toEqual(['non', 'professional', 'nonprofessional', 'non', 'display', 'nondisplay']);
    expect(tokenizeKeywords('2025-2026')).toEqual(['2025', '2026']);
  });

  it('applies NFKC (ligatures, full-width letters) and drops possessive s', () => {
    expect(tokenizeKeywords('ﬁle ＣＭＥ Licensee’s')).toEqual(['file', 'cme', 'licensee']);
  });

  it('keeps words with glued footnote digits whole and also yields their letter and digit runs', () => {
    expect(tokenizeKeywords('Real Time11')).toEqual(['real', 'time11', 'time', '11']);
    expect(tokenizeKeywords('Schedule v5.0')).toEqual(['schedule', 'v5.0', 'v5', 'v', '5', '0']);
  });

  it('treats every other character as a separator', () => {
    expect(tokenizeKeywords('(a) "Subscriber" — means; [b]')).toEqual(['a', 'subscriber', 'means', 'b']);
    expect(tokenizeKeywords('')).toEqual([]);
  });

  it('pairs adjacent raw tokens, each in one form', () => {
    expect(tokenizeKeywordPairs('Market Profile | Device | $11.70')).toEqual(['market profile', 'profile device', 'device 11.70']);
    expect(tokenizeKeywordPairs('Non-Professional Depth of Market $3,640 10%')).toEqual([
      'nonprofessional depth',
      'depth of',
      'of market',
      'market 3640',
      '3640 10%',
    ]);
    expect(tokenizeKeywordPairs('fee')).toEqual([]);
  });
});
