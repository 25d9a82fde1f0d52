import { describe, expect, it } from 'vitest';
import { DEFINITION_LINE_PATTERN, detectDefinitions } from './detect-definitions.ts';

function termOf(line: string): string | undefined {
  const match = DEFINITION_LINE_PATTERN.exec(line);
  return match?.groups?.quoted ?? match?.groups?.bare;
}

describe('DEFINITION_LINE_PATTERN', () => {
  it.each([
    ['Subscriber: any party receiving Information', 'Subscriber'],
    ['"Subscriber" means any party receiving Information', 'Subscriber'],
    ['Term shall mean the period of this Agreement', 'Term'],
    ['Non-Professional: an individual, natural person', 'Non-Professional'],
    ['Unit of Count: the basis on which fees are assessed', 'Unit of Count'],
    ['(1) "Subscriber" means any party', 'Subscriber'],
    ['(a) Vendor means a person that redistributes', 'Vendor'],
    ['• Subscriber means any party', 'Subscriber'],
    ['Subscriber means Member', 'Subscriber'],
    ['The term "Subscriber" means any party', 'Subscriber'],
    ['THE TERM "Data" MEANS all market data', 'Data'],
    ['Vendor Means a person that redistributes', 'Vendor'],
    ['Term MEANS the following period', 'Term'],
    ['Rule 1A means the rule on reporting', 'Rule 1A'],
    ['Level 2 Data:', 'Level 2 Data'],
    ['10b-5 means the anti-fraud rule', '10b-5'],
    ['401k Plan means a retirement plan', '401k Plan'],
    ['S&P 500 Index means the index of 500 stocks', 'S&P 500 Index'],
    ['“Subscriber” means any party', 'Subscriber'],
  ])('accepts %s', (line, term) => {
    expect(termOf(line)).toBe(term);
  });

  it.each([
    ['Note: fees are subject to change'],
    ['NOTE: fees are subject to change'],
    ['Please note: fees are subject to change'],
    ['This means that the fee is waived.'],
    ['That the Client:'],
    ['SHALL BE LIABLE FOR: (A) ANY DELAY'],
    ['Unless the context requires otherwise:'],
    ['the licensee: shall report monthly'],
    ['Transmission by means of a satellite link'],
    ['Meetings start at 10:30 every day'],
    ['DATE: | August/14/25'],
    ['Example 2: a laptop running three Services'],
    ['A Real Time fee applies to every Device that can access the data, per month: see below'],
  ])('refuses %s', (line) => {
    expect(termOf(line)).toBeUndefined();
  });

  it('never lets a term run across a line break', () => {
    expect(termOf('Unit of\nCount: the basis')).toBeUndefined();
    expect(termOf('"Unit of\nCount" means the basis')).toBeUndefined();
  });
});

describe('detectDefinitions', () => {
  it('collects terms with their definitions and continuation lines', () => {
    const text = [
      'Subscriber: any party, other than a Direct Licensee receiving Information from any Licensee Group entity directly or through a',
      'Service Facilitator under the terms of a Subscriber Addendum.',
      'Unit of Count: the unit of measure that is used for the assessment of fees.',
      'Unless the context requires otherwise:',
      '● words importing the singular shall include the plural.',
    ].join('\n');
    const detection = detectDefinitions(text);
    expect(detection.isDefinitions).toBe(true);
    expect(detection.terms).toEqual([
      {
        term: 'Subscriber',
        definition:
          'any party, other than a Direct Licensee receiving Information from any Licensee Group entity directly or through a Service Facilitator under the terms of a Subscriber Addendum.',
        offset: 0,
      },
      {
        term: 'Unit of Count',
        definition: 'the unit of measure that is used for the assessment of fees.',
        offset: text.indexOf('Unit of Count'),
      },
    ]);
  });

  it('reports the offset of a quoted term inside its quotes, after a list marker', () => {
    const text = 'Intro line.\n(1) “Subscriber” means any party.';
    const [found] = detectDefinitions(text).terms;
    expect(found?.term).toBe('Subscriber');
    expect(text.slice(found!.offset, found!.offset + 'Subscriber'.length)).toBe('Subscriber');
  });

  it('takes the definition of a bare label from the lines below it, up to a blank line or heading', () => {
    const text = 'Level 2 Data:\nmarket depth beyond the best bid and offer\n\n2. Fees\nThe fees are listed below.';
    expect(detectDefinitions(text).terms).toEqual([
      { term: 'Level 2 Data', definition: 'market depth beyond the best bid and offer', offset: 0 },
    ]);
  });

  it('stops a definition at the next definition line and at a table row', () => {
    const text = 'Device: a display unit\nthat can access data.\nService/s:\nService Name | Service Type\nDay: a calendar day.';
    expect(detectDefinitions(text).terms.map((found) => [found.term, found.definition])).toEqual([
      ['Device', 'a display unit that can access data.'],
      ['Day', 'a calendar day.'],
    ]);
  });

  it('is definitions when "definition" or "defined term" opens the text, whatever the lines', () => {
    expect(detectDefinitions('2. Definitions\nThe terms below apply.').isDefinitions).toBe(true);
    expect(detectDefinitions('Each Defined Term has the meaning given in the Agreement.').isDefinitions).toBe(true);
    expect(detectDefinitions(`${'x '.repeat(300)}\nSee the definition of Device.`).isDefinitions).toBe(false);
  });

  it('is definitions with two definition lines, not with one', () => {
    expect(detectDefinitions('Day: a calendar day.\nDevice: a display unit.').isDefinitions).toBe(true);
    expect(detectDefinitions('Day: a calendar day.\nFees are billed monthly.').isDefinitions).toBe(false);
  });

  it('does not read ordinary notes and form labels as two definitions', () => {
    const text = [
      'Note: fees are subject to change without notice.',
      'Please note: invoices are issued monthly.',
      'Important: report by the tenth day of the month.',
      'Agreement Effective Date: ____________',
      'For example: a laptop running three Services counts as three Devices.',
    ].join('\n');
    expect(detectDefinitions(text)).toEqual({ isDefinitions: false, terms: [] });
  });
});
