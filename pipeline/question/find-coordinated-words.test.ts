import { describe, expect, it } from 'vitest';
import { findCoordinatedWords } from './find-coordinated-words.ts';
import { normalizeForMatching } from '../text/index.ts';

const coordinated = (question: string) => [...findCoordinatedWords(normalizeForMatching(question))].sort();

describe('findCoordinatedWords', () => {
  it('finds the words either side of and, or, vs, plus and a lone + or &', () => {
    expect(coordinated('What copper and zinc surcharges apply?')).toEqual(['copper', 'zinc']);
    expect(coordinated('basic vs premium tier: which costs more?')).toEqual(['basic', 'premium']);
    expect(coordinated('whats the hourly rate + mileage on the van hire?')).toEqual(['mileage', 'rate']);
    expect(coordinated('Wholesale & retail margins?')).toEqual(['retail', 'wholesale']);
  });

  it('takes the words before each copy of a head both sides share, not the head', () => {
    expect(coordinated('What are the loading fee and the storage fee for a kiosk?')).toEqual(['loading', 'storage']);
    expect(coordinated('Bank vs non-bank lender rate?')).toEqual(['bank', 'nonbank']);
  });

  it('finds none where a conjunction opens a second question or joins no content words', () => {
    expect(coordinated('What is the hourly rate, and what is the cap?')).toEqual([]);
    expect(coordinated('Which law governs the lease and where are disputes heard?')).toEqual([]);
    expect(coordinated('What is the daily rate, and until when is it fixed?')).toEqual([]);
    expect(coordinated('What are the terms and conditions of the loan?')).toEqual([]);
  });
});
