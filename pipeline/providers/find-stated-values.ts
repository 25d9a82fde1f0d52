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

// A company form closing an organisation's name (`Inc.`, `LLC`, `Limited`, `GmbH`), as written or in capitals.
const COMPANY_FORM = String.raw`(?:Inc|INC|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|Corp|CORP|Corporation|CORPORATION|Company|COMPANY|plc|PLC|LP|L\.P|GmbH|AG|S\.A|N\.V|B\.V|Co|CO)\b\.?`;
// One to six capitalised words (`Acme Widget Holdings`, `ACME REALTY TRUST`), then the form.
const PARTY = new RegExp(String.raw`((?:[\p{Lu}][\p{L}\p{N}&'’.-]*\s+){0,5}[\p{Lu}][\p{L}\p{N}&'’.-]*),?\s+${COMPANY_FORM}`, 'gu');
// A form still closing the name the pattern read (`Acme Pharma Co.` of `Acme Pharma Co., Ltd.`).
const INNER_FORM = new RegExp(String.raw`,?\s+${COMPANY_FORM}$`, 'u');

/**
 * The organisations `text` names by a company form (`Acme Widget Holdings, Inc.` →
 * `acme widget holdings`): the name without its form, lower-cased, each once. A party is a
 * value an answer states like a figure: one nobody asked about says something else.
 */
export function findPartyNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PARTY)) {
    // A name may carry two forms (`Acme Pharma Co., Ltd.`): the inner one goes too.
    const name = match[1]!.replace(INNER_FORM, '').toLowerCase().replace(/\s+/g, ' ').trim();
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
