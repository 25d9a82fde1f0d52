import { describe, expect, it } from 'vitest';
import { isClausegateError } from '../errors.ts';
import type { GenerationEvidence } from '../providers/generator.ts';
import { renderAnswer } from './render-answer.ts';

const evidence: GenerationEvidence[] = [
  {
    anchor: 'C0',
    chunkId: 'fee-0007',
    doc: 'cme/january-2026-market-data-fee-list.pdf',
    page: 1,
    sectionHeading: 'Display Device',
    text: 'Display Device\nReal Time Device $134.50\nDelayed Device $0\nNon-Professional Top of Book Device $1.55',
  },
  {
    anchor: 'C1',
    chunkId: 'policy-0001',
    doc: 'cme/information-policies-v5-04.pdf',
    page: 1,
    sectionHeading: '1. Unit of Count',
    text: '1.1. The default Unit of Count is Device. 1.2. Information entitled for access from a single source is counted once.',
  },
];

describe('renderAnswer', () => {
  it('renders a table row as heading — row label: value, one sentence per line', () => {
    const rendered = renderAnswer(
      {
        kind: 'answer',
        confidence: 'High',
        sentences: [
          { text: 'Display Device | Real Time | Device | $134.50', anchors: ['C0'] },
          { text: 'The default Unit of Count is Device.', anchors: ['C1'] },
        ],
      },
      evidence,
    );
    expect(rendered.text).toBe('Display Device — Real Time, Device: $134.50 [C0].\nThe default Unit of Count is Device [C1].');
    expect(rendered.citations.map((citation) => citation.quote)).toEqual(['Real Time Device $134.50', '1.1. The default Unit of Count is Device.']);
  });

  it('renders sentences with their anchors and one citation per anchor, quoting the best-matching line', () => {
    const rendered = renderAnswer(
      {
        kind: 'answer',
        confidence: 'High',
        sentences: [
          { text: 'The real-time display device fee is $134.50 per month.', anchors: ['C0'] },
          { text: 'Fees are counted per Device, the default Unit of Count [C1].', anchors: ['C0'] },
        ],
      },
      evidence,
    );
    expect(rendered).toEqual({
      text: 'The real-time display device fee is $134.50 per month [C0].\nFees are counted per Device, the default Unit of Count [C0][C1].',
      citations: [
        { anchor: 'C0', chunkId: 'fee-0007', doc: 'cme/january-2026-market-data-fee-list.pdf', page: 1, sectionHeading: 'Display Device', quote: 'Real Time Device $134.50' },
        { anchor: 'C1', chunkId: 'policy-0001', doc: 'cme/information-policies-v5-04.pdf', page: 1, sectionHeading: '1. Unit of Count', quote: '1.1. The default Unit of Count is Device.' },
      ],
    });
  });

  it('renders a refusal as its text, without citations', () => {
    expect(renderAnswer({ kind: 'refusal', text: ' Not addressed. ' }, evidence)).toEqual({ text: 'Not addressed.', citations: [] });
  });

  it('refuses to render an anchor that is not in the evidence', () => {
    let caught: unknown;
    try {
      renderAnswer({ kind: 'answer', confidence: 'Low', sentences: [{ text: 'Invented.', anchors: ['C7'] }] }, evidence);
    } catch (error) {
      caught = error;
    }
    expect(isClausegateError(caught, 'internal')).toBe(true);
  });
});
