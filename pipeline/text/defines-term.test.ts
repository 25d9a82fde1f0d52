import { describe, expect, it } from 'vitest';
import { definesTerm } from './defines-term.ts';

describe('definesTerm', () => {
  it.each([
    ['"Subscriber" means any person that receives Information.', true],
    ['Subscriber shall mean any person that receives Information.', true],
    ['Subscriber: a person that receives Information.', true],
    ['Units of Count are defined as the devices counted.', true],
    ['Each Subscriber must sign the addendum.', false],
  ])('%s → %s', (text, expected) => {
    const subject = text.startsWith('Units') ? ['unit', 'of', 'count'] : ['subscriber'];
    expect(definesTerm(text, subject)).toBe(expected);
  });

  it('reads a hyphenated term on a definition line', () => {
    expect(definesTerm('Non-Professional: (i) an individual, natural person; or (ii) certain small business entities', ['non-professional'])).toBe(true);
  });
});
