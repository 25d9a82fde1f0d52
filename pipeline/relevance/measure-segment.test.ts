import { describe, expect, it } from 'vitest';
import { profileQuestion } from '../question/index.ts';
import { measureSegment } from './measure-segment.ts';

describe('measureSegment', () => {
  it('reads a row in the year its document name gives, for a question that names that year', () => {
    const profile = profileQuestion('RT device fee 2025', { expansions: [{ pattern: 'RT', expansion: 'real time' }] });
    const row = 'Display Device | Real Time | Device | $130.10';
    expect(measureSegment(profile, row, 'CME Group Fee List').coverage).toBeLessThan(1);
    expect(measureSegment(profile, row, 'CME Group Fee List', 'january-2025-market-data-fee-list.pdf').coverage).toBe(1);
    expect(measureSegment(profile, row, 'CME Group Fee List', 'january-2026-market-data-fee-list.pdf').coverage).toBeLessThan(1);
  });

  it('takes a stated percentage as meeting a percentage asked, and money (or a share, when asked as one) as meeting an amount asked', () => {
    const fee = profileQuestion('What fee does the licensee pay per device?');
    const share = profileQuestion('What percentage of net revenue does the distributor keep?');
    expect(share.ask).toBe('percentage');
    expect(measureSegment(share, 'the Distributor is entitled to receive 15% of Net Revenue', '').askMet).toBe(true);
    expect(measureSegment(share, 'the Distributor shall pay a fee of $500', '').askMet).toBe(false);
    expect(measureSegment(share, 'the Distributor is entitled to receive a share of Net Revenue', '').askMet).toBe(false);
    expect(measureSegment(fee, 'the Licensee shall pay a fee of $500 per Device', '').askMet).toBe(true);
    expect(measureSegment(fee, 'fees will increase by up to 3.5%', '').askMet).toBe(false);
    // An amount asked as a share too (`readAsk`) is met by a percentage; an amount asked as money is not.
    const late = { ...profileQuestion('What rate is charged on late invoices?'), ask: 'amount' as const, shareAsked: true };
    expect(measureSegment(late, 'Late invoices bear a charge of nine percent (9%) a year', '').askMet).toBe(true);
    expect(measureSegment(late, 'Late invoices bear a charge at the highest lawful rate', '').askMet).toBe(false);
    expect(measureSegment({ ...late, shareAsked: undefined }, 'Late invoices bear a charge of nine percent (9%) a year', '').askMet).toBe(false);
  });

  it('takes a period stated by its end as meeting a duration asked', () => {
    const hold = profileQuestion('How long do the quoted prices hold?');
    expect(hold.ask).toBe('duration');
    expect(measureSegment(hold, 'Quoted prices hold till 30 June 2031', '').askMet).toBe(true);
    expect(measureSegment(hold, 'Quoted prices apply from 1 July 2030', '').askMet).toBe(false);
  });
});
