import { describe, expect, it } from 'vitest';
import { asksOpeningFacts, isBareHeading, isPartiesParagraph, sharedWordCounts } from './read-unit-roles.ts';

describe('isBareHeading', () => {
  it('reads a short label and a title or party line in capitals as a heading, not a clause in capitals', () => {
    expect(isBareHeading('Reporting Requirements')).toBe(true);
    expect(isBareHeading('MASTER FRANCHISE AGREEMENT THE GRILLED CHEESE TRUCK, INC.')).toBe(true);
    expect(isBareHeading('IN NO EVENT WILL THE LICENSOR’S TOTAL LIABILITY UNDER THIS AGREEMENT EXCEED THE FEES PAID.')).toBe(false);
    expect(isBareHeading('Real Time | Device | $134.50')).toBe(false);
    expect(isBareHeading('SCHEDULE 1 FEES: $5,000')).toBe(false);
  });
});

describe('isPartiesParagraph', () => {
  it('reads an agreement’s opening paragraph naming two organisations, in any case', () => {
    const opening = 'This TRADEMARK LICENSE AGREEMENT ("Agreement") is entered into as of September 1, 2019 by and between ACME INVESTMENT GROUP, LLC, a Delaware limited liability company ("Licensor"), and ACME REALTY TRUST, INC., a Maryland corporation ("Licensee").';
    expect(isPartiesParagraph(opening)).toBe(true);
  });

  it('does not read a clause naming two organisations, or an opening naming one, as one', () => {
    expect(isPartiesParagraph('Licensee shall maintain insurance naming Acme Investment Group, LLC and Acme Realty Trust, Inc. as additional insureds under this Agreement.')).toBe(false);
    expect(isPartiesParagraph('This Agreement is made between Acme Widgets, Inc. and the Licensee.')).toBe(false);
  });
});

describe('asksOpeningFacts', () => {
  it('asks the opening for the parties, their organisation or address, or a date', () => {
    expect(asksOpeningFacts('Who are the parties to the Acme licence?', false)).toBe(true);
    expect(asksOpeningFacts('Where is the licensee incorporated?', false)).toBe(true);
    expect(asksOpeningFacts('When was the Acme licence signed?', true)).toBe(true);
    expect(asksOpeningFacts('What insurance must the licensee carry under the Acme licence?', false)).toBe(false);
  });
});

describe('sharedWordCounts', () => {
  it('counts the question’s distinct words a unit writes, function words in and numbers out', () => {
    const all = { text: 'Non-Display | All Asset Classes | Application | $5,310' };
    const per = { text: 'Non-Display | Per Asset Class | Application | $1,575' };
    const shared = sharedWordCounts('What does a non-display application cost when it covers all asset classes for $1,575?', [all, per]);
    expect(shared(all)).toBeGreaterThan(shared(per));
  });
});
