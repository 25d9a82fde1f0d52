import { describe, expect, it } from 'vitest';
import { profileQuestion } from '../question/index.ts';
import { measureSegment } from './measure-segment.ts';

describe('measureSegment', () => {
  it('reads a row in the year its document name gives, for a question that names that year', () => {
    const profile = profileQuestion('RT device fee 2025', { expansions: [{ pattern: 'RT', expansion: 'real time' }] });
    const row = 'Display Device | Real Time | Device | $130.10';
    expect(measureSegment(profile, row, 'CME Group Fee List').coverage).toBeLessThan(1);
    expect(measureSegment(profile, row, 'CME Group Fee List', 'january-2025-market-data-fee-list.pdf').coverage).toBe(1);
    expect(measureSegment(profile, row, 'CME Group Fee List', 'january-2026-market-data-fee-list.pdf').coverage).toBeLessThan(1);
  });
});
