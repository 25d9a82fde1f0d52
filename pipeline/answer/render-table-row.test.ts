import { describe, expect, it } from 'vitest';
import { renderTableRow } from './render-table-row.ts';

describe('renderTableRow', () => {
  it('renders a row as heading — row label: value', () => {
    expect(renderTableRow('Display Device | Real Time | Device | $134.50')).toBe('Display Device — Real Time, Device: $134.50');
    expect(renderTableRow('Category A1 – Trading As a Principal | Enterprise (4+ Applications) | Licensee Group | $3,640')).toBe(
      'Category A1 – Trading As a Principal — Enterprise (4+ Applications), Licensee Group: $3,640',
    );
  });

  it('keeps a tier range in the label and joins several values', () => {
    expect(renderTableRow('Term SOFR Fees | Financial Institution | 1 - 25 | $50 | $125')).toBe('Term SOFR Fees — Financial Institution, 1 - 25: $50, $125');
    expect(renderTableRow('Real Time Device | USD 3,000.00')).toBe('Real Time Device: USD 3,000.00');
  });

  it('leaves a sentence, and a row without a value in its last cell, as written', () => {
    expect(renderTableRow('The fee is $134.50 per month.')).toBe('The fee is $134.50 per month.');
    expect(renderTableRow('Display Device | Real Time | Device')).toBe('Display Device | Real Time | Device');
  });
});
