import { KNOWN_EXCHANGES, KNOWN_PARTIES, KNOWN_PRODUCTS } from './perturb-anchors.ts';
import type { KnownAnchor } from './perturb-anchors.ts';

/** What an anchor is. */
export type AnchorKind = 'exchange' | 'product' | 'party';

/** One place a question names a known exchange, product or party. */
export interface AnchorMention {
  kind: AnchorKind;
  anchor: KnownAnchor;
  /** The characters as written. */
  text: string;
  start: number;
  end: number;
}

const SPELLINGS = [
  ...spellings('exchange', KNOWN_EXCHANGES),
  ...spellings('product', KNOWN_PRODUCTS),
  ...spellings('party', KNOWN_PARTIES),
];

/**
 * Where `question` names an anchor of `KNOWN_EXCHANGES`, `KNOWN_PRODUCTS` or `KNOWN_PARTIES`, in
 * order and without overlaps, the longest mention winning (`CME Term SOFR` is one product, not the
 * exchange CME and the product Term SOFR). Whole words (no letter or digit on either side; any
 * whitespace between the words of a spelling), letter case ignored except for the anchor's
 * `exactCase` spellings (`ICE`, not `ice`).
 */
export function findAnchorMentions(question: string): AnchorMention[] {
  const candidates: AnchorMention[] = [];
  for (const { kind, anchor, pattern } of SPELLINGS) {
    for (const match of question.matchAll(pattern)) candidates.push({ kind, anchor, text: match[0], start: match.index, end: match.index + match[0].length });
  }
  candidates.sort((left, right) => left.start - right.start || right.end - right.start - (left.end - left.start));
  const chosen: AnchorMention[] = [];
  for (const candidate of candidates) {
    if (chosen.some((kept) => candidate.start < kept.end && kept.start < candidate.end)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

function spellings(kind: AnchorKind, anchors: readonly KnownAnchor[]) {
  return anchors.flatMap((anchor) =>
    [anchor.name, ...anchor.aliases].map((spelling) => {
      const body = spelling.trim().split(/\s+/u).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
      const flags = anchor.exactCase?.includes(spelling) === true ? 'gu' : 'giu';
      return { kind, anchor, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}])`, flags) };
    }),
  );
}
