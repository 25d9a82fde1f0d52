import { describe, expect, it } from 'vitest';
import { findMoneyAmounts, formatAmount } from './find-money-amounts.ts';

function read(text: string, includeBareNumbers = false) {
  return findMoneyAmounts(text, { includeBareNumbers }).map(({ text: written, value, currency }) => ({ written, value, currency }));
}

describe('findMoneyAmounts', () => {
  it('reads amounts with a currency sign or code, and scales', () => {
    expect(read('$1,250 · $ 134.50 · US$10 · USD 3,000.00 · 22,878 USD · €1,000 · £5 · $10 billion · $1.5m')).toEqual([
      { written: '$1,250', value: 1250, currency: 'USD' },
      { written: '$ 134.50', value: 134.5, currency: 'USD' },
      { written: 'US$10', value: 10, currency: 'USD' },
      { written: 'USD 3,000.00', value: 3000, currency: 'USD' },
      { written: '22,878 USD', value: 22878, currency: 'USD' },
      { written: '€1,000', value: 1000, currency: 'EUR' },
      { written: '£5', value: 5, currency: 'GBP' },
      { written: '$10 billion', value: 10_000_000_000, currency: 'USD' },
      { written: '$1.5m', value: 1_500_000, currency: 'USD' },
    ]);
  });

  it('reads bare numbers only when asked, and only with cents or thousands separators', () => {
    expect(read('Device 134.50, Group 1,250, Section 5, 2026, 3.1')).toEqual([]);
    expect(read('Device 134.50, Group 1,250, Section 5, 2026, 3.1, 15%', true)).toEqual([
      { written: '134.50', value: 134.5, currency: undefined },
      { written: '1,250', value: 1250, currency: undefined },
    ]);
  });

  it('does not read a monthly figure as millions', () => {
    expect(read('$134.50 monthly')).toEqual([{ written: '$134.50', value: 134.5, currency: 'USD' }]);
  });
});

describe('formatAmount', () => {
  it('groups thousands and writes cents', () => {
    expect(formatAmount(1250, { cents: false })).toBe('1,250');
    expect(formatAmount(1250, { cents: true })).toBe('1,250.00');
    expect(formatAmount(134.5, { cents: false })).toBe('134.50');
    expect(formatAmount(10_000_000_000, { cents: false })).toBe('10,000,000,000');
  });
});
