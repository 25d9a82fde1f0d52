import { describe, expect, it } from 'vitest';
import { USER_ABBREVIATIONS } from './user-abbreviations.ts';
import { applyAbbreviation } from './apply-abbreviation.ts';
import { createSeededRandom } from './create-seeded-random.ts';

const RULES = USER_ABBREVIATIONS;

function abbreviate(question: string, seed = 1): string | undefined {
  return applyAbbreviation(question, createSeededRandom(seed), RULES)?.question;
}

describe('applyAbbreviation', () => {
  it('writes the long forms the expansion rules know as their abbreviations', () => {
    expect(abbreviate('What is the fee for a non-professional subscriber?')).toBe('What is the fee for a non-pro subscriber?');
    expect(abbreviate('What is the Non-Professional Top of Book fee?')).toBe('What is the Non-Pro Top of Book fee?');
    expect(abbreviate('What is the depth of market fee?')).toBe('What is the DOM fee?');
    expect(abbreviate('Who signs the Information License Agreement?')).toBe('Who signs the ILA?');
    expect(abbreviate('What is the real-time display device fee for CME market data?')).toBe('What is the RT display device fee for CME market data?');
    expect(abbreviate('How much is the real time data feed?')).toBe('How much is the RT data feed?');
    expect(abbreviate('Who publishes the Secured Overnight Financing Rate?')).toBe('Who publishes the SOFR?');
  });

  it('replaces every occurrence of the chosen long form, and one rule per variant', () => {
    const question = 'Is real-time data for a non-professional the same as real time data for a professional?';
    const forms = new Set<string>();
    for (let seed = 0; seed < 30; seed += 1) forms.add(abbreviate(question, seed)!);
    expect(forms).toEqual(
      new Set([
        'Is RT data for a non-professional the same as RT data for a professional?',
        'Is real-time data for a non-pro the same as real time data for a professional?',
      ]),
    );
  });

  it('does not apply without a whole-word long form', () => {
    expect(abbreviate('What is the professional device fee?')).toBeUndefined();
    expect(abbreviate('What are the non-professionals charged?')).toBeUndefined();
    expect(abbreviate('What is the ILA?')).toBeUndefined();
  });
});
