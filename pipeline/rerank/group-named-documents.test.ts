import { describe, expect, it } from 'vitest';
import { createDocumentTerms, groupNamedDocuments } from './group-named-documents.ts';
import { buildTermStatistics } from './term-statistics.ts';

// Two invented agreements whose parties run through them, and a fee list whose tier is one table's.
const chunk = (doc: string, text: string) => ({ doc, sectionHeading: 'Section', text });
const statistics = buildTermStatistics([
  chunk('orchard-licence.pdf', 'This Licence is made between Quill Orchard Inc. and the Licensee.'),
  chunk('orchard-licence.pdf', 'Quill Orchard may audit the records once a year.'),
  chunk('orchard-licence.pdf', 'Either party may terminate on thirty days notice to Quill Orchard.'),
  chunk('ridge-licence.pdf', 'This Licence is made between Sable Ridge LLC and the Licensee.'),
  chunk('ridge-licence.pdf', 'Sable Ridge may terminate on sixty days notice.'),
  chunk('fee-list.pdf', 'Fee list of the exchange.'),
  chunk('fee-list.pdf', 'Display | Device | $10'),
  chunk('fee-list.pdf', 'Data Feed | Feed | $20'),
  chunk('fee-list.pdf', 'Website | Site | $30'),
  chunk('fee-list.pdf', 'Wallboard | Board | $40'),
  chunk('fee-list.pdf', 'Non-Display Enterprise | Licensee | $50'),
  ...Array.from({ length: 6 }, (_, index) => chunk(`other-${index}.pdf`, 'General terms of licence and notice.')),
]);

describe('groupNamedDocuments', () => {
  it('names one group per agreement the question names', () => {
    expect(groupNamedDocuments(['quill', 'orchard', 'sabl', 'ridg'], statistics, 3).map((group) => [...group])).toEqual([['orchard-licence.pdf'], ['ridge-licence.pdf']]);
    expect(groupNamedDocuments(['quill', 'orchard'], statistics, 3).map((group) => [...group])).toEqual([['orchard-licence.pdf']]);
  });

  it('lends every name of a comparison to each side', () => {
    const terms = createDocumentTerms(['quill', 'orchard', 'sabl', 'ridg'], statistics, { throughout: true });
    expect([...(terms('ridge-licence.pdf') ?? [])].sort()).toEqual(['orchard', 'quill', 'ridg', 'sabl']);
  });
});

describe('createDocumentTerms', () => {
  it('lends a party named throughout its agreement to the agreement; a tier one table prices is not lent to its list', () => {
    const party = createDocumentTerms(['quill', 'orchard'], statistics, { throughout: true });
    expect([...(party('orchard-licence.pdf') ?? [])].sort()).toEqual(['orchard', 'quill']);
    expect([...(party('ridge-licence.pdf') ?? [])]).toEqual([]);
    expect([...(createDocumentTerms(['enterpris'], statistics, { throughout: true })('fee-list.pdf') ?? [])]).toEqual([]);
    // Without `throughout`, a document holding the name anywhere answers for it.
    expect([...(createDocumentTerms(['enterpris'], statistics)('fee-list.pdf') ?? [])]).toEqual(['enterpris']);
  });
});

describe('createDocumentTerms: a party named only in the opening', () => {
  // A franchise agreement names its franchisee once, then calls it `you`; a second fee list names
  // in its title a product another list prices too.
  const long = buildTermStatistics([
    chunk('kettle-franchise.pdf', 'This Franchise Agreement is made between Copper Kettle Inc. and Marlow Foods LLC ("you").'),
    ...Array.from({ length: 9 }, (_, index) => chunk('kettle-franchise.pdf', `Clause ${index + 1}: you shall pay the royalty and keep the records.`)),
    chunk('greeks-list.pdf', 'Volatility Greeks fee list.'),
    ...Array.from({ length: 4 }, () => chunk('greeks-list.pdf', 'Display | Device | $10')),
    chunk('market-list.pdf', 'Market data fee list.'),
    ...Array.from({ length: 4 }, () => chunk('market-list.pdf', 'Volatility Greeks | Device | $12')),
    ...Array.from({ length: 6 }, (_, index) => chunk(`other-${index}.pdf`, 'General terms of licence and notice.')),
  ]);

  it('lends a word of its opening that no other document writes, however rarely the agreement repeats it', () => {
    const terms = createDocumentTerms(['marlow', 'kettl'], long, { throughout: true });
    expect([...(terms('kettle-franchise.pdf') ?? [])].sort()).toEqual(['kettl', 'marlow']);
  });

  it('does not lend a rare word of a title that another document also writes', () => {
    expect([...(createDocumentTerms(['volatil'], long, { throughout: true })('greeks-list.pdf') ?? [])]).toEqual([]);
  });
});
