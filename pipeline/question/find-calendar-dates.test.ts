import { describe, expect, it } from 'vitest';
import { findCalendarDates } from './find-calendar-dates.ts';

function read(text: string) {
  return findCalendarDates(text).map(({ text: written, year, month, day }) => ({ written, year, month, day }));
}

describe('findCalendarDates', () => {
  it('reads full dates in the written forms the corpus and questions use', () => {
    expect(read('August 14, 2025; 1 April 2025; Jan. 1st 2026; 2026-01-01; 12/31/2024; 31/12/2024')).toEqual([
      { written: 'August 14, 2025', year: 2025, month: 8, day: 14 },
      { written: '1 April 2025', year: 2025, month: 4, day: 1 },
      { written: 'Jan. 1st 2026', year: 2026, month: 1, day: 1 },
      { written: '2026-01-01', year: 2026, month: 1, day: 1 },
      { written: '12/31/2024', year: 2024, month: 12, day: 31 },
      { written: '31/12/2024', year: 2024, month: 12, day: 31 },
    ]);
  });

  it('reads month and year, month and day, and document-name dates', () => {
    expect(read('January 2026, April 1, fee-notice-august-14-2025.pdf, ila-oct-2023.pdf')).toEqual([
      { written: 'January 2026', year: 2026, month: 1, day: undefined },
      { written: 'April 1', year: undefined, month: 4, day: 1 },
      { written: 'august-14-2025', year: 2025, month: 8, day: 14 },
      { written: 'oct-2023', year: 2023, month: 10, day: undefined },
    ]);
  });

  it('rejects impossible dates, the verb may and words that start like months', () => {
    expect(read('February 30, 2025; 13/13/2025; the Licensee may 2026; marches 2025; Decade 2025')).toEqual([]);
    expect(read('MAY 1, 2026')).toEqual([{ written: 'MAY 1, 2026', year: 2026, month: 5, day: 1 }]);
    expect(read('May 2 Subscribers share a Device? Yes. May 3 do so?')).toEqual([]);
    expect(read('What changes on May 1?')).toEqual([{ written: 'May 1', year: undefined, month: 5, day: 1 }]);
  });

  it('finds nothing in a text without an ASCII digit, month names and digits of other scripts included', () => {
    expect(read('What is due in January, on the first of March or in June?')).toEqual([]);
    expect(read('August ١٤, ٢٠٢٥ and June ２０２６')).toEqual([]);
  });
});
