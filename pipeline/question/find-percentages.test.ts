import { describe, expect, it } from 'vitest';
import { findPercentages } from './find-percentages.ts';

describe('findPercentages', () => {
  it('reads percentages written with a sign or in words', () => {
    expect(findPercentages('75% · 1.5 % · 75 percent · 5 per cent · 12.5pct').map(({ text, value }) => ({ text, value }))).toEqual([
      { text: '75%', value: 75 },
      { text: '1.5 %', value: 1.5 },
      { text: '75 percent', value: 75 },
      { text: '5 per cent', value: 5 },
      { text: '12.5pct', value: 12.5 },
    ]);
  });

  it('ignores numbers without a percent sign and does not cut numbers', () => {
    expect(findPercentages('5 percentage of 2026, 3.15%').map((found) => found.value)).toEqual([3.15]);
  });
});
