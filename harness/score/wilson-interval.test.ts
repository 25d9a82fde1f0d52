import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.ts';

function rounded(interval: [number, number] | undefined): [number, number] | undefined {
  return interval?.map((bound) => Math.round(bound * 1000) / 1000) as [number, number] | undefined;
}

describe('wilsonInterval', () => {
  it('matches published values', () => {
    expect(rounded(wilsonInterval(8, 10))).toEqual([0.49, 0.943]);
    expect(rounded(wilsonInterval(29, 30))).toEqual([0.833, 0.994]);
    expect(rounded(wilsonInterval(50, 100))).toEqual([0.404, 0.596]);
  });

  it('is exact at the edges: 0/n starts at 0 and n/n ends at 1', () => {
    expect(rounded(wilsonInterval(0, 10))).toEqual([0, 0.278]);
    expect(wilsonInterval(0, 10)?.[0]).toBe(0);
    expect(rounded(wilsonInterval(5, 5))).toEqual([0.566, 1]);
    expect(wilsonInterval(5, 5)?.[1]).toBe(1);
  });

  it('is undefined without trials', () => {
    expect(wilsonInterval(0, 0)).toBeUndefined();
  });

  it('takes another z', () => {
    expect(rounded(wilsonInterval(8, 10, 1.645))).toEqual([0.541, 0.931]);
  });

  it('accepts a fractional success count (a sum of shares)', () => {
    const interval = wilsonInterval(9.5, 10);
    expect(interval?.[0]).toBeGreaterThan(0.6);
    expect(interval?.[1]).toBeLessThan(1);
  });

  it('rejects impossible counts as a bug', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(/successes <= trials/);
    expect(() => wilsonInterval(-1, 10)).toThrow(/successes <= trials/);
    expect(() => wilsonInterval(1, 2.5)).toThrow(expect.objectContaining({ code: 'internal' }));
  });
});
