/** A currency the money reader recognises; `undefined` on a bare number. */
export type Currency = 'USD' | 'EUR' | 'GBP';

/** An amount of money found in text, with its value in whole currency units. */
export interface MoneyAmount {
  text: string;
  start: number;
  end: number;
  value: number;
  /** `undefined` for a bare number (`134.50`), which the coverage check compares with any currency. */
  currency: Currency | undefined;
}

/** What `findMoneyAmounts` reads besides amounts with a currency sign or code. */
export interface FindMoneyAmountsOptions {
  /**
   * Also read bare numbers that look like amounts: with cents (`134.50`) or thousands separators
   * (`1,250`). Evidence tables often drop the sign; questions should not be read this way. Default false.
   */
  includeBareNumbers?: boolean;
}

// `1,250.00`, `1250`, `134.5`: whole thousands groups or plain digits, optional decimals.
const NUMBER = '(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)(?!\\d)(?![.,]\\d)';
const SCALE = '(?:\\s*(thousand|million|billion)(?!\\p{L})|(k|mm|m|mn|bn|b)(?!\\p{L}))?';

const PREFIXED = new RegExp(`(?<!\\p{L})(US\\$|\\$|€|£|USD|EUR|GBP)\\s*${NUMBER}${SCALE}`, 'giu');
const SUFFIXED = new RegExp(`(?<![\\p{N}.,])${NUMBER}${SCALE}\\s*(USD|EUR|GBP|dollars?|euros?|pounds?)(?!\\p{L})`, 'giu');
const BARE = /(?<![\p{N}.,$€£])(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+\.\d{2})(?!\d)(?![.,]\d)(?!\s*%)/gu;

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
};

/**
 * The amounts of money written in `text`, in order, without overlaps: `$1,250`, `$ 134.50`,
 * `US$10`, `USD 3,000.00`, `1,250 USD`, `€1,000`, `$10 billion`, `$1.5m`; with
 * `includeBareNumbers`, also `134.50` and `1,250`. Private helper of the question stage; not
 * exported from its index.
 */
export function findMoneyAmounts(text: string, options: FindMoneyAmountsOptions = {}): MoneyAmount[] {
  const found: MoneyAmount[] = [];
  const add = (start: number, matched: string, value: number, currency: Currency | undefined) => {
    const end = start + matched.length;
    if (found.some((amount) => start < amount.end && amount.start < end)) return;
    found.push({ text: matched, start, end, value: roundToCents(value), currency });
  };
  for (const match of text.matchAll(PREFIXED)) {
    add(match.index, match[0], scaled(match[2], match[3] ?? match[4]), readCurrency(match[1]));
  }
  for (const match of text.matchAll(SUFFIXED)) {
    add(match.index, match[0], scaled(match[1], match[2] ?? match[3]), readCurrency(match[4]));
  }
  if (options.includeBareNumbers) {
    for (const match of text.matchAll(BARE)) add(match.index, match[0], scaled(match[1], undefined), undefined);
  }
  return found.sort((left, right) => left.start - right.start);
}

/** `1250` → `1,250`; `134.5` → `134.50`; `1250.123` keeps its decimals. */
export function formatAmount(value: number, options: { cents: boolean }): string {
  const [whole = '0', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (fraction !== undefined) return `${grouped}.${fraction.padEnd(2, '0')}`;
  return options.cents ? `${grouped}.00` : grouped;
}

function scaled(number: string | undefined, scale: string | undefined): number {
  const value = Number((number ?? '').replace(/,/g, ''));
  return value * (scale === undefined ? 1 : (SCALES[scale.toLowerCase()] ?? 1));
}

function readCurrency(marker: string | undefined): Currency {
  const lower = (marker ?? '').toLowerCase();
  if (lower === '€' || lower.startsWith('eur')) return 'EUR';
  if (lower === '£' || lower === 'gbp' || lower.startsWith('pound')) return 'GBP';
  return 'USD';
}

function roundToCents(value: number): number {
  return Math.round(value * 100) / 100;
}
