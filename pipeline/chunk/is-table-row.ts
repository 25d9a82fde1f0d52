const TABLE_CELL_SEPARATOR = ' | ';
const MONEY_AMOUNT = /(?:[$€£]\s?\d|\b(?:USD|EUR|GBP)\s?\$?\d)/;
// `(a) | Subscriber Group shall…`, `2. | Definitions`, `5 | Internal Controls`: the extractor sets a
// clause marker apart from its text with a cell separator; that alone does not make a table row.
const MARKER_SEPARATOR = /^\s*(?:\([0-9A-Za-z]{1,5}\)|\d{1,3}(?:\.\d{1,3})*\.?|[•●▪◦-])\s*\|\s*/;
// A money amount inside a long sentence is prose (`…a monthly fee of $5 per Subscriber`); fee rows
// without separators are short (`USD 3,000.00 /Flat /Month`).
const MAX_WORDS_OF_MONEY_ROW = 8;

/**
 * True when a line is a table row: it holds ` | ` cell separators (how the extractor joins cells;
 * one right after a leading clause marker does not count) or a money amount (`$134.50`,
 * `USD 3,000.00`) in a line of at most 8 words.
 */
export function isTableRow(line: string): boolean {
  const cells = line.replace(MARKER_SEPARATOR, '');
  if (cells.includes(TABLE_CELL_SEPARATOR)) return true;
  if (!MONEY_AMOUNT.test(cells)) return false;
  return cells.trim().split(/\s+/).length <= MAX_WORDS_OF_MONEY_ROW;
}
