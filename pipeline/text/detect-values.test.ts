import { describe, expect, it } from 'vitest';
import { hasDate, hasDeadlineDate, hasDuration, hasEndDate, hasFrequency, hasMoneyAmount, hasPercentage, statedValuesOfKind } from './detect-values.ts';

describe('detect-values', () => {
  it.each([
    ['Licensee shall report monthly.', true],
    ['reported on an As Needed basis', true],
    ['once per twelve (12)-month period', true],
    ['Calculated every 15 seconds from real-time option and futures markets.', true],
    ['the index is recalculated every five minutes', true],
    ['audits may take place three times a year', true],
    ['Calculated once per day, after regular trading session closes.', true],
    ['The Licensee shall pay within thirty (30) days.', false],
    ['Every Subscriber must sign the addendum.', false],
  ])('hasFrequency(%s) → %s', (text, expected) => {
    expect(hasFrequency(text)).toBe(expected);
  });

  it('reads amounts, dates, deadlines and durations', () => {
    expect(hasMoneyAmount('Real Time | Device | $134.50')).toBe(true);
    expect(hasMoneyAmount('no fee applies')).toBe(true);
    expect(hasDate('Effective January 1, 2026')).toBe(true);
    expect(hasDeadlineDate('by no later than December 1 2025')).toBe(true);
    expect(hasEndDate('Quoted prices hold till 30 June 2031')).toBe(true);
    expect(hasEndDate('shall run until March 15, 2040, unless ended sooner')).toBe(true);
    expect(hasEndDate('In force from July 1, 2030')).toBe(false);
    expect(hasDuration('for a period of five (5) years')).toBe(true);
    expect(hasDuration('Category 5 licensees')).toBe(false);
  });

  it('lists the distinct values of one kind a text states', () => {
    expect(statedValuesOfKind('A fee of $2,000 per year and $90 per drawing; $2,000 is due first.', 'amount')).toEqual(['$2,000', '$90']);
    expect(statedValuesOfKind('notice of thirty (30) days, or 30 days in writing, within ninety (90) days', 'duration')).toEqual(['thirty (30) days', '30 days', 'ninety (90) days']);
    expect(statedValuesOfKind('from March 1, 2026 until 31 December 2027', 'date')).toEqual(['march 1, 2026', '31 december 2027']);
    expect(statedValuesOfKind('reported monthly', 'frequency')).toEqual(['monthly']);
    expect(statedValuesOfKind('Category 5 licensees', 'amount')).toEqual([]);
    expect(statedValuesOfKind('Royalty Fee: Five percent (5%); Program Fee: Four percent (4%)', 'percentage')).toEqual(['5%', '4%']);
    expect(statedValuesOfKind('7.5 per cent of Net Revenue, then 15 percent, on a $90 fee', 'percentage')).toEqual(['7.5 per cent', '15 percent']);
    expect(hasPercentage('a redacted *****% royalty')).toBe(false);
  });
});
