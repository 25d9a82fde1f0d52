import { contentStemsOf, type QualifierFit } from './measure-qualifier-fit.ts';

/** A unit as column reading needs it: its text (a table row's cells joined by ` | `), document and qualifier fit. */
export interface ColumnRow {
  text: string;
  doc: string;
  /** What it is read under, its section heading first. */
  heading: string;
  fit: QualifierFit;
}

// The most words a label cell has.
const MAX_LABEL_WORDS = 2;

/**
 * The labels a table's columns hold, read against the question. Rows of one document and section
 * with equally many cells are read as one table. In each column, a label cell (a short name:
 * at most two words, no digit; not `Premium (2-4 Seats)`) whose every word the question names
 * (`North` of `Freight | North | Pallet | $40` for `the north pallet rate`) is a cell asked, and a
 * label cell of another value naming no word of the question (`South`) a label of the same kind but
 * not the one asked, when the column holds both. A row holding such another value counts no cell
 * asked, whatever its other cells name (`Crate | South` when the north crate is asked).
 *
 * Returns, for each row whose fit that changes, its fit with those cells counted (`askedCells`,
 * `otherLabels`), so that `fitting` leaves out the rows of the other values, as it does for
 * `Category A1` when `Category C` is asked. The labels a question names by label word and code
 * (`askedLabels`) are not counted again: what the learned choice of answer unit reads of them stays
 * as it was fitted. Sentences, figure cells and cells of function words alone are not read.
 */
export function fitColumnLabels<Row extends ColumnRow>(units: readonly Row[], questionStems: ReadonlySet<string>): Map<Row, QualifierFit> {
  const tables = new Map<string, { row: Row; cells: string[] }[]>();
  for (const unit of units) {
    if (!unit.text.includes(' | ')) continue;
    const cells = unit.text.split(' | ').map((cell) => cell.trim());
    const key = `${unit.doc}\u0000${unit.heading.split('\n')[0]}\u0000${cells.length}`;
    const table = tables.get(key);
    if (table === undefined) tables.set(key, [{ row: unit, cells }]);
    else table.push({ row: unit, cells });
  }
  const counts = new Map<Row, { asked: number; other: number }>();
  const add = (row: Row, asked: number, other: number) => {
    const count = counts.get(row) ?? { asked: 0, other: 0 };
    counts.set(row, { asked: count.asked + asked, other: count.other + other });
  };
  for (const rows of tables.values()) {
    if (rows.length < 2) continue;
    for (let column = 0; column < rows[0]!.cells.length; column += 1) {
      const read = rows.flatMap(({ row, cells }) => {
        const cell = cells[column]!;
        // Only a short name (`North`, `Real Time`) is a label; a description or a count in words
        // (`a blend of Q1 with Q2`, `Premium (2-4 Seats)`) is not.
        const isLabel = !/\d/.test(cell) && cell.split(/\s+/).length <= MAX_LABEL_WORDS;
        const words = isLabel ? contentStemsOf(cell) : [];
        if (words.length === 0) return [];
        const named = words.filter((word) => questionStems.has(word)).length;
        return [{ row, value: cell.toLowerCase(), state: named === words.length ? 'asked' : named === 0 ? 'other' : 'partly' }];
      });
      const asked = new Set(read.filter((cell) => cell.state === 'asked').map((cell) => cell.value));
      if (asked.size === 0 || !read.some((cell) => cell.state === 'other' && !asked.has(cell.value))) continue;
      for (const cell of read) {
        if (cell.state === 'asked') add(cell.row, 1, 0);
        else if (cell.state === 'other') add(cell.row, 0, 1);
      }
    }
  }
  // A row holding another value where the question names one (or another label of a kind the
  // question names: `Category A1` when `Category C` is asked) is about something else, whatever
  // else it names.
  const fits = new Map<Row, QualifierFit>();
  for (const [row, { asked, other }] of counts) {
    fits.set(row, { ...row.fit, askedCells: other > 0 || row.fit.otherLabels > 0 ? 0 : asked, otherLabels: row.fit.otherLabels + other });
  }
  return fits;
}
