import { describe, expect, it } from 'vitest';
import { formatAnswer } from './format-answer.ts';

describe('formatAnswer', () => {
  const citations = [
    { anchor: 'C0', doc: 'fee-list.pdf', page: 1 },
    { anchor: 'C1', doc: 'scanned-notice.pdf', page: 2, ocr: true },
  ];

  it('lists the sources after the answer, a page read by OCR marked (OCR)', () => {
    expect(formatAnswer('Fees rise [C0]. They rise by 3.5% [C1].', citations, 'end_list', 'plain')).toBe(
      'Fees rise. They rise by 3.5%.\n\nSources:\n[C0] fee-list.pdf, page 1\n[C1] scanned-notice.pdf, page 2 (OCR)',
    );
  });

  it('numbers the citations inline and lists them in markdown, with the same mark', () => {
    expect(formatAnswer('Fees rise [C0]. They rise by 3.5% [C1].', citations, 'inline_numbers', 'markdown')).toBe(
      'Fees rise [1]. They rise by 3.5% [2].\n\n**Sources**\n- [1] fee-list.pdf, page 1\n- [2] scanned-notice.pdf, page 2 (OCR)',
    );
  });
});
