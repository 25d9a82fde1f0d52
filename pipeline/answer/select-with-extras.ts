import type { EvidenceSelection } from './select-evidence.ts';

/**
 * Evidence selected with extra items that may join it but take no item's place: `select` runs on
 * `evidence` alone, then on `evidence` followed by `extras`; the second selection stands only when
 * every item the first kept is still kept (a budget or a per-document cap may otherwise let an extra
 * push out evidence the gate passed). Returns the selection and the items it was made from.
 */
export function selectWithExtras<Item>(
  evidence: readonly Item[],
  extras: readonly Item[],
  select: (items: readonly Item[]) => EvidenceSelection,
): { selection: EvidenceSelection; items: Item[] } {
  const alone = select(evidence);
  if (extras.length === 0) return { selection: alone, items: [...evidence] };
  const items = [...evidence, ...extras];
  const joined = select(items);
  const keptIds = new Set(joined.kept.map((item) => item.chunk.chunkId));
  return alone.kept.every((item) => keptIds.has(item.chunk.chunkId)) ? { selection: joined, items } : { selection: alone, items: [...evidence] };
}
