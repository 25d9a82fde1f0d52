import { describe, expect, it } from 'vitest';
import { type PlacedText, rebuildLines } from './rebuild-lines.ts';

/** A run of text in a `size`-point upright font, `width` points wide, with its baseline origin at (`x`, `y`). */
function run(text: string, x: number, y: number, width: number, size = 10): PlacedText {
  return { text, transform: [size, 0, 0, size, x, y], width };
}

describe('rebuildLines', () => {
  it('orders lines top to bottom and runs left to right, whatever the content order', () => {
    const runs = [run('second line', 72, 686, 50), run('world', 104, 700, 25), run('Hello', 72, 700, 25)];
    expect(rebuildLines(runs)).toEqual(['Hello world', 'second line']);
  });

  it('glues touching runs, spaces word gaps and separates cells with a pipe', () => {
    const runs = [run('Real', 72, 700, 20), run('Time', 93, 700, 20), run('Dev', 300, 700, 15), run('ice', 315, 700, 15), run('$134.50', 500, 700, 35)];
    expect(rebuildLines(runs)).toEqual(['Real Time | Device | $134.50']);
  });

  it('treats a gap between one and two font sizes as a cell boundary only on a table row', () => {
    const prose = [run('CME grants', 72, 700, 50), run('Licensee', 137, 700, 40)];
    expect(rebuildLines(prose)).toEqual(['CME grants Licensee']);
    const row = [run('Index Values', 72, 700, 60), run('Device', 147, 700, 30), run('$0', 300, 700, 10)];
    expect(rebuildLines(row)).toEqual(['Index Values | Device | $0']);
  });

  it('drops raised footnote markers after text but keeps ordinal suffixes', () => {
    const runs = [
      run('Real Time', 72, 700, 45),
      run('11', 117, 703.4, 6, 6),
      run('Device', 300, 700, 30),
      run('effective 1', 72, 680, 50),
      run('st', 122, 683.4, 4, 6),
      run('of May', 129, 680, 30),
      run('Depth of Market', 72, 660, 70),
      run('4, 11', 142, 663.4, 12, 6),
    ];
    expect(rebuildLines(runs)).toEqual(['Real Time | Device', 'effective 1st of May', 'Depth of Market']);
  });

  it('keeps a raised number that starts a line (a footnote’s own number)', () => {
    expect(rebuildLines([run('1', 72, 103.4, 3, 6), run('Fees are assessed annually.', 77, 100, 120)])).toEqual(['1 Fees are assessed annually.']);
  });

  it('sets a clause number apart from its text without making the line a table row', () => {
    expect(rebuildLines([run('(a)', 72, 700, 12), run('Subscriber Group shall not', 108, 700, 120), run('redistribute.', 243, 700, 55)])).toEqual([
      '(a) | Subscriber Group shall not redistribute.',
    ]);
    expect(rebuildLines([run('2.7', 72, 700, 14), run('As of the Effective Date', 86, 700, 110)])).toEqual(['2.7 As of the Effective Date']);
    expect(rebuildLines([run('1', 72, 700, 5), run('Index', 120, 700, 25), run('$12,000', 300, 700, 35)])).toEqual(['1 | Index | $12,000']);
  });

  it('puts a cell set half a line lower on the row it overlaps most', () => {
    const runs = [
      run('Non-Financial Institution (total', 84.5, 568.04, 105.73, 8),
      run('assets over $10 billion)', 84.5, 558.85, 81.74, 8),
      run('Licensee Group', 314, 563.44, 56.43, 8),
      run('$4,000', 418.56, 563.44, 24.45, 8),
    ];
    expect(rebuildLines(runs)).toEqual(['Non-Financial Institution (total | Licensee Group | $4,000', 'assets over $10 billion)']);
  });

  it('does not let a large heading pull two lines of the next column into one', () => {
    const runs = [
      run('Here is an example', 72, 398, 150, 14),
      run('Invoices – data in PDF', 321, 401.94, 100, 9),
      run('and Excel.', 321, 389.94, 42, 9),
    ];
    expect(rebuildLines(runs)).toEqual(['Here is an example | Invoices – data in PDF', 'and Excel.']);
  });

  it('reads a block of two text columns column by column, and leaves a fee table as rows', () => {
    const left = [
      'The ILA is managed through an online workflow',
      'where you will be asked a series of questions',
      'about the data you need and how you use it.',
      'All clients with licensable use of data are',
      'required to complete the ILA and Schedule 1:',
      '• Schedule 1, Licensee Profile – Information',
    ];
    const right = [
      'Based on your responses you will see the',
      'relevant schedules for review and execution:',
      '• Schedule 2 – Internal Display and Non-Display',
      '• Schedule 3 – Reporting and the controls',
      '• Schedule 5 – Distribution to third parties',
      '• Schedule 7 – Index and Benchmarks for you',
    ];
    const runs = left.flatMap((text, index) => [run(text, 72, 700 - 14 * index, 220), run(right[index]!, 320, 700 - 14 * index, 220)]);
    expect(rebuildLines(runs)).toEqual([...left, ...right]);
    // Five rows with amounts stay rows.
    const table = ['Real Time', 'Delayed', 'Historical', 'Data Feed', 'Device'].map((label, index) => [run(label, 72, 600 - 14 * index, 60), run(`$${index + 1}0.00`, 320, 600 - 14 * index, 40)]);
    expect(rebuildLines(table.flat())).toEqual(['Real Time | $10.00', 'Delayed | $20.00', 'Historical | $30.00', 'Data Feed | $40.00', 'Device | $50.00']);
  });

  it('uses whitespace-only runs as word separators and removes text drawn twice for bold', () => {
    const runs = [run('2.7', 72, 700, 14), run(' ', 86, 700, 0), run('Scope', 86, 700, 30), run('Scope', 86.3, 700, 30)];
    expect(rebuildLines(runs)).toEqual(['2.7 Scope']);
    expect(rebuildLines([run('Unit', 72, 700, 20), run(' ', 92, 700, 0), run('Count', 92, 700, 25)])).toEqual(['Unit Count']);
  });

  it('lays out rotated text in its own frame, after the upright lines', () => {
    const rotated = (text: string, x: number, y: number, width: number): PlacedText => ({ text, transform: [0, 10, -10, 0, x, y], width });
    const runs = [rotated('DRAFT', 300, 100, 30), rotated('COPY', 300, 134, 25), run('Body text', 72, 700, 45)];
    expect(rebuildLines(runs)).toEqual(['Body text', 'DRAFT COPY']);
  });

  it('drops control characters and collapses whitespace inside runs', () => {
    expect(rebuildLines([run('Unit\u0000 of   Count\u0007', 72, 700, 60)])).toEqual(['Unit of Count']);
    expect(rebuildLines([run('\u0001\u0002', 72, 700, 10)])).toEqual([]);
  });
});
