import { describe, expect, it } from 'vitest';
import { filterCases } from './filter-cases.ts';

const cases = [
  { id: 'fee-top-of-book-professional', category: 'fees' },
  { id: 'definition-device', category: 'definitions' },
  { id: 'obligation-audit-frequency', category: 'obligations' },
  { id: 'obligation-audit-frequency.typo', category: 'obligations', perturbationKind: 'typo' },
  { id: 'fee-redistribution-license.distractor-exchange', category: 'fees', perturbationKind: 'distractor_flip' },
];
const ids = (patterns: string[]) => filterCases(cases, patterns).map((item) => item.id);

describe('filterCases', () => {
  it('keeps every case without a pattern', () => {
    expect(ids([])).toHaveLength(5);
  });

  it('matches a plain pattern as a case-insensitive substring of the id, category or perturbation kind', () => {
    expect(ids(['AUDIT'])).toEqual(['obligation-audit-frequency', 'obligation-audit-frequency.typo']);
    expect(ids(['definitions'])).toEqual(['definition-device']);
    expect(ids(['distractor'])).toEqual(['fee-redistribution-license.distractor-exchange']);
  });

  it('matches a pattern with * or ? as a glob over the whole value', () => {
    expect(ids(['fee-*'])).toEqual(['fee-top-of-book-professional', 'fee-redistribution-license.distractor-exchange']);
    expect(ids(['*.typo'])).toEqual(['obligation-audit-frequency.typo']);
    expect(ids(['fee?'])).toEqual(['fee-top-of-book-professional', 'fee-redistribution-license.distractor-exchange']);
    // A glob must match the whole value: `audit*` does not match `obligation-audit-frequency`.
    expect(ids(['audit*'])).toEqual([]);
  });

  it('treats regular-expression characters in a glob literally', () => {
    expect(filterCases([{ id: 'a.b', category: 'x' }, { id: 'aXb', category: 'x' }], ['a.*']).map((item) => item.id)).toEqual(['a.b']);
  });

  it('selects the union of several patterns, in case order', () => {
    expect(ids(['definitions', 'fee-top*'])).toEqual(['fee-top-of-book-professional', 'definition-device']);
  });
});
