import { describe, expect, it } from 'vitest';
import { findPartyNames, findStatedValues } from './find-stated-values.ts';

describe('findStatedValues', () => {
  it('reads amounts, percentages and dates as values, each once, in order', () => {
    expect(findStatedValues('From January 1, 2025, a fee of $5 per Device applies; fees rise by up to 3.5% and $5.00 is due by February 28, 2025.')).toEqual([
      '2025-01-01',
      '5',
      '3.5',
      '2025-02-28',
    ]);
  });

  it('reads a number after a currency code as an amount', () => {
    expect(findStatedValues('the monthly Report Processing Fee of USD 3,000.00 for each month')).toEqual(['3000']);
  });

  it('leaves out counts, clause numbers, bands and bare years, which say which, not how much or when', () => {
    expect(findStatedValues('8.3 Subscriber must pay within thirty (30) Days | 201 - 2,000 | the 2026 list')).toEqual([]);
  });
});

describe('findPartyNames', () => {
  it('reads organisations named with a company form, without the form, each once', () => {
    expect(findPartyNames('This Agreement is between Global Music International, Inc. d/b/a IMNTV and HERTZ INVESTMENT GROUP, LLC; Global Music International, Inc. shall pay.')).toEqual([
      'global music international',
      'hertz investment group',
    ]);
    expect(findPartyNames('Ono Pharmaceutical Co., Ltd. and Sparkling Spring Water Limited')).toEqual(['ono pharmaceutical', 'sparkling spring water']);
  });

  it('reads no party in a sentence without a company form', () => {
    expect(findPartyNames('The Licensee shall pay the Licensor within thirty (30) days.')).toEqual([]);
  });
});

describe('findPartyNames in capitals', () => {
  it('reads a company form written in capitals', () => {
    expect(findPartyNames('between HERTZ INVESTMENT GROUP, LLC and HERTZ GROUP REALTY TRUST, INC., a Maryland corporation')).toEqual(['hertz investment group', 'hertz group realty trust']);
  });
});
