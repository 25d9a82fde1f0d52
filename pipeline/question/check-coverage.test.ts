import { describe, expect, it } from 'vitest';
import { checkCoverage } from './check-coverage.ts';
import { findQuestionTerms } from './find-question-terms.ts';
import type { QuestionTerm } from './find-question-terms.ts';
import { z } from 'zod';
import { AnchorConfig } from '../config/config-schema.ts';
import { loadProjectSources } from '../testing/load-project-sources.ts';

// The CME source's configured anchors (`.clausegate.json`).
const ANCHORS = z.array(AnchorConfig).parse((loadProjectSources().cme as { anchors: unknown }).anchors);

const ice: QuestionTerm = { kind: 'exchange', text: 'ICE', variants: ['Intercontinental Exchange'] };

function covers(question: string, evidence: string[]): boolean {
  return checkCoverage(findQuestionTerms(question, ANCHORS), evidence).covered;
}

describe('checkCoverage', () => {
  it('is covered when there are no terms', () => {
    expect(checkCoverage([], [])).toEqual({ covered: true, missing: [] });
    expect(checkCoverage([], ['anything'])).toEqual({ covered: true, missing: [] });
  });

  it('does not find a short abbreviation inside words', () => {
    expect(checkCoverage([ice], ['device notice price', 'Licensee shall give notice of any price change.'])).toEqual({
      covered: false,
      missing: [ice],
    });
    expect(checkCoverage([ice], ['Data from ICE Futures Europe']).covered).toBe(true);
    expect(checkCoverage([ice], ['data from the intercontinental exchange']).covered).toBe(true);
    expect(checkCoverage([ice], ['ICE1 footnote marker']).covered).toBe(true);
  });

  it('matches years as whole numbers only', () => {
    const year: QuestionTerm = { kind: 'year', text: '2026', variants: [] };
    expect(checkCoverage([year], ['reference 20265', 'amount 12026', 'value 1,2026']).covered).toBe(false);
    expect(checkCoverage([year], ['Benchmark Fee List 2026']).covered).toBe(true);
    expect(checkCoverage([year], ['january-2026-market-data-fee-list.pdf']).covered).toBe(true);
    expect(checkCoverage([year], ['effective 1/1/2026.']).covered).toBe(true);
  });

  it('compares money by value', () => {
    const [fee] = findQuestionTerms('Is it $134.50?', ANCHORS);
    if (!fee) throw new Error('no term');
    for (const evidence of ['Real Time | Device | $134.50', 'Device $ 134.50 monthly', 'Device 134.50', 'USD 134.50', '134.5 USD']) {
      expect(checkCoverage([fee], [evidence]).covered, evidence).toBe(true);
    }
    for (const evidence of ['$1,134.50', '$134.51', '$34.50', '€134.50', 'Section 134', '134.505']) {
      expect(checkCoverage([fee], [evidence]).covered, evidence).toBe(false);
    }
    expect(covers('Is the fee $1,250?', ['Fee: $1,250.00 per month'])).toBe(true);
    expect(covers('Is the fee $1,250.00?', ['Fee: $1250'])).toBe(true);
    expect(covers('Is the fee $1,250?', ['Fee: 1,250'])).toBe(true);
    expect(covers('Is the fee $1,250?', ['Fee: $21,250'])).toBe(false);
    expect(covers('Is the fee $5?', ['Category 5 licensees'])).toBe(false);
    expect(covers('Assets over $10 billion?', ['(total assets over $10 billion)'])).toBe(true);
    expect(covers('Assets over $10 billion?', ['assets of USD 10,000,000,000'])).toBe(true);
  });

  it('compares percentages by value and counts by spelling', () => {
    expect(covers('Is it 75%?', ['at seventy five percent (75%) of the prevailing rate'])).toBe(true);
    expect(covers('Is it 75 percent?', ['at 75 % of the rate'])).toBe(true);
    expect(covers('Is it 1.5%?', ['1.50% per month'])).toBe(true);
    expect(covers('Is it 5%?', ['15% per month', '5.5%'])).toBe(false);
    expect(covers('Fees for 4+ applications?', ['Enterprise (4+ Applications) Licensee Group $3,640'])).toBe(true);
    expect(covers('Fees for 4 or more applications?', ['Enterprise (4+ Applications)'])).toBe(true);
    expect(covers('Fees for 4+ applications?', ['Enterprise (14+ Applications)'])).toBe(false);
  });

  it('compares dates as calendar dates', () => {
    expect(covers('What starts January 1, 2026?', ['Effective 1 January 2026'])).toBe(true);
    expect(covers('What starts January 1, 2026?', ['Effective\nJanuary 1,\n2026'])).toBe(true);
    expect(covers('What starts January 1, 2026?', ['Effective 2026-01-01'])).toBe(true);
    expect(covers('What starts January 1, 2026?', ['Effective January 2026'])).toBe(false);
    expect(covers('What starts January 1, 2026?', ['Effective January 1, 2025'])).toBe(false);
    expect(covers('What are the fees for January 2026?', ['CME Term SOFR Effective January 1, 2026'])).toBe(true);
    expect(covers('What are the fees for January 2026?', ['cme-term-sofr-data-licensing-fees-january-2026.pdf'])).toBe(true);
    expect(covers('What are the fees for January 2026?', ['Effective March 1, 2026'])).toBe(false);
    expect(covers('What changes on April 1?', ['Effective Date: April 1, 2025'])).toBe(true);
    expect(covers('What changed on August 14, 2025?', ['2026-market-data-fee-notice-august-14-2025.pdf'])).toBe(true);
  });

  it('matches named terms by text or variant, ignoring case and line breaks', () => {
    expect(covers('What is the CME device fee?', ['Chicago Mercantile\nExchange Inc. fee list'])).toBe(true);
    expect(covers('What is the CME device fee?', ['cme group market data'])).toBe(true);
    expect(covers('What is the CME device fee?', ['CMEX device fee'])).toBe(false);
    expect(covers('What are the DME fees?', ['Gulf Mercantile Exchange (GME) Market Data Fee Notice'])).toBe(true);
    expect(covers('What are the Term SOFR fees?', ['CME Term SOFR1 Effective January 1, 2026'])).toBe(true);
    expect(covers('What are the Term SOFR fees?', ['SOFR Daily Return'])).toBe(false);
  });

  it('lists every missing term in order and is covered only when none is missing', () => {
    const terms = findQuestionTerms('What were the CME fees for Nasdaq data in 2027?', ANCHORS);
    expect(terms.map((term) => term.text)).toEqual(['CME', 'Nasdaq', '2027']);
    const result = checkCoverage(terms, ['CME Group Market Data Fee List 2026', 'Real Time Device $134.50']);
    expect(result.covered).toBe(false);
    expect(result.missing.map((term) => term.text)).toEqual(['Nasdaq', '2027']);
    expect(checkCoverage(terms, ['CME 2027', 'Nasdaq']).covered).toBe(true);
  });

  it('refuses the original wrong-provider and future questions on CME-only evidence', () => {
    const evidence = ['january-2026-market-data-fee-list.pdf\nCME Group Market Data Fee List\nReal Time Device $134.50'];
    expect(covers("What is Nasdaq's market data pricing?", evidence)).toBe(false);
    expect(covers('What will CME fees be in 2030?', evidence)).toBe(false);
    expect(covers('What is the real-time display device fee for CME market data?', evidence)).toBe(true);
  });
});
