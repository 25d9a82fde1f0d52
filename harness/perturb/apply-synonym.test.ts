import { afterAll, describe, expect, it } from 'vitest';
import { applySynonym } from './apply-synonym.ts';
import { createSeededRandom } from './create-seeded-random.ts';
import { LICENSING_GLOSSARY } from './licensing-glossary.ts';
import { loadWordNet } from './load-wordnet.ts';
import type { PartOfSpeech, WordNet, WordNetSense } from './load-wordnet.ts';

const wordNet = loadWordNet();
afterAll(() => wordNet.close());

/** A WordNet double with a fixed table; it records every lookup. */
class TableWordNet implements WordNet {
  readonly lookups: string[] = [];
  constructor(private readonly table: Record<string, { partOfSpeech: PartOfSpeech; synsetOffset: number; lemmas: string[] }>) {}
  findMostFrequentSense(lemma: string, partsOfSpeech?: readonly PartOfSpeech[]): WordNetSense | undefined {
    this.lookups.push(`${lemma}:${(partsOfSpeech ?? []).join(',')}`);
    const entry = this.table[lemma];
    if (entry === undefined || (partsOfSpeech !== undefined && !partsOfSpeech.includes(entry.partOfSpeech))) return undefined;
    return { ...entry, tagCount: 3, senseNumber: 1 };
  }
}

function variants(question: string, source: WordNet | undefined = wordNet, seeds = 60): Set<string> {
  const found = new Set<string>();
  for (let seed = 0; seed < seeds; seed += 1) {
    const edit = applySynonym(question, createSeededRandom(seed), source);
    if (edit !== undefined) found.add(edit.question);
  }
  return found;
}

describe('applySynonym', () => {
  it('uses the reviewed glossary: fee → charge, and says so', () => {
    const edit = applySynonym('What is the real-time display device fee for CME market data?', createSeededRandom(1), wordNet);
    expect(edit).toEqual({ question: 'What is the real-time display device charge for CME market data?', note: 'fee → charge (licensing glossary)' });
  });

  it('never touches defined terms, amounts, years or product names', () => {
    expect(variants('Is the Subscriber Display Device fee $134.50 in 2026 for Term SOFR?')).toEqual(
      new Set(['Is the Subscriber Display Device charge $134.50 in 2026 for Term SOFR?']),
    );
    expect(variants('What is a subscriber device under the Unit of Count rules for real-time data?')).toEqual(new Set());
    expect(variants('What does "fee" mean?')).toEqual(new Set(['What does "fee" signify?']));
  });

  it('respects the context conditions of glossary entries', () => {
    expect(variants('Is a Licensee required to report each Device?')).toEqual(new Set(['Is a Licensee obliged to report each Device?']));
    // `notice required to terminate`: neither `obliged` (not a party) nor `necessary` (before `to`).
    expect(variants('What is required to terminate?')).toEqual(new Set(['What is required to end?']));
    expect(variants('What notice is required?')).toEqual(new Set(['What notification is required?', 'What notice is necessary?']));
  });

  it('takes real synonyms from WordNet for words the glossary does not cover', () => {
    expect(variants('What is the procedure for onboarding?')).toEqual(new Set(['What is the process for onboarding?']));
    const obligations = variants('What are the duties of a Licensee?');
    expect(obligations).toEqual(new Set(['What are the responsibilities of a Licensee?', 'What are the obligations of a Licensee?']));
  });

  it('asks WordNet only for the part of speech the context implies, and only for words that end a noun phrase', () => {
    const table = new TableWordNet({ public: { partOfSpeech: 'noun', synsetOffset: 1, lemmas: ['public', 'populace'] }, populace: { partOfSpeech: 'noun', synsetOffset: 1, lemmas: ['public', 'populace'] } });
    expect(variants('What is the public website fee?', table, 10)).toEqual(new Set(['What is the public website charge?']));
    expect(table.lookups).toEqual([]);
    expect(variants('What is offered to the public?', table, 10)).toEqual(new Set(['What is offered to the populace?']));
    expect(table.lookups).toContain('public:noun');
  });

  it('keeps only synonyms whose own most frequent sense is the same synset', () => {
    const table = new TableWordNet({
      requirement: { partOfSpeech: 'noun', synsetOffset: 7, lemmas: ['requirement', 'demand'] },
      demand: { partOfSpeech: 'noun', synsetOffset: 8, lemmas: ['demand'] },
    });
    expect(variants('What is the requirement?', table, 10)).toEqual(new Set(['What is the obligation?']));
    expect(variants('What is the purpose of the requirement?', { findMostFrequentSense: () => undefined }, 10)).toEqual(new Set(['What is the purpose of the obligation?']));
  });

  it('pluralises a synonym found for a plural noun', () => {
    const table = new TableWordNet({
      procedure: { partOfSpeech: 'noun', synsetOffset: 3, lemmas: ['procedure', 'process'] },
      process: { partOfSpeech: 'noun', synsetOffset: 3, lemmas: ['procedure', 'process'] },
    });
    expect(variants('What are the procedures?', table, 10)).toEqual(new Set(['What are the processes?']));
  });

  it('does not apply without WordNet when the glossary has nothing', () => {
    expect(applySynonym('What is the procedure for onboarding?', createSeededRandom(1))).toBeUndefined();
  });

  it('keeps the glossary consistent: no synonym is a protected term, no entry replaces one', () => {
    const protectedTerms = new Set(LICENSING_GLOSSARY.protectedTerms);
    for (const entry of LICENSING_GLOSSARY.synonyms) {
      expect(protectedTerms.has(entry.word), entry.word).toBe(false);
      for (const synonym of entry.synonyms) expect(protectedTerms.has(synonym), synonym).toBe(false);
      expect(entry.reason.length).toBeGreaterThan(10);
    }
  });
});
