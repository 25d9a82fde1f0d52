import type { AnchorConfig } from '../config/config-schema.ts';
import { createPhrasePattern } from './create-phrase-pattern.ts';

/** What an anchor is. */
export type AnchorKind = AnchorConfig['kind'];

/** One place a text writes a spelling of one of a source's anchors. */
export interface AnchorSpelling {
  kind: AnchorKind;
  anchor: AnchorConfig;
  /** The characters as written. */
  text: string;
  start: number;
  end: number;
}

interface CompiledSpelling {
  anchor: AnchorConfig;
  spelling: string;
  /** Built from `spelling` the first time a text holds `needle`: a source has hundreds of spellings and a question names a few. */
  pattern: RegExp | undefined;
  /** The spelling's longest run of letters or digits, lower case: a text without it cannot match (a cheap test before the pattern). */
  needle: string;
}

// Listed once per anchor list (a source's configuration is read once per process); each pattern is
// compiled when first needed (compiling all of them was most of a cold question's anchor lookup).
const compiledByList = new WeakMap<readonly AnchorConfig[], readonly CompiledSpelling[]>();

/**
 * Every place `text` writes a spelling of one of `anchors` (a source's configured exchanges,
 * products and parties): whole words, letter case ignored except for an anchor's `exactCase`
 * spellings (`ICE`, not `ice`). Matches may overlap (`CME Term SOFR` and `CME`); callers choose
 * among them.
 */
export function findAnchorSpellings(text: string, anchors: readonly AnchorConfig[]): AnchorSpelling[] {
  const found: AnchorSpelling[] = [];
  const lower = text.toLowerCase();
  for (const compiled of listSpellings(anchors)) {
    if (!lower.includes(compiled.needle)) continue;
    const { anchor, spelling } = compiled;
    compiled.pattern ??= createPhrasePattern(spelling, { caseSensitive: anchor.exactCase.includes(spelling) });
    for (const match of text.matchAll(compiled.pattern)) {
      found.push({ kind: anchor.kind, anchor, text: match[0], start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

function listSpellings(anchors: readonly AnchorConfig[]): readonly CompiledSpelling[] {
  let compiled = compiledByList.get(anchors);
  if (compiled === undefined) {
    compiled = anchors.flatMap((anchor) =>
      [anchor.name, ...anchor.aliases].map((spelling) => ({
        anchor,
        spelling,
        pattern: undefined,
        needle: (spelling.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ['']).reduce((longest, run) => (run.length > longest.length ? run : longest), ''),
      })),
    );
    compiledByList.set(anchors, compiled);
  }
  return compiled;
}
