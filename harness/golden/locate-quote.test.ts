import { describe, expect, it } from 'vitest';
import { QUOTE_MATCH_THRESHOLD, locateQuote, locateQuoteInTokens, tokenisePage } from './locate-quote.ts';

// Real page texts, as the pipeline's PDF extractor indexes them (cells joined with ` | `,
// superscript footnote markers dropped). Quotes are copied from `pdftotext` output of the same pages.

/** january-2026-market-data-fee-list.pdf, page 1 (first rows). */
const FEE_LIST_PAGE = [
  'CME Group Fee List',
  'CME, CBOT, NYMEX and COMEX Information (fees are assessed per exchange)',
  'Effective January 1, 2026',
  'Description | Unit of Count | Annually | Monthly',
  'Distribution',
  'Real Time | Licensee Group | $29,280',
  'Delayed | Licensee Group | $21,840',
  'Historical | Licensee Group | $35,220',
  'Display Device',
  'Real Time | Device | $134.50',
  'Delayed | Device | $0',
  'Non-Professional Depth of Market | Device | $12.10',
  'Bundle – all exchanges | Device | $36.50',
  'Non-Professional Top of Book | Device | $1.55',
  'Bundle – all exchanges | Device | $4.65',
  'Non-Display',
  'Category A1 – Trading As a Principal',
  'Enterprise (4+ Applications) | Licensee Group | $3,640',
].join('\n');

/** appendix-a-to-schedule-7-of-the-ila-oct-2023.pdf, page 4 (a compound hyphenated at a line end). */
const APPENDIX_PAGE = [
  'sublicensable license, during the Term, to display CME Term SOFR Information in the Internal',
  'Display Use Packages identified in section 1 of this Appendix for its internal business purposes',
  'only.',
  '4.2 CME Term SOFR Information Internal Non-Display Benchmark Use',
  '(a) Subject to the terms and conditions of this Agreement, including but not limited to payment of the',
  'relevant Fees, CME grants Licensee Group, a limited non-exclusive, non-transferable, non-',
  'sublicensable license, during the Term, to use the CME Term SOFR Information for Non-Display',
  'Benchmark Use identified in section 1 of this Appendix for its internal business purposes only,',
].join('\n');

/** ILA-Subscriber-Addendum.pdf, page 1 (curly quotes). */
const ADDENDUM_PAGE = [
  'SUBSCRIBER ADDENDUM',
  'This addendum is by and between insert (“Distributor”) and insert (“Subscriber”) (the “Subscriber Addendum”).',
  'The Distributor and Subscriber are each a “Party” and collectively the “Parties”.',
].join('\n');

function located(quote: string, page: string): string | undefined {
  const location = locateQuote(quote, page);
  return location.span ? page.slice(location.span.start, location.span.end) : undefined;
}

describe('locateQuote on real pages', () => {
  it('finds a fee row copied from pdftotext, footnote marker glued (`Real Time11`)', () => {
    const quote = 'Display Device\nReal Time11\n\nDevice\n\n$134.50';
    const location = locateQuote(quote, FEE_LIST_PAGE);
    expect(location).toMatchObject({ found: true, score: 1, matchedTokens: 6, quoteTokens: 6 });
    expect(located(quote, FEE_LIST_PAGE)).toBe('Display Device\nReal Time | Device | $134.50');
  });

  it('finds table cells pdftotext read column by column, a lone footnote number included', () => {
    // pdftotext's raw order of the Distribution rows: labels first, then units and amounts.
    const quote = 'Distribution\nReal Time1\nDelayed\n\n1\n\nHistorical2\n\nLicensee Group\n\n$29,280';
    const location = locateQuote(quote, FEE_LIST_PAGE);
    expect(location).toMatchObject({ found: true, score: 1, matchedTokens: 9 });
    // The most quote tokens win: the window reaches back to the `1` of `January 1`.
    expect(located(quote, FEE_LIST_PAGE)).toContain(
      'Distribution\nReal Time | Licensee Group | $29,280\nDelayed | Licensee Group | $21,840\nHistorical',
    );
    // Without that `1` nearby, the lone footnote number costs half a token and the quote still counts.
    const rowsOnly = FEE_LIST_PAGE.slice(FEE_LIST_PAGE.indexOf('Distribution'));
    const alone = locateQuote(quote, rowsOnly);
    expect(alone).toMatchObject({ found: true, missingTokens: ['1'] });
    expect(alone.score).toBeCloseTo(8 / 8.5, 6);
    expect(located(quote, rowsOnly)).toBe('Distribution\nReal Time | Licensee Group | $29,280\nDelayed | Licensee Group | $21,840\nHistorical');
  });

  it('finds a quote that pdftotext de-hyphenated (`nonsublicensable`) in a page that keeps `non-\\nsublicensable`', () => {
    const quote = 'a limited non-exclusive, non-transferable, nonsublicensable license, during the Term, to use the CME Term SOFR Information';
    const location = locateQuote(quote, APPENDIX_PAGE);
    expect(location).toMatchObject({ found: true, score: 1 });
    expect(located(quote, APPENDIX_PAGE)).toBe(
      'a limited non-exclusive, non-transferable, non-\nsublicensable license, during the Term, to use the CME Term SOFR Information',
    );
  });

  it('finds the compound typed with its hyphen (`non-sublicensable`) although the page also has `sublicensable` alone', () => {
    const location = locateQuote('non-transferable, non-sublicensable license, during the Term, to use', APPENDIX_PAGE);
    expect(location).toMatchObject({ found: true, score: 1 });
  });

  it('matches straight quotes against curly ones', () => {
    const quote = 'The Distributor and Subscriber are each a "Party" and collectively the "Parties".';
    expect(locateQuote(quote, ADDENDUM_PAGE)).toMatchObject({ found: true, score: 1 });
  });

  it('picks the window with the right amount when a row label repeats', () => {
    expect(located('Bundle – all exchanges Device $4.65', FEE_LIST_PAGE)).toBe('Bundle – all exchanges | Device | $4.65');
    expect(located('Bundle - all exchanges Device $36.50', FEE_LIST_PAGE)).toBe('Bundle – all exchanges | Device | $36.50');
  });

  it('does not find a quote from another version of the document', () => {
    // The 2025 fee list's device fee; the 2026 page has the same row with another amount and year.
    const location = locateQuote('Effective January 1, 2025 Real Time Device $129.50', FEE_LIST_PAGE);
    expect(location.found).toBe(false);
    expect(location.missingTokens.sort()).toEqual(['129.50', '2025']);
  });

  it('gives a low score to a quote that is not on the page', () => {
    const location = locateQuote('Licensee shall retain records for audit purposes for five years', FEE_LIST_PAGE);
    expect(location.found).toBe(false);
    expect(location.score).toBeLessThan(0.3);
  });
});

describe('locateQuote tolerances', () => {
  it('joins a word hyphenated at a line end, both ways', () => {
    const page = 'The licen-\nsee shall pay the fees.';
    expect(located('The licensee shall pay', page)).toBe('The licen-\nsee shall pay');
    expect(locateQuote('The licen-\nsee shall pay', 'The licensee shall pay the fees.')).toMatchObject({ found: true, score: 1 });
    // Copied from a viewer that turned the line break into a space.
    expect(locateQuote('The licen- see shall pay', 'The licensee shall pay the fees.')).toMatchObject({ found: true, score: 1 });
  });

  it('does not join a compound whose second part is capitalised', () => {
    const page = 'any Pre-\nExisting Financial Product';
    expect(locateQuote('any Pre-Existing Financial Product', page)).toMatchObject({ found: true, score: 1 });
    expect(locateQuote('any PreExisting Financial Product', page)).toMatchObject({ found: true, score: 1 });
  });

  it('reads ligatures as their letters', () => {
    const page = 'The ﬁrst ﬂoor oﬃce is eﬀective';
    expect(locateQuote('The first floor office is effective', page)).toMatchObject({ found: true, score: 1 });
    expect(locateQuote('The ﬁrst ﬂoor', 'The first floor')).toMatchObject({ found: true, score: 1 });
  });

  it('ignores whitespace, line breaks, dashes and table separators', () => {
    const page = 'Category A1 – Trading As a Principal\nEnterprise (4+ Applications) | Licensee Group | $3,640';
    expect(locateQuote('Category A1 - Trading   As a\nPrincipal Enterprise (4+ Applications) Licensee Group $3,640', page)).toMatchObject({
      found: true,
      score: 1,
    });
  });

  it('treats footnote digits glued to a word as optional, in the quote and in the page', () => {
    expect(locateQuote('Real Time11 Device $134.50', 'Real Time | Device | $134.50')).toMatchObject({ found: true, score: 1 });
    expect(located('Real Time Device $134.50', 'Real Time11 Device $134.50')).toBe('Real Time11 Device $134.50');
    expect(locateQuote('Real Time 11 Device', 'Real Time11 Device')).toMatchObject({ found: true, score: 1 });
    expect(locateQuote('Real Time¹¹ Device', 'Real Time Device')).toMatchObject({ found: true, score: 1 });
    // analytics-data-fee-list-november-2025.pdf, page 1, as pdftotext reads it.
    expect(locateQuote('CME Option Volatility Greeks1,3', 'CME Option Volatility Greeks\nEffective July 1, 2025')).toMatchObject({ found: true, score: 1 });
  });

  it('keeps a one-letter code with its digit (`A1`)', () => {
    expect(locateQuote('Category A2', 'Category A1').found).toBe(false);
  });

  it('matches permuted table cells, preferring the order of the quote only as a tie-breaker', () => {
    const page = 'Device | $134.50 | Real Time';
    expect(locateQuote('Real Time Device $134.50', page)).toMatchObject({ found: true, score: 1 });
    const twice = 'gamma beta alpha. Then: alpha beta gamma.';
    expect(located('alpha beta gamma', twice)).toBe('alpha beta gamma');
  });

  it('prefers the tighter window when the quote tokens also appear scattered', () => {
    const page = 'fees apply. Later the device count. The device fees apply monthly.';
    expect(located('device fees apply', page)).toBe('device fees apply');
  });

  it('does not assemble a quote from words spread over the page', () => {
    const filler = Array.from({ length: 60 }, (_, index) => `word${index}x`).join(' ');
    const page = `alpha ${filler} beta ${filler} gamma`;
    const location = locateQuote('alpha beta gamma', page);
    expect(location.found).toBe(false);
    expect(location.matchedTokens).toBe(1);
  });

  it('counts repeated quote words once per occurrence on the page', () => {
    const location = locateQuote('Licensee Group and Licensee Group', 'Licensee Group and others');
    expect(location.matchedTokens).toBe(3);
    expect(location.found).toBe(false);
  });

  it('returns not found for an empty or punctuation-only quote', () => {
    expect(locateQuote('  – | ', FEE_LIST_PAGE)).toEqual({ found: false, score: 0, matchedTokens: 0, quoteTokens: 0, missingTokens: [] });
  });

  it('maps the span back to the original characters', () => {
    const page = 'Intro.\nThe ﬁrst  item | $1,000.50 here';
    const location = locateQuote('first item $1,000.50', page);
    expect(location.span).toEqual({ start: 11, end: 33 });
    expect(page.slice(11, 33)).toBe('ﬁrst  item | $1,000.50');
  });
});

describe('tokenisePage', () => {
  it('keeps offsets and splits off glued footnote digits', () => {
    const page = tokenisePage('Real Time11 $29,280');
    expect(page.tokens).toEqual([
      { text: 'real', start: 0, end: 4 },
      { text: 'time', start: 5, end: 9 },
      { text: '11', start: 9, end: 11 },
      { text: '29,280', start: 13, end: 19 },
    ]);
    expect([...page.vocabulary]).toEqual(['real', 'time', '11', '29,280']);
  });

  it('locates a thousand quotes in a 5,000-character page quickly once the page is tokenised', () => {
    const sentence = 'Licensee must report all Internal Display Use of CME Term SOFR Information in accordance with Schedule 3. ';
    const pageText = Array.from({ length: 48 }, (_, index) => sentence.replace('3', String(index))).join('');
    expect(pageText.length).toBeGreaterThan(5000);
    const page = tokenisePage(pageText);
    const started = performance.now();
    for (let index = 0; index < 1000; index += 1) {
      locateQuoteInTokens(`report all Internal Display Use of CME Term SOFR Information in accordance with Schedule ${index % 48}`, page);
    }
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

it('QUOTE_MATCH_THRESHOLD lets a 10-token quote miss one token and no more', () => {
  expect(9 / 10).toBeGreaterThanOrEqual(QUOTE_MATCH_THRESHOLD);
  expect(8 / 10).toBeLessThan(QUOTE_MATCH_THRESHOLD);
});
