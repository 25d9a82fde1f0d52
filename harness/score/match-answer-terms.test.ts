import { describe, expect, it } from 'vitest';
import { matchAnswerTerms } from './match-answer-terms.ts';

function present(answer: string, term: string): boolean {
  return matchAnswerTerms(answer, [term])[0]!.present;
}

describe('matchAnswerTerms', () => {
  it('reports each term in order', () => {
    expect(matchAnswerTerms('The Real Time device fee is $134.50 per month.', ['$134.50', 'device', 'real time', 'delayed'])).toEqual([
      { term: '$134.50', present: true },
      { term: 'device', present: true },
      { term: 'real time', present: true },
      { term: 'delayed', present: false },
    ]);
  });

  it('ignores case, runs of whitespace, hyphens and curly quotes', () => {
    expect(present('REAL-TIME data', 'real time')).toBe(true);
    expect(present('Non-\nProfessional  depth', 'non-professional depth')).toBe(true);
    expect(present('CME’s policies', "CME's policies")).toBe(true);
  });

  it('compares numbers by value: grouping and trailing zeros do not matter', () => {
    expect(present('The fee is $3,640.00 per month', '$3,640')).toBe(true);
    expect(present('The fee is $3640 per month', '$3,640')).toBe(true);
    expect(present('Device fee $134.5', '$134.50')).toBe(true);
    expect(present('Delayed data is $0.00', '$0')).toBe(true);
  });

  it('does not match a different number that contains the term', () => {
    expect(present('The fee is $13,640', '$3,640')).toBe(false);
    expect(present('The fee is $3,640,000', '$3,640')).toBe(false);
    expect(present('The fee is $3,640.50', '$3,640')).toBe(false);
    expect(present('Delayed data is $0.50', '$0')).toBe(false);
    expect(present('It is 13,640', '3,640')).toBe(false);
  });

  it('keeps the currency sign of the term', () => {
    expect(present('The fee is 3,640 USD', '$3,640')).toBe(false);
  });

  it('needs a word boundary before the term, not after a term ending in a letter', () => {
    expect(present('We maintain records', 'AI')).toBe(false);
    expect(present('AI data services policy', 'AI')).toBe(true);
    expect(present('Records are kept for 5 years', '5 year')).toBe(true);
    expect(present('the device fees', 'fee')).toBe(true);
    expect(present('Enterprise (4+ Applications)', '4+')).toBe(true);
    expect(present('Enterprise (14+ Applications)', '4+')).toBe(false);
  });

  it('does not normalise dates', () => {
    expect(present('effective 1 January 2026', 'January 1, 2026')).toBe(false);
    expect(present('effective January 1, 2026', 'January 1, 2026')).toBe(true);
  });
});
