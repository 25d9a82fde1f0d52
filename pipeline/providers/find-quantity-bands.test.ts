import { describe, expect, it } from 'vitest';
import { findQuantityBands, findQuestionQuantities, measureBandFit } from './find-quantity-bands.ts';

describe('findQuestionQuantities', () => {
  it('reads the counts a question states, in digits or words', () => {
    expect(findQuestionQuantities('We license 15 index products: what is the annual fee?')).toEqual([{ value: 15, duration: false }]);
    expect(findQuestionQuantities('What fee applies to a seven-year swap for about 1,500 users?')).toEqual([
      { value: 7, duration: true },
      { value: 1500, duration: false },
    ]);
    expect(findQuestionQuantities('If we run one application, which tier applies?')).toEqual([{ value: 1, duration: false }]);
    expect(findQuestionQuantities('A firm of 40k people pays what for a 3 year term?')).toEqual([
      { value: 40000, duration: false },
      { value: 3, duration: true },
    ]);
  });

  it('leaves out label codes, years, amounts, percentages, days of dates and pronouns', () => {
    expect(findQuestionQuantities('Under Category 5 and Level 2 in 2026, is the $5 fee or the 3.5% rate due from March 1?')).toEqual([]);
    expect(findQuestionQuantities('Which one of the tiers applies from 1 May?')).toEqual([]);
    expect(findQuestionQuantities('What does Acme Nine pay under the Three Rivers licence?')).toEqual([]);
    expect(findQuestionQuantities('Three users: what is the fee?')).toEqual([{ value: 3, duration: false }]);
  });
});

describe('findQuantityBands', () => {
  it('reads ranges, open bands and exact counts from a row’s label cells, never from its prices', () => {
    expect(findQuantityBands('Index Licence | 11 – 20 Indices | $50,000')).toEqual([{ low: 11, high: 20, duration: false }]);
    expect(findQuantityBands('Clearing | 6 up to 9 years | 0.03')).toEqual([{ low: 6, high: 9, duration: true }]);
    expect(findQuantityBands('Clearing | 6 - 9 | Years | 0.03')).toEqual([{ low: 6, high: 9, duration: true }]);
    expect(findQuantityBands('Users | 15,001+ | $1,000')).toEqual([{ low: 15001, high: Infinity, duration: false }]);
    expect(findQuantityBands('Basic (1 Application) | Licensee Group | $363')).toEqual([{ low: 1, high: 1, duration: false }]);
    expect(findQuantityBands('Users | fewer than 10 | $20')).toEqual([{ low: 0, high: 9, duration: false }]);
  });

  it('finds none in a sentence, a row without counts, or a year', () => {
    expect(findQuantityBands('The fee for 1 to 5 users is $10.')).toEqual([]);
    expect(findQuantityBands('Display Device | Real Time | Device | $134.50')).toEqual([]);
    expect(findQuantityBands('Fee list | 2026 | $10')).toEqual([]);
  });
});

describe('measureBandFit', () => {
  it('is 1 when a band holds a count asked, -1 when the row has bands and none does, 0 otherwise', () => {
    const staff = [{ value: 150, duration: false }];
    expect(measureBandFit(staff, 'Institution | 26 up to 200 | $125')).toBe(1);
    expect(measureBandFit(staff, 'Institution | 201 up to 2,000 | $250')).toBe(-1);
    expect(measureBandFit(staff, 'Display Device | Real Time | $134.50')).toBe(0);
    expect(measureBandFit([], 'Institution | 26 up to 200 | $125')).toBe(0);
  });

  it('holds a length of time only in a band of time, and a count only in a band of things', () => {
    const trade = [{ value: 10, duration: true }];
    expect(measureBandFit(trade, 'Swaps | 9 up to 12 years | 0.05')).toBe(1);
    expect(measureBandFit(trade, 'Index Licence | 2 - 10 | Indices | $30,000')).toBe(-1);
    expect(measureBandFit([{ value: 10, duration: false }], 'Swaps | 9 up to 12 years | 0.05')).toBe(-1);
  });
});
