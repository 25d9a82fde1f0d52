import { describe, expect, it } from 'vitest';
import { createVerbatimCopyFinder } from './find-verbatim-copies.ts';

const CLAUSE = 'Licensee must report each Application that uses such Information added or removed during the month in which it was added or removed.';

describe('createVerbatimCopyFinder', () => {
  const pages = new Map([
    ['schedule-2-v5.pdf', new Map([[3, `3.4 (b) ${CLAUSE}\nPage 3 of 4`]])],
    ['schedule-2-v5.01.pdf', new Map([[2, 'Definitions'], [3, `3.4 (b) Licensee must report each Application that uses such\nInformation added or removed during the month in which it was\nadded or removed.\nPage 3 of 5`]])],
    ['fee-list.pdf', new Map([[1, 'Real Time | Device | $134.50']])],
  ]);
  const find = createVerbatimCopyFinder(pages);

  it('finds the clause word for word in another document, across line breaks, with its span', () => {
    const copies = find(CLAUSE, new Set(['schedule-2-v5.pdf']));
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(copy).toMatchObject({ doc: 'schedule-2-v5.01.pdf', page: 3 });
    const text = pages.get('schedule-2-v5.01.pdf')!.get(3)!;
    expect(text.slice(copy.start, copy.end)).toBe('Licensee must report each Application that uses such\nInformation added or removed during the month in which it was\nadded or removed');
  });

  it('finds a short quote only with 160 characters of its context, before or after it, word for word', () => {
    const clause = 'Late submission of reports, or submission of reports via any other means than the specified electronic reporting system, will result in Licensee being charged the monthly Report Processing Fee.';
    const fee = 'USD 3,000.00 /Flat /Month';
    const editions = new Map([
      ['schedule-2-v5.pdf', new Map([[1, `Report Processing | ${clause}\n${fee}\nSchedule 2 – V5 Page 1 of 4`]])],
      ['schedule-2-v5.01.pdf', new Map([[1, `Report Processing | ${clause.replace('via', 'via\n')}\n${fee}\nSchedule 2 – V5.01 Page 1 of 5`]])],
      ['other-schedule.pdf', new Map([[1, `Audit Fee | An audit that finds under-reporting will result in Licensee being charged the audit fee.\n${fee}`]])],
    ]);
    const findIn = createVerbatimCopyFinder(editions);
    const text = editions.get('schedule-2-v5.pdf')!.get(1)!;
    const place = { doc: 'schedule-2-v5.pdf', page: 1, start: text.indexOf(fee) };
    const copies = findIn(fee, new Set(['schedule-2-v5.pdf']), place);
    // The V5.01 edition: the same clause before the fee (its running footer after it differs); not the other schedule's fee.
    expect(copies).toHaveLength(1);
    const copy = copies[0]!;
    expect(copy.doc).toBe('schedule-2-v5.01.pdf');
    expect(editions.get('schedule-2-v5.01.pdf')!.get(1)!.slice(copy.start, copy.end)).toBe(fee);
    // Without its place, or where the page is too short for that much context, a short quote has no copies.
    expect(findIn(fee, new Set(['schedule-2-v5.pdf']))).toEqual([]);
    const short = createVerbatimCopyFinder(new Map([['a.pdf', new Map([[1, fee]])], ['b.pdf', new Map([[1, fee]])]]));
    expect(short(fee, new Set(['a.pdf']), { doc: 'a.pdf', page: 1, start: 0 })).toEqual([]);
  });

  it('does not look for short quotes, which recur by chance, nor in excluded documents', () => {
    expect(find('Real Time | Device | $134.50', new Set())).toEqual([]);
    expect(find(CLAUSE, new Set(['schedule-2-v5.pdf', 'schedule-2-v5.01.pdf']))).toEqual([]);
    expect(find(CLAUSE.replace('each', 'every'), new Set(['schedule-2-v5.pdf']))).toEqual([]);
  });
});
