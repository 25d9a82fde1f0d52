import { describe, expect, it } from 'vitest';
import { findNameInitials } from './find-name-initials.ts';

describe('findNameInitials', () => {
  const chunks = [
    { text: 'End of Day Information is published daily. End of Day Information may be redistributed.' },
    { text: 'Fees for Non-Display Use apply per Application. Quality Assurance devices are waived.', sectionHeading: 'Waivers' },
    { text: 'The CVOL Index and Term SOFR are benchmarks. The licensee shall pay.' },
  ];
  const initials = findNameInitials(chunks);

  it('gives the initials of Title Case names, joining words with or without theirs, hyphenated parts each', () => {
    expect(initials.get('EOD')).toEqual(['end', 'of', 'day']);
    expect(initials.get('ED')).toEqual(['end', 'of', 'day']);
    expect(initials.get('EODI')).toEqual(['end', 'of', 'day', 'information']);
    expect(initials.get('ND')).toEqual(['non-display']);
    expect(initials.get('NDU')).toEqual(['non-display', 'use']);
    expect(initials.get('QA')).toEqual(['quality', 'assurance']);
  });

  it('never combines words in capitals, single plain words or lower-case words into initials', () => {
    expect(initials.has('CI')).toBe(false);
    expect(initials.has('TS')).toBe(false);
    expect(initials.has('LSP')).toBe(false);
    expect([...initials.keys()].every((key) => key.length >= 2 && key.length <= 6)).toBe(true);
  });
});
