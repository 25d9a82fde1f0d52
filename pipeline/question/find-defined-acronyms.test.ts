import { describe, expect, it } from 'vitest';
import { findDefinedAcronyms } from './find-defined-acronyms.ts';

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

