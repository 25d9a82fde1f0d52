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

  it('does not look for short quotes, which recur by chance, nor in excluded documents', () => {
    expect(find('Real Time | Device | $134.50', new Set())).toEqual([]);
    expect(find(CLAUSE, new Set(['schedule-2-v5.pdf', 'schedule-2-v5.01.pdf']))).toEqual([]);
    expect(find(CLAUSE.replace('each', 'every'), new Set(['schedule-2-v5.pdf']))).toEqual([]);
  });
});
