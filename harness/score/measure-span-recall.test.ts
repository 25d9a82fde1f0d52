import { describe, expect, it } from 'vitest';
import { measureSpanRecall } from './measure-span-recall.ts';

const expected = [
  { doc: 'fees.pdf', page: 1, start: 100, end: 150 },
  { doc: 'fees.pdf', page: 2, start: 0, end: 40 },
];

describe('measureSpanRecall', () => {
  it('counts an expected span overlapped by any character', () => {
    expect(measureSpanRecall(expected, [{ doc: 'fees.pdf', page: 1, start: 149, end: 400 }])).toEqual({ overlapped: 1, expected: 2, rate: 0.5 });
  });

  it('does not count touching spans, other pages or other documents', () => {
    const observed = [
      { doc: 'fees.pdf', page: 1, start: 150, end: 200 },
      { doc: 'fees.pdf', page: 3, start: 0, end: 40 },
      { doc: 'other.pdf', page: 2, start: 0, end: 40 },
    ];
    expect(measureSpanRecall(expected, observed)).toEqual({ overlapped: 0, expected: 2, rate: 0 });
  });

  it('counts a span on a byte-identical duplicate, whichever way the alias is written', () => {
    const observed = [{ doc: 'fees-copy.pdf', page: 1, start: 120, end: 130 }];
    expect(measureSpanRecall(expected, observed, { 'fees.pdf': ['fees-copy.pdf'] }).overlapped).toBe(1);
    expect(measureSpanRecall(expected, observed, { 'fees-copy.pdf': ['fees.pdf'] }).overlapped).toBe(1);
  });

  it('counts the word-for-word copy of a quote in another edition, and only there', () => {
    const withCopy = [{ doc: 'schedule-2-v5.pdf', page: 3, start: 100, end: 200, copies: [{ doc: 'schedule-2-v5.01.pdf', page: 3, start: 340, end: 440 }] }];
    expect(measureSpanRecall(withCopy, [{ doc: 'schedule-2-v5.01.pdf', page: 3, start: 300, end: 400 }]).overlapped).toBe(1);
    expect(measureSpanRecall(withCopy, [{ doc: 'schedule-2-v5.01.pdf', page: 3, start: 0, end: 300 }]).overlapped).toBe(0);
    expect(measureSpanRecall(withCopy, [{ doc: 'schedule-2-v5.01.pdf', page: 2, start: 340, end: 440 }]).overlapped).toBe(0);
  });

  it('has no rate when nothing is expected', () => {
    expect(measureSpanRecall([], [{ doc: 'fees.pdf', page: 1, start: 0, end: 1 }])).toEqual({ overlapped: 0, expected: 0, rate: null });
  });
});
