import { describe, expect, it } from 'vitest';
import { findFigures } from './find-figures.ts';

const read = (text: string) => findFigures(text).map((figure) => `${figure.kind}:${figure.text}=${figure.canonical}`);

describe('findFigures', () => {
  it('reads amounts, percentages and plain numbers to their values', () => {
    expect(read('Fees: $3,640.00, 134.50, 007, 10 %, 0.35, 4+ devices, 2-3 applications, the 3rd year.')).toEqual([
      'number:$3,640.00=3640',
      'number:134.50=134.5',
      'number:007=7',
      'number:10 %=10',
      'number:0.35=0.35',
      'number:4=4',
      'number:2=2',
      'number:3=3',
      'number:3rd=3',
    ]);
  });

  it('reads the usual spellings of a date to one form', () => {
    expect(read('January 1, 2026; 1 January 2026; 2026-01-01; 1/1/2026; Sept. 30th 2025; March 2025; August 14')).toEqual([
      'date:January 1, 2026=2026-01-01',
      'date:1 January 2026=2026-01-01',
      'date:2026-01-01=2026-01-01',
      'date:1/1/2026=2026-01-01',
      'date:Sept. 30th 2025=2025-09-30',
      'date:March 2025=2025-03',
      'date:August 14=--08-14',
    ]);
  });

  it('leaves digits glued to words, version suffixes, lowercase month words and section numbers alone', () => {
    expect(read('Real Time11, Category A1, [C12], v5.0, Licensee may 2025, section 4.1.2')).toEqual(['number:2025=2025', 'number:4.1.2=4.1.2']);
  });

  it('finds nothing in a text without an ASCII digit (a digit of another script is no figure)', () => {
    expect(read('The fee is waived from January to March, per device.')).toEqual([]);
    expect(read('Fee ٣٥٠ from ٢٠٢٦, ２０２６年')).toEqual([]);
  });
});
