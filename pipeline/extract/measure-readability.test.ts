import { describe, expect, it } from 'vitest';
import { measureReadability } from './measure-readability.ts';

describe('measureReadability', () => {
  it('scores legal prose and fee rows as words', () => {
    const prose = measureReadability("Subscriber Group shall not redistribute CME Licensed Information (e.g. non-display use) and/or Licensee's data.");
    expect(prose.score).toBe(1);
    expect(measureReadability('Real Time | Device | $134.50\nCBOT | Device | $48.75').score).toBe(1);
  });

  it('counts words with letters or digits and judges only tokens with a letter', () => {
    expect(measureReadability('Fee: $134.50 per Device (a) 2026 –')).toEqual({ wordCount: 6, judgedCount: 3, wordlikeCount: 3, score: 1 });
  });

  it('scores decoding noise near zero', () => {
    const noise = "ÿ2234567ÿÿ1ÿÿ89ÿÿ 35 3ÿÿÿÿ9ÿÿ83ÿÿ498694ÿ ,-./0-12ÿ34562178ÿ9:-;3456217ÿ</-=>?10@ÿ1-AÿBCDÿE/0?ÿFGHIÿB1./J:07ÿK5/ L1=@1J/5ÿ:MÿI/12ÿE4?/ÿ</-=>?10@8ÿ3/217/Aÿ";
    expect(measureReadability(noise).score).toBeLessThan(0.2);
    expect(measureReadability('xqzt BCDFG mRkLp tsk').score).toBe(0);
  });

  it('scores nothing judged as 0', () => {
    expect(measureReadability('1 2 3 | $4')).toEqual({ wordCount: 4, judgedCount: 0, wordlikeCount: 0, score: 0 });
  });
});
