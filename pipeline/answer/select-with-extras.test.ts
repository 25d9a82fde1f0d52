import { describe, expect, it } from 'vitest';
import type { EvidenceSelection } from './select-evidence.ts';
import { selectWithExtras } from './select-with-extras.ts';

interface Item {
  id: string;
}

/** A selection keeping the first `room` items, as a budget would. */
function keepFirst(room: number): (items: readonly Item[]) => EvidenceSelection {
  return (items) => {
    const kept = items.slice(0, room).map((item) => ({ chunk: { chunkId: item.id } }));
    return { kept, drops: [], evidenceTokens: 0, empty: kept.length === 0 } as unknown as EvidenceSelection;
  };
}

describe('selectWithExtras', () => {
  const evidence = [{ id: 'a' }, { id: 'b' }];
  it('lets extras join when everything selected without them stays', () => {
    const { selection, items } = selectWithExtras(evidence, [{ id: 'note' }], keepFirst(3));
    expect(selection.kept.map((item) => item.chunk.chunkId)).toEqual(['a', 'b', 'note']);
    expect(items.map((item) => item.id)).toEqual(['a', 'b', 'note']);
  });

  it('keeps the selection without extras when they would push evidence out', () => {
    const pushing = (items: readonly Item[]) => keepFirst(2)(items.length > 2 ? [items[0]!, items[2]!] : items);
    const { selection, items } = selectWithExtras(evidence, [{ id: 'note' }], pushing);
    expect(selection.kept.map((item) => item.chunk.chunkId)).toEqual(['a', 'b']);
    expect(items.map((item) => item.id)).toEqual(['a', 'b']);
  });
});
