import { describe, expect, it } from 'vitest';
import { findRunningLines } from './find-running-lines.ts';

describe('findRunningLines', () => {
  it('finds the header and footer most pages repeat, page numbers included', () => {
    const pages = ['Widget Index', 'Gadget Rate', 'Gizmo Futures'].map((product, index) => [
      'ACME Benchmark Fee List',
      product,
      'Real Time | Device | $5',
      `${product} fees are billed annually.`,
      `Fee List 2026 – Page ${index + 1} of 3`,
    ]);
    expect(findRunningLines(pages)).toEqual([
      { header: 1, footer: 1 },
      { header: 1, footer: 1 },
      { header: 1, footer: 1 },
    ]);
  });

  it('needs more than half of the pages, and never a document of one page', () => {
    const pages = [['ACME Fee List', 'Widget Index'], ['ACME Fee List', 'Gadget Rate'], ['Notes', 'Fees are annual.'], ['Signature', 'Date']];
    expect(findRunningLines(pages).map((counts) => counts.header)).toEqual([0, 0, 0, 0]);
    expect(findRunningLines([['ACME Fee List', 'Widget Index']])).toEqual([{ header: 0, footer: 0 }]);
  });

  it('keeps numbered titles apart unless the number is the page number', () => {
    const pages = [['Article 4', 'Fees are annual.'], ['Article 5', 'Fees are annual.'], ['Article 6', 'Fees are annual.']];
    expect(findRunningLines(pages).map((counts) => counts.header)).toEqual([0, 0, 0]);
  });

  it('counts only the unbroken run at the edge and never a table row', () => {
    const pages = [1, 2, 3].map((page) => ['Description | Unit of Count | Annually', 'ACME Fee List', `Fee row ${page} | Device | $5`, 'Closing text of the page.']);
    // The column header repeats but belongs to the table, so the title under it is not at the edge.
    expect(findRunningLines(pages).map((counts) => counts.header)).toEqual([0, 0, 0]);
  });
});
