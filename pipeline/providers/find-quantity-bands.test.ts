import { describe, expect, it } from 'vitest';
import { findQuantityBands, findQuestionQuantities, measureBandFit } from './find-quantity-bands.ts';

describe('findQuestionQuantities', () => {
  it('reads the counts a question states, in digits or words', () => {
    expect(findQuestionQuantities('We license 15 index products: what is the annual fee?')).toEqual([15]);
    expect(findQuestionQuantities('What fee applies to a seven-year swap for about 1,500 users?')).toEqual([7, 1500]);
    expect(findQuestionQuantities('If we run one application, which tier applies?')).toEqual([1]);
  });

  it('leaves out label codes, years, amounts, percentages, days of dates and pronouns', () => {
    expect(findQuestionQuantities('Under Category 5 and Level 2 in 2026, is the $5 fee or the 3.5% rate due from March 1?')).toEqual([]);
    expect(findQuestionQuantities('Which one of the tiers applies from 1 May?')).toEqual([]);
  });
});

describe('findQuantityBands', () => {
  it('reads ranges, open bands and exact counts from a row’s label cells, never from its prices', () => {
    expect(findQuantityBands('Index Licence | 11 – 20 Indices | $50,000')).toEqual([{ low: 11, high: 20 }]);
    expect(findQuantityBands('Clearing | 6 up to 9 years | 0.03')).toEqual([{ low: 6, high: 9 }]);
    expect(findQuantityBands('Users | 15,001+ | $1,000')).toEqual([{ low: 15001, high: Infinity }]);
    expect(findQuantityBands('Basic (1 Application) | Licensee Group | $363')).toEqual([{ low: 1, high: 1 }]);
    expect(findQuantityBands('Users | fewer than 10 | $20')).toEqual([{ low: 0, high: 9 }]);
  });

  it('finds none in a sentence, a row without counts, or a year', () => {
    expect(findQuantityBands('The fee for 1 to 5 users is $10.')).toEqual([]);
    expect(findQuantityBands('Display Device | Real Time | Device | $134.50')).toEqual([]);
    expect(findQuantityBands('Fee list | 2026 | $10')).toEqual([]);
  });
});

describe('measureBandFit', () => {
  it('is 1 when a band holds a count asked, -1 when the row has bands and none does, 0 otherwise', () => {
    expect(measureBandFit([150], 'Institution | 26 up to 200 | $125')).toBe(1);
    expect(measureBandFit([150], 'Institution | 201 up to 2,000 | $250')).toBe(-1);
    expect(measureBandFit([150], 'Display Device | Real Time | $134.50')).toBe(0);
    expect(measureBandFit([], 'Institution | 26 up to 200 | $125')).toBe(0);
  });
});
