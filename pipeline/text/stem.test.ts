import { describe, expect, it } from 'vitest';
import { stem } from './stem.ts';

describe('stem', () => {
  it('brings inflections together', () => {
    expect(stem('licensing')).toBe(stem('license'));
    expect(stem('licensed')).toBe(stem('license'));
    expect(stem('fees')).toBe('fee');
    expect(stem('policies')).toBe(stem('policy'));
    expect(stem('licensee')).not.toBe(stem('license'));
    expect(stem('redistribution')).toBe(stem('redistribute'));
    expect(stem('requirements')).toBe(stem('required'));
    expect(stem('effective')).toBe(stem('effect'));
    expect(stem('exclusive')).toBe(stem('exclusion'));
    expect(stem('monthly')).toBe(stem('months'));
    expect(stem('annually')).toBe(stem('annual'));
    expect(stem('daily')).toBe('day');
    expect(stem('family')).toBe('family');
  });
});
