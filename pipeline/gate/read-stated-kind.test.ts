import { describe, expect, it } from 'vitest';
import { readStatedKind, statesValue } from './read-stated-kind.ts';

describe('readStatedKind', () => {
  it('reads the value a question asks for from how it asks, and none from who, when, which or yes-or-no questions', () => {
    expect(readStatedKind('How often must usage be reported?')).toBe('frequency');
    expect(readStatedKind('What is the maximum number of contacts?')).toBe('count');
    expect(readStatedKind('What is the monthly device fee?')).toBe('amount');
    expect(readStatedKind("What's the annual fee for a data license?")).toBe('amount');
    expect(readStatedKind('2026 list: what does a delayed feed cost per month?')).toBe('amount');
    expect(readStatedKind('How many days notice must be given?')).toBe('duration');
    expect(readStatedKind('On what date does the notice take effect?')).toBe('date');
    expect(readStatedKind('What does Subscriber mean?')).toBeUndefined();
    expect(readStatedKind('Who pays for the audit?')).toBeUndefined();
    expect(readStatedKind('How much is an E-mini device for COMEX per month?')).toBe('amount');
    expect(readStatedKind('How much notification does the exchange give before amending the addendum?')).toBeUndefined();
    expect(readStatedKind('When do the fees apply?')).toBeUndefined();
    expect(readStatedKind('Which fees apply to a simulator?')).toBeUndefined();
    expect(readStatedKind('What is the fee policy for waivers?')).toBeUndefined();
    expect(readStatedKind('Must the licensee keep records?')).toBeUndefined();
  });

  it('reads a value asked as what fee, rate or royalty a party pays, and a percentage asked with its noun before it', () => {
    expect(readStatedKind('What royalty rate does the licensee pay on net sales?')).toBe('amount');
    expect(readStatedKind('What annual maintenance fee does the licensee pay?')).toBe('amount');
    expect(readStatedKind('What royalty percentage of gross receipts does the licensee pay?')).toBe('percentage');
    expect(readStatedKind('Which rate applies to late payments?')).toBeUndefined();
    expect(readStatedKind('What fee schedule is attached?')).toBeUndefined();
    expect(readStatedKind('Which fees does the exchange apply to a simulator?')).toBeUndefined();
  });
});

describe('statesValue', () => {
  it('finds a value written with a number', () => {
    expect(statesValue('amount', 'Display Device | Real Time | $134.50')).toBe(true);
    expect(statesValue('amount', 'a royalty of 5% of Net Sales')).toBe(true);
    expect(statesValue('duration', 'within thirty (30) days of the notice')).toBe(true);
    expect(statesValue('date', 'effective as of December 21, 2015')).toBe(true);
    expect(statesValue('frequency', 'reported monthly to the exchange')).toBe(true);
  });

  it('finds none in a redaction, a blank, or a clause that only points to a figure', () => {
    expect(statesValue('amount', 'royalties at the rate of ***** percent (*****%) of Gross Receipts')).toBe(false);
    expect(statesValue('date', 'entered into as of September ___, 2019')).toBe(false);
    expect(statesValue('amount', 'Fees are published in the product catalog.')).toBe(false);
    expect(statesValue('duration', 'the term renews automatically')).toBe(false);
  });
});
