/** A deterministic source of random numbers: the same seed and labels always give the same sequence. */
export interface SeededRandom {
  /** The next number in `[0, 1)`. */
  next(): number;
  /** An integer in `[0, count)`; 0 when `count` is below 1. */
  integer(count: number): number;
  /** One of `items`, or `undefined` when there are none. */
  pick<Item>(items: readonly Item[]): Item | undefined;
  /** A shuffled copy of `items` (Fisher–Yates). */
  shuffle<Item>(items: readonly Item[]): Item[];
}

/**
 * A mulberry32 generator seeded with `seed` mixed with `labels`. Labels give each base case and
 * kind its own stream (`createSeededRandom(1, 'fees-001', 'typo', '1')`), so that adding a case or a
 * kind does not change the variants of the others.
 */
export function createSeededRandom(seed: number, ...labels: readonly string[]): SeededRandom {
  let state = hashText(`${seed}\u0000${labels.join('\u0000')}`);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (count: number): number => (count < 1 ? 0 : Math.floor(next() * Math.floor(count)));
  return {
    next,
    integer,
    pick: (items) => (items.length === 0 ? undefined : items[integer(items.length)]),
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = integer(index + 1);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
  };
}

// FNV-1a over UTF-16 code units, then a murmur3 finaliser so that near-identical labels spread.
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
