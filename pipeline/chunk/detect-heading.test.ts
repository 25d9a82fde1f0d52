import { describe, expect, it } from 'vitest';
import { detectHeading } from './detect-heading.ts';
import { isTableRow } from './is-table-row.ts';

describe('detectHeading', () => {
  it.each([
    ['2. | Definitions', '2. Definitions', true],
    ['5 | Internal Controls', '5 Internal Controls', true],
    ['12.3.4 Reporting Frequency', '12.3.4 Reporting Frequency', true],
    ['2.10.Licensee must execute an updated Appendix or amendment with CME in order to add', '2.10. Licensee must execute an updated Appendix or amendment with CME in order to add', false],
    ['3. Reserved', '3. Reserved', false],
    ['Article IV', 'Article IV', true],
    ['SUBSCRIBER ADDENDUM', 'SUBSCRIBER ADDENDUM', true],
    ['Definitions', 'Definitions', true],
  ])('reads %s as a heading', (line, text, isTitle) => {
    expect(detectHeading(line)).toMatchObject({ text, isTitle });
  });

  it.each([
    ['Real Time | Device | $134.50', {}],
    ['Information License Agreement', { previousLine: 'as set out in the' }],
    ['Display Device', { previousLine: 'Historical | Licensee Group | $35,220', nextLine: 'Real Time | Device | $134.50' }],
    ['(a) Payment of the relevant Fees by Licensee', { previousLine: 'subject to the following terms;' }],
    ['PM21_MD001/0825', {}],
    ['1 up to 25 | $125 | $75 | $0', {}],
  ])('does not read %s as a heading', (line, context) => {
    expect(detectHeading(line, context)).toBeUndefined();
  });

  it('reads a title after a table row as a heading when prose follows it', () => {
    const context = { previousLine: 'USD 3,000.00 /Flat /Month', nextLine: 'As Needed: a reporting frequency where Licensee' };
    expect(detectHeading('Definitions', context)?.text).toBe('Definitions');
  });
});

describe('isTableRow', () => {
  it.each([
    ['Real Time | Device | $134.50', true],
    ['USD 3,000.00 /Flat /Month', true],
    ['Financial Institution – Over $10 billion', true],
    ['(a) | Subscriber Group shall not redistribute CME Licensed Information outside of Subscriber Group.', false],
    ['2. | Definitions', false],
    ['CME hereby gives notice that, from January 1, 2025, a monthly fee of $5 per Subscriber', false],
  ])('%s → %s', (line, expected) => {
    expect(isTableRow(line)).toBe(expected);
  });
});
