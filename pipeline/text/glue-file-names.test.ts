import { describe, expect, it } from 'vitest';
import { gluedFileNames, glueLetters } from './glue-file-names.ts';

describe('gluedFileNames', () => {
  it('reads each file name as one run of lowercase letters, once per list', () => {
    const documents = ['ACMERIVERSTRUST_2019-EX-10.pdf', 'fee-list-2026.pdf'];
    const names = gluedFileNames(documents);
    expect(names).toEqual(['acmeriverstrustexpdf', 'feelistpdf']);
    expect(gluedFileNames(documents)).toBe(names);
    expect(glueLetters('Rivers Trust 7')).toBe('riverstrust');
  });
});
