import { describe, expect, it } from 'vitest';
import { buildWordFrequencies } from './correct-spelling.ts';
import { buildSourcePhrases } from './find-names-absent-from-source.ts';
import { findShortForms, resolveAbbreviations } from './resolve-abbreviations.ts';

// A small made-up source: the words and phrases a question's short forms are resolved against.
const CHUNKS = [
  { sectionHeading: 'Fees', text: 'The Non-Display fee applies per Application. A fee per Application is due monthly.' },
  { sectionHeading: 'Fees', text: 'Real time data and delayed data: the real time display fee is higher. A real time display is a screen.' },
  { sectionHeading: 'Broadcast', text: 'Television distribution licensees report viewer figures each year. Television distribution is licensed apart.' },
  { sectionHeading: 'Reports', text: 'Reports are due each year, in writing. End of Day prices are free; End of Day prices are delayed.' },
  { sectionHeading: 'Venues', text: 'Trading on an alternative venue is Category A3. Trading on an alternative venue is listed apart.' },
  { sectionHeading: 'Units', text: 'The unit of count is a device; a unit of count is reported; no unit of count is shared. A list of contained items, a list of contained data.' },
  { sectionHeading: 'Prices', text: 'The resale price and the reserve price differ. The resale price is lower; the reserve price is set.' },
];
const frequencies = buildWordFrequencies(CHUNKS);
const phrases = buildSourcePhrases(CHUNKS);
const resolve = (question: string) => resolveAbbreviations(question, frequencies, phrases);

describe('resolveAbbreviations', () => {
  it('spells out an acronym from the initials of adjacent words, hyphenated parts included, whatever its case', () => {
    expect(resolve('What is the ND fee?')).toEqual({ text: 'What is the Non Display fee?', resolutions: [{ from: 'ND', to: 'Non Display' }] });
    expect(resolve('what is the RT display fee?').text).toBe('what is the Real Time display fee?');
    expect(resolve('are eod prices free?').text).toBe('are end of day prices free?');
  });

  it('reads a prefix of a longer source word by the words beside it', () => {
    expect(resolve('What is the fee per app?')).toEqual({ text: 'What is the fee per application?', resolutions: [{ from: 'app', to: 'application' }] });
    expect(resolve('Is trading on an alt venue Category A3?').text).toBe('Is trading on an alternative venue Category A3?');
  });

  it('reads a contraction (first and last letters kept) and a compound acronym in capitals', () => {
    expect(resolve('Which reports are due each yr?').text).toBe('Which reports are due each year?');
    expect(resolve('What do TV distribution licensees report?').text).toBe('What do Television distribution licensees report?');
  });

  it('leaves a short form alone when its candidates disagree: no answer is built on a guess', () => {
    // `res` could be `resale` or `reserve`, each beside `the` and `price` as often: neither is chosen.
    expect(resolve('What is the res price?')).toEqual({ text: 'What is the res price?', resolutions: [] });
  });

  it('leaves alone what the source uses, stop words, typos one letter short, labels and contractions', () => {
    expect(resolve('Is the delayed fee higher vs the real time fee?').resolutions).toEqual([]);
    expect(resolve('What is the Deayed fee?').resolutions).toEqual([]); // one letter short of `delayed`: a typo, not a short form
    expect(resolve('What does Category A3 cover?').resolutions).toEqual([]);
    expect(resolve("wha'ts the fee per app?").resolutions).toEqual([{ from: 'app', to: 'application' }]);
    // `cont` is one edit from `count`, which stands after `of` more often than `contained`: a typo, not short for `contained`.
    expect(resolve('What is the unit of cont?').resolutions).toEqual([]);
  });

  it('leaves alone an acronym the source statistics already know', () => {
    expect(resolveAbbreviations('What is the ND fee?', frequencies, phrases, { acronyms: new Map([['ND', ['non', 'display']]]) }).resolutions).toEqual([]);
  });

  it('never reads an acronym the source cannot support: a name it lacks stays as written for the gate', () => {
    expect(resolve('What is the LSE display fee?').resolutions).toEqual([]);
    expect(resolve('WHAT IS THE FEE PER APP?').text).toBe('WHAT IS THE FEE PER application?');
  });
});

describe('findShortForms', () => {
  it('finds the tokens the source does not use that may be short forms, and none in a question of source words', () => {
    expect(findShortForms('What is the ND fee per app?', frequencies).map((form) => form.spelled)).toEqual(['nd', 'app']);
    expect(findShortForms('What is the real time display fee?', frequencies)).toEqual([]);
    expect(findShortForms('What is the ND fee?', frequencies, new Map([['ND', ['non', 'display']]]))).toEqual([]);
  });
});
