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
