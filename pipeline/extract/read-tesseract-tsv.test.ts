import { describe, expect, it } from 'vitest';
import { readTesseractTsv } from './read-tesseract-tsv.ts';
import { rebuildLines } from './rebuild-lines.ts';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const row = (...cells: (string | number)[]) => cells.join('\t');

describe('readTesseractTsv', () => {
  it('places words on their line in PDF points, drops doubtful words, and rebuilds a row whose cells tesseract put in two blocks', () => {
    const tsv = [
      HEADER,
      row(1, 1, 0, 0, 0, 0, 0, 0, 2550, 3300, -1, ''),
      row(4, 1, 1, 1, 1, 0, 300, 600, 900, 50, -1, ''),
      row(5, 1, 1, 1, 1, 1, 300, 600, 200, 50, 96, 'Delayed'),
      row(5, 1, 1, 1, 1, 2, 530, 600, 120, 50, 95, 'data'),
      row(5, 1, 1, 1, 1, 3, 700, 600, 40, 40, 2.5, '<3'),
      row(4, 1, 2, 1, 1, 0, 1375, 602, 200, 48, -1, ''),
      row(5, 1, 2, 1, 1, 1, 1375, 602, 200, 48, 91, '$0.00'),
      '',
    ].join('\n');
    const { words, doubtfulWords } = readTesseractTsv(tsv, 300);
    expect(doubtfulWords).toBe(1);
    expect(words[0]).toEqual({ text: 'Delayed', transform: [12, 0, 0, 12, 72, 636], width: 48 });
    expect(rebuildLines(words)).toEqual(['Delayed data | $0.00']);
  });

  it('refuses output that is not tesseract TSV', () => {
    expect(() => readTesseractTsv('Tesseract Open Source OCR Engine\n', 300)).toThrow(/not tesseract TSV output/);
  });
});
