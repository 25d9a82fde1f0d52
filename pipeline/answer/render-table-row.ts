/**
 * Renders a table row, extracted as cells joined by ` | `, as a reader writes it: `heading — row
 * label: value`. The value is the trailing cells that are figures (`$12.00`, `10%`, `$50 | $125`
 * become `$50, $125`); the first cell is the heading when two or more label cells remain, the rest
 * the row label (joined by `, `). `Usage Fees | Tier A | Per User | $12.00` becomes
 * `Usage Fees — Tier A, Per User: $12.00`. Text without ` | ` is returned unchanged, and so is
 * a row whose last cell is no figure (there is no value to lead to).
 */
export function renderTableRow(text: string): string {
  if (!text.includes(' | ')) return text;
  const cells = text.split(' | ').map((cell) => cell.trim()).filter((cell) => cell !== '');
  let firstValue = cells.length;
  while (firstValue > 1 && isValueCell(cells[firstValue - 1] as string, firstValue === cells.length)) firstValue -= 1;
  if (firstValue === cells.length) return text;
  const labels = cells.slice(0, firstValue);
  const value = cells.slice(firstValue).join(', ');
  const label = labels.length >= 2 ? `${labels[0]} — ${labels.slice(1).join(', ')}` : labels.join('');
  return `${label}: ${value}`;
}

const FIGURE_CELL = /^[\s$€£¥%\d.,()+\-–*]*\d[\s$€£¥%\d.,()+\-–*]*$/;

// A trailing figure cell is a value when it carries a unit (`$`, `%`) or is the row's last cell;
// a bare range before it (`1 - 25`) is the row's label (a tier), not a second value.
function isValueCell(cell: string, last: boolean): boolean {
  if (/^(?:USD|EUR|GBP|US\$)\s?\d/.test(cell)) return true;
  if (!FIGURE_CELL.test(cell)) return false;
  return last || /[$€£¥%]/.test(cell);
}
