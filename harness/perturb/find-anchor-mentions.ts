import { KNOWN_EXCHANGES, KNOWN_PARTIES, KNOWN_PRODUCTS } from '../../pipeline/question/index.ts';
import type { KnownAnchor } from '../../pipeline/question/index.ts';

/** What a known anchor is. */
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

interface CompiledSpelling {
  kind: AnchorKind;
  anchor: KnownAnchor;
  pattern: RegExp;
}

const COMPILED_SPELLINGS: readonly CompiledSpelling[] = [
  ...compile('exchange', KNOWN_EXCHANGES),
  ...compile('product', KNOWN_PRODUCTS),
  ...compile('party', KNOWN_PARTIES),
];

/**
 * Where `question` names an anchor of `KNOWN_EXCHANGES`, `KNOWN_PRODUCTS` or `KNOWN_PARTIES`, in
 * order and without overlaps, the longest mention winning (`CME Term SOFR` is one product, not the
 * exchange CME and the product Term SOFR). Matching follows the question stage: whole words,
 * letter case ignored except for the anchor's `exactCase` spellings (`ICE`, not `ice`).
 */
export function findAnchorMentions(question: string): AnchorMention[] {
  const candidates: AnchorMention[] = [];
  for (const { kind, anchor, pattern } of COMPILED_SPELLINGS) {
    for (const match of question.matchAll(pattern)) {
      candidates.push({ kind, anchor, text: match[0], start: match.index, end: match.index + match[0].length });
    }
  }
  candidates.sort((left, right) => left.start - right.start || right.end - right.start - (left.end - left.start));
  const chosen: AnchorMention[] = [];
  for (const candidate of candidates) {
    if (chosen.some((kept) => candidate.start < kept.end && kept.start < candidate.end)) continue;
    chosen.push(candidate);
  }
  return chosen;
}

function compile(kind: AnchorKind, anchors: readonly KnownAnchor[]): CompiledSpelling[] {
  return anchors.flatMap((anchor) =>
    [anchor.name, ...anchor.aliases].map((spelling) => ({
      kind,
      anchor,
      pattern: createWholeWordPattern(spelling, anchor.exactCase?.includes(spelling) ?? false),
    })),
  );
}

// Whole words on both sides; a digit may follow a final letter (a footnote marker, `SOFR1`), as in the question stage.
function createWholeWordPattern(spelling: string, caseSensitive: boolean): RegExp {
  const body = spelling
    .trim()
    .split(/\s+/u)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const first = spelling.trim().at(0) ?? '';
  const last = spelling.trim().at(-1) ?? '';
  const before = /\p{L}/u.test(first) ? '(?<!\\p{L})' : /\p{N}/u.test(first) ? '(?<!\\p{N})' : '';
  const after = /\p{L}/u.test(last) ? '(?!\\p{L})' : /\p{N}/u.test(last) ? '(?!\\p{N})(?![.,]\\p{N})' : '';
  return new RegExp(`${before}${body}${after}`, caseSensitive ? 'gu' : 'giu');
}
