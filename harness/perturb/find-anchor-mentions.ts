import { findAnchorSpellings } from '../../pipeline/question/index.ts';
import type { AnchorSpelling } from '../../pipeline/question/index.ts';

export type { AnchorKind } from '../../pipeline/question/index.ts';

/** One place a question names a known exchange, product or party. */
export type AnchorMention = AnchorSpelling;

/**
 * Where `question` names an anchor of `KNOWN_EXCHANGES`, `KNOWN_PRODUCTS` or `KNOWN_PARTIES`, in
 * order and without overlaps, the longest mention winning (`CME Term SOFR` is one product, not the
 * exchange CME and the product Term SOFR). Matching follows the question stage: whole words,
 * letter case ignored except for the anchor's `exactCase` spellings (`ICE`, not `ice`).
 */
export function findAnchorMentions(question: string): AnchorMention[] {
  const candidates: AnchorMention[] = findAnchorSpellings(question);
  candidates.sort((left, right) => left.start - right.start || right.end - right.start - (left.end - left.start));
  const chosen: AnchorMention[] = [];
  for (const candidate of candidates) {
    if (chosen.some((kept) => candidate.start < kept.end && kept.start < candidate.end)) continue;
    chosen.push(candidate);
  }
  return chosen;
}
