import { findFigures } from '../answer/index.ts';

// A currency code written before a number (`USD 3,000.00`): the number is an amount.
const CURRENCY_CODE_BEFORE = /(?:USD|EUR|GBP|CHF|JPY|US\$)\s?$/;

/**
 * The values `text` states, each as its canonical form: calendar dates (`January 1, 2026` →
 * `2026-01-01`, `January 2025` → `2025-01`), amounts (a number after `$` or a currency code:
 * `$3,640.00` → `3640`) and percentages (`3.5%` → `3.5`). Bare numbers — counts, clause numbers,
 * years — are not values: they say which, not how much or when. In order of appearance, each once.
 */
export function findStatedValues(text: string): string[] {
  const values: string[] = [];
  for (const figure of findFigures(text)) {
    const isValue =
      figure.kind === 'date' ||
      figure.text.startsWith('$') ||
      figure.text.endsWith('%') ||
      CURRENCY_CODE_BEFORE.test(text.slice(Math.max(0, figure.index - 4), figure.index));
    if (isValue && !values.includes(figure.canonical)) values.push(figure.canonical);
  }
  return values;
}
