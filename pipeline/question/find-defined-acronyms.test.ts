import { describe, expect, it } from 'vitest';
import { findDefinedAcronyms, spellsAcronym } from './find-defined-acronyms.ts';

describe('findDefinedAcronyms', () => {
  it('reads an acronym spelled out right before it, with joining words and hyphenated parts', () => {
    const acronyms = findDefinedAcronyms([
      { text: 'Fees apply to the Designated Contract Markets (DCM) listed below.' },
      { text: 'A Harbour Automated Trading System (ATS) and the Depth of Market (DOM) feed.' },
      { text: 'Quill Non-Display (ND) use.' },
    ]);
    expect(acronyms.get('DCM')).toEqual(['designated', 'contract', 'markets']);
    expect(acronyms.get('ATS')).toEqual(['automated', 'trading', 'system']);
    expect(acronyms.get('DOM')).toEqual(['depth', 'of', 'market']);
    expect(acronyms.get('ND')).toEqual(['non-display']);
  });

  it('reads nothing when the initials do not spell the acronym or no acronym follows', () => {
    const acronyms = findDefinedAcronyms([{ text: 'Category A (Trading as a Principal) and the Service Level (SOC) and Real Time (see below).' }]);
    expect([...acronyms.keys()]).toEqual([]);
  });
});

describe('spellsAcronym', () => {
  it('finds an acronym spelled out by capitalised words, joining words and hyphenated parts', () => {
    expect(spellsAcronym('Delayed and End of Day Information licences end.', 'EOD')).toBe(true);
    expect(spellsAcronym('Fees for Non-Display use.', 'ND')).toBe(true);
    expect(spellsAcronym('the 2025 Futures and Options notice', 'F&O')).toBe(true);
  });

  it('does not count lower-case words, a plain single word or other initials', () => {
    expect(spellsAcronym('end of day data', 'EOD')).toBe(false);
    expect(spellsAcronym('Television distribution', 'TV')).toBe(false);
    expect(spellsAcronym('Service Level Agreement', 'SOC')).toBe(false);
  });
});
