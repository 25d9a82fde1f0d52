import { describe, expect, it } from 'vitest';
import { splitIntoPassages, splitIntoUnits } from './split-into-passages.ts';

describe('splitIntoUnits', () => {
  it('splits prose into sentences and gives table rows their label', () => {
    const text = [
      'Fees are assessed per exchange. They are billed',
      'monthly, e.g. on the first day.',
      'E-Mini',
      'CME | Device | $73',
      'CBOT | Device | $48.75',
    ].join('\n');
    expect(splitIntoUnits(text)).toEqual([
      'Fees are assessed per exchange.',
      'They are billed monthly, e.g. on the first day.',
      'E-Mini',
      'E-Mini | CME | Device | $73',
      'E-Mini | CBOT | Device | $48.75',
    ]);
  });

  it('reads a sentence on across a printed page number left where the page broke', () => {
    const text = [
      'B. The licensee shall pay the licensor a continuing royalty fee on a monthly basis of',
      '2',
      '6% of its total monthly gross sales, as defined below. The fee is due by the',
      '10th of the month for the preceding month.',
      'C. Fees are payable in dollars.',
      '- 3 -',
    ].join('\n');
    expect(splitIntoUnits(text)).toEqual([
      'B. The licensee shall pay the licensor a continuing royalty fee on a monthly basis of 6% of its total monthly gross sales, as defined below.',
      'The fee is due by the 10th of the month for the preceding month.',
      'C. Fees are payable in dollars.',
    ]);
  });

  it('does not read a sentence on into a capitalised line after the page number, which may be the running footer', () => {
    const text = ['The licensor may end the licence on notice to the', '7', 'Source: ACME HOLDINGS, 10-K, 3/1/2020'].join('\n');
    expect(splitIntoUnits(text)).toEqual(['The licensor may end the licence on notice to the', 'Source: ACME HOLDINGS, 10-K, 3/1/2020']);
  });

  it('keeps a number line that follows a finished sentence or stands before a table row as it was', () => {
    expect(splitIntoUnits(['The fee schedule follows.', '2', 'Annual fee | $500'].join('\n'))).toEqual(['The fee schedule follows.', '2 | Annual fee | $500']);
    expect(splitIntoUnits(['Royalty tiers by year of', '2', 'Year | Rate | $5'].join('\n'))).toEqual(['Royalty tiers by year of 2', 'Royalty tiers by year of 2 | Year | Rate | $5']);
  });

  it('leaves out rule lines and keeps rows of figures, which hold no letter', () => {
    const text = ['Seats | Price', '----------', '1-500 | $4.00', '==========', '501 - 2,000 | $3.25', '12'].join('\n');
    expect(splitIntoUnits(text)).toEqual(['Seats | Price', '1-500 | $4.00', '501 - 2,000 | $3.25']);
  });

  it('gives a row the row-spanning leading cells of the widest row above it, across a wrapped cell', () => {
    // The CME Term SOFR 2026 notice: one Sector cell spans five Headcount rows and wraps onto a line of its own.
    const text = [
      'Sector | Headcount | Delayed | Real Time',
      'Financial Institution | 1 - 25 | $50 | $125',
      '26 - 200 | $100 | $250',
      'Non-Financial | 1 - 25 | $25 | $75',
      'Institution',
      '201 - 2,000 | $75 | $250',
      'Public Policy | 1 - 25 | $0 | $0',
      'Financial Institution',
      'and academia | 26 - 200 | $0 | $50',
    ].join('\n');
    expect(splitIntoUnits(text)).toEqual([
      'Sector | Headcount | Delayed | Real Time',
      'Financial Institution | 1 - 25 | $50 | $125',
      'Financial Institution | 26 - 200 | $100 | $250',
      'Non-Financial | 1 - 25 | $25 | $75',
      'Non-Financial Institution | 201 - 2,000 | $75 | $250',
      'Public Policy | 1 - 25 | $0 | $0',
      'Public Policy Financial Institution and academia | 26 - 200 | $0 | $50',
    ]);
    // Only a band of counts sits under a spanning cell: a line between rows of words is still a label (the benchmark tiers).
    const tiers = ['Financial Institution – Under $1.5 billion | Licensee Group | $5,000', 'Financial Institution – Over $10 billion', 'Licensee Group | $2,500'];
    expect(splitIntoUnits(tiers.join('\n'))).toEqual([tiers[0], tiers[1], `${tiers[1]} | Licensee Group | $2,500`]);
  });

  it('starts a new sentence at a definition line even after an unfinished one', () => {
    const text = [
      'Semi-Automated Trading System: any tool deployed on a display Device, which is used to',
      'augment manual trading by automating the trading decision process',
      'Subscriber: any party, other than a Direct Licensee receiving Information from any Licensee Group entity directly or through a',
      'Service Facilitator.',
    ].join('\n');
    expect(splitIntoUnits(text)).toEqual([
      'Semi-Automated Trading System: any tool deployed on a display Device, which is used to augment manual trading by automating the trading decision process',
      'Subscriber: any party, other than a Direct Licensee receiving Information from any Licensee Group entity directly or through a Service Facilitator.',
    ]);
  });

  it('reads a clause whose number the extractor set apart as one sentence, across a wrapped numeral', () => {
    const text = [
      '8.3 | Subscriber must pay any outstanding fees revealed by an audit to CME, and Distributor, within thirty',
      '(30) Days of receipt of an invoice from CME or Distributor and will be subject to interest at the lower of',
      '1.5% per month or the maximum permitted by law.',
      '(a) | once per twelve (12)-month period on no less than thirty (30) Days’ notice; and',
    ].join('\n');
    expect(splitIntoUnits(text)).toEqual([
      '8.3 | Subscriber must pay any outstanding fees revealed by an audit to CME, and Distributor, within thirty (30) Days of receipt of an invoice from CME or Distributor and will be subject to interest at the lower of 1.5% per month or the maximum permitted by law.',
      '(a) | once per twelve (12)-month period on no less than thirty (30) Days’ notice; and',
    ]);
  });

  it('keeps no unit without a letter (a clause number standing apart)', () => {
    expect(splitIntoUnits('3.\nCME Term SOFR Information Data License Fees Effective January 1, 2026:')).toEqual([
      'CME Term SOFR Information Data License Fees Effective January 1, 2026:',
    ]);
  });

  it('does not take a wrapped date for a list item', () => {
    const text = 'All Fees will automatically increase on an annual basis, from January\n1 of each calendar year by a percentage amount.';
    expect(splitIntoUnits(text)).toEqual(['All Fees will automatically increase on an annual basis, from January 1 of each calendar year by a percentage amount.']);
  });

  it('groups the units into passages: a paragraph\'s sentences together, a heading, a label and each row apart', () => {
    const text = ['Audit', 'Records are kept five years. CME may audit them.', '(a) A list item opens a new passage.', 'E-Mini', 'CME | Device | $73', 'CBOT | Device | $48.75'].join('\n');
    const passages = splitIntoPassages(text);
    expect(passages).toEqual([
      ['Audit'],
      ['Records are kept five years.', 'CME may audit them.'],
      ['(a) A list item opens a new passage.'],
      ['E-Mini'],
      ['E-Mini | CME | Device | $73'],
      ['E-Mini | CBOT | Device | $48.75'],
    ]);
    expect(passages.flat()).toEqual(splitIntoUnits(text));
  });

  it('joins short wrapped lines of a column into one sentence: a line opening in lower case, or followed by one, is no heading', () => {
    const text = [
      'Each ILA contains our standard market data terms and conditions with additional schedules for specific license rights.',
      'All clients with licensable use of data are required to',
      'complete the ILA and Schedule 1 and 1a:',
      '• Schedule 1, Licensee Profile – Information about the Licensee,',
      'such as address, website and authorized contacts',
    ].join('\n');
    expect(splitIntoUnits(text)).toEqual([
      'Each ILA contains our standard market data terms and conditions with additional schedules for specific license rights.',
      'All clients with licensable use of data are required to complete the ILA and Schedule 1 and 1a:',
      '• Schedule 1, Licensee Profile – Information about the Licensee, such as address, website and authorized contacts',
    ]);
  });

  it('keeps a short heading line apart from the prose below it', () => {
    const text = 'Audit\nLicensee Group shall retain all records relating to its use of Information for audit purposes for a period of five years.';
    expect(splitIntoUnits(text)).toEqual([
      'Audit',
      'Licensee Group shall retain all records relating to its use of Information for audit purposes for a period of five years.',
    ]);
  });
});