import { countTokens } from '../chunk/count-tokens.ts';
import type { Chunk } from '../types.ts';

/** A chunk for tests: `text` under the heading `Fees` on page 2 of `doc` (default `cme/<chunkId>.pdf`), its whole page, prose. */
export function createTestChunk(chunkId: string, text: string, doc = `cme/${chunkId}.pdf`): Chunk {
  return {
    chunkId,
    doc,
    source: 'cme',
    docHash: `hash-of-${doc}`,
    ordinal: 0,
    pageStart: 2,
    pageEnd: 2,
    sectionHeading: 'Fees',
    span: { start: 0, end: text.length },
    text,
    tokenCount: countTokens(text),
    isDefinitions: false,
    kind: 'prose',
  };
}
