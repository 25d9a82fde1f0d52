import { describe, expect, it } from 'vitest';
import { findProtectedSpans } from './find-protected-spans.ts';

function protectedTexts(question: string): string[] {
  return findProtectedSpans(question).map((span) => `${span.reason}:${question.slice(span.start, span.end)}`);
}

describe('findProtectedSpans', () => {
  it('protects numbers, amounts, years, dates, counts, acronyms, anchors and quotes', () => {
    expect(protectedTexts('Is the "Device" fee $1,250.00 for 4+ CME Term SOFR users since August 14, 2025 under the ILA, or 1.5%?')).toEqual([
      'quoted:"Device"',
      'number:$1,250.00',
      'number:4+',
      'acronym:CME',
      'anchor:CME Term SOFR',
      'acronym:SOFR',
      'date:August',
      'number:14',
      'number:2025',
      'acronym:ILA',
      'number:1.5%',
    ]);
  });

  it('protects month names only inside dates, and names the corpus lacks as well as those it has', () => {
    expect(protectedTexts('What changes on 1 April and in March?')).toEqual(['number:1', 'date:April']);
    expect(protectedTexts('Does Bloomberg or Nasdaq redistribute BrokerTec data?')).toEqual(['anchor:Bloomberg', 'anchor:Nasdaq', 'acronym:BrokerTec', 'anchor:BrokerTec']);
    expect(protectedTexts('What is the real-time display device fee?')).toEqual([]);
  });
});
