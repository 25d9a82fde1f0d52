import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../pipeline/types.ts';
import { rebuildPageTexts } from './rebuild-page-texts.ts';

function chunk(doc: string, page: number, start: number, text: string): Chunk {
  return {
    chunkId: `${doc}-${page}-${start}`,
    doc,
    source: 'sample',
    docHash: 'hash',
    ordinal: 0,
    pageStart: page,
    pageEnd: page,
    sectionHeading: '',
    span: { start, end: start + text.length },
    text,
    tokenCount: 1,
    isDefinitions: false,
    kind: 'prose',
  };
}

describe('rebuildPageTexts', () => {
  it('places each chunk at its span, fills the gaps with spaces and keeps pages and documents apart', () => {
    const pages = rebuildPageTexts([chunk('a.pdf', 1, 0, 'First.'), chunk('a.pdf', 1, 8, 'Second.'), chunk('a.pdf', 2, 2, 'Other page.'), chunk('b.txt', 1, 0, 'B')]);
    expect(pages.get('a.pdf')?.get(1)).toBe('First.  Second.');
    expect(pages.get('a.pdf')?.get(2)).toBe('  Other page.');
    expect(pages.get('b.txt')?.get(1)).toBe('B');
  });

  it('keeps offsets: every chunk text is the slice of its span, overlapping chunks included', () => {
    const chunks = [chunk('a.pdf', 1, 0, 'abcdef'), chunk('a.pdf', 1, 3, 'defgh'), chunk('a.pdf', 1, 10, 'xyz')];
    const text = rebuildPageTexts(chunks).get('a.pdf')!.get(1)!;
    for (const item of chunks) expect(text.slice(item.span.start, item.span.end)).toBe(item.text);
  });
});
