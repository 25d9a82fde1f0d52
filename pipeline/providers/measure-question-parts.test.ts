import { describe, expect, it } from 'vitest';
import { partsOf } from './measure-question-parts.ts';

describe('partsOf', () => {
  it('reads a part that refers back with the terms of the part before it, keeping its own terms and ask', () => {
    const [first, second] = partsOf('What is the archive access fee, and when would it be waived?', {});
    expect(first!.ownTerms).toBeUndefined();
    expect(second!.ownTerms?.map((term) => term.display)).toEqual(['waived']);
    expect(second!.terms.map((term) => term.display)).toEqual(expect.arrayContaining(['archive', 'access', 'waived']));
    expect(second!.ask).toBe('date');
  });

  it('reads a part that names its own subject alone, and a question of one part as none', () => {
    const [, second] = partsOf('What is the archive access fee, and how much notice must the licensor give?', {});
    expect(second!.ownTerms).toBeUndefined();
    expect(second!.terms.map((term) => term.display)).not.toContain('archive');
    expect(partsOf('What is the archive access fee?', {})).toEqual([]);
  });
});
