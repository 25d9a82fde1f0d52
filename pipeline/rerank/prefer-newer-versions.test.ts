import { describe, expect, it } from 'vitest';
import { preferNewerVersions, readDocumentVersion } from './prefer-newer-versions.ts';

describe('readDocumentVersion', () => {
  it('reads the family and the month a document name is dated', () => {
    expect(readDocumentVersion('schedule-5-to-the-ila-january-2026.pdf')).toEqual({ family: 'schedule 5 to the ila', dated: 2026 * 12 + 1 });
    expect(readDocumentVersion('benchmark-data-fee-list-march-2025.pdf')).toEqual({ family: 'benchmark data fee list', dated: 2025 * 12 + 3 });
    expect(readDocumentVersion('january-2025-market-data-fee-list.pdf').family).toBe('market data fee list');
    expect(readDocumentVersion('information-policies-v5-04.pdf').dated).toBeUndefined();
  });
});

describe('preferNewerVersions', () => {
  const item = (doc: string, score: number) => ({ doc, score });
  const order = (items: { doc: string; score: number }[]) =>
    preferNewerVersions(items, (entry) => entry.score, (entry) => entry.doc).map((entry) => entry.doc);

  it('puts the newer version of a family first among equal scores, leaving other places alone', () => {
    expect(
      order([
        item('schedule-5-to-the-ila-february-2025.pdf', 2),
        item('ILA-Subscriber-Addendum.pdf', 2),
        item('schedule-5-to-the-ila-january-2026.pdf', 2),
      ]),
    ).toEqual(['schedule-5-to-the-ila-january-2026.pdf', 'ILA-Subscriber-Addendum.pdf', 'schedule-5-to-the-ila-february-2025.pdf']);
  });

  it('puts the edition the question names by month and year first, then the rest newest first', () => {
    const items = [item('harbour-rate-card-october-2031.pdf', 3), item('harbour-rate-card-february-2031.pdf', 3), item('harbour-rate-card-june-2031.pdf', 3)];
    const named = preferNewerVersions(items, (entry) => entry.score, (entry) => entry.doc, [2031 * 12 + 2]).map((entry) => entry.doc);
    expect(named).toEqual(['harbour-rate-card-february-2031.pdf', 'harbour-rate-card-october-2031.pdf', 'harbour-rate-card-june-2031.pdf']);
    expect(order(items)).toEqual(['harbour-rate-card-october-2031.pdf', 'harbour-rate-card-june-2031.pdf', 'harbour-rate-card-february-2031.pdf']);
  });

  it('never lifts a version over a better score, and leaves other families and undated names in place', () => {
    const items = [
      item('benchmark-data-fee-list-january-2025.pdf', 3),
      item('benchmark-data-fee-list-january-2026.pdf', 2),
      item('appendix-a-to-schedule-7-of-the-ila-oct-2023.pdf', 2),
      item('schedule-7-to-the-ila-september-2024.pdf', 2),
      item('Schedule2-v5.0.pdf', 2),
    ];
    expect(order(items)).toEqual(items.map((entry) => entry.doc));
  });
});
