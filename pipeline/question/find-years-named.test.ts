import { describe, expect, it } from 'vitest';
import { findYearsNamed } from './find-years-named.ts';

describe('findYearsNamed', () => {
  it('reads years standing as words of their own, once each, in order', () => {
    expect(findYearsNamed('Compare the 2026 and 2025 fee lists (2026 first)')).toEqual(['2026', '2025']);
    expect(findYearsNamed('a fee of $2025 or 12025 units, 2,025 devices, 20255')).toEqual([]);
  });
});
