import { createPhrasePattern } from './create-phrase-pattern.ts';
import { KNOWN_EXCHANGES, KNOWN_PARTIES, KNOWN_PRODUCTS } from './known-anchors.ts';
import type { KnownAnchor } from './known-anchors.ts';

/** What a known anchor is. */
export type AnchorKind = 'exchange' | 'product' | 'party';

/** One place a text writes a spelling of a known exchange, product or party. */
export interface AnchorSpelling {
  kind: AnchorKind;
  anchor: KnownAnchor;
  /** The characters as written. */
  text: string;
  start: number;
  end: number;
}

interface CompiledSpelling {
  kind: AnchorKind;
  anchor: KnownAnchor;
  pattern: RegExp;
  /** The spelling's longest run of letters or digits, lower case: a text without it cannot match (a cheap test before the pattern). */
  needle: string;
}

const COMPILED_SPELLINGS: readonly CompiledSpelling[] = [
  ...compile('exchange', KNOWN_EXCHANGES),
  ...compile('product', KNOWN_PRODUCTS),
  ...compile('party', KNOWN_PARTIES),
];

/**
 * Every place `text` writes a spelling of `KNOWN_EXCHANGES`, `KNOWN_PRODUCTS` or `KNOWN_PARTIES`:
 * whole words, letter case ignored except for an anchor's `exactCase` spellings (`ICE`, not `ice`).
 * Matches may overlap (`CME Term SOFR` and `CME`); callers choose among them.
 */
export function findAnchorSpellings(text: string): AnchorSpelling[] {
  const found: AnchorSpelling[] = [];
  const lower = text.toLowerCase();
  for (const { kind, anchor, pattern, needle } of COMPILED_SPELLINGS) {
    if (!lower.includes(needle)) continue;
    for (const match of text.matchAll(pattern)) {
      found.push({ kind, anchor, text: match[0], start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

function compile(kind: AnchorKind, anchors: readonly KnownAnchor[]): CompiledSpelling[] {
  return anchors.flatMap((anchor) =>
    [anchor.name, ...anchor.aliases].map((spelling) => ({
      kind,
      anchor,
      pattern: createPhrasePattern(spelling, { caseSensitive: anchor.exactCase?.includes(spelling) ?? false }),
      needle: (spelling.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ['']).reduce((longest, run) => (run.length > longest.length ? run : longest), ''),
    })),
  );
}
