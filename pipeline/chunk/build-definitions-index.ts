import { LRUCache } from 'lru-cache';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { detectDefinitions } from './detect-definitions.ts';

/** The lookup key of a term: lowercased, whitespace collapsed to single spaces. */
function keyOf(term: string): string {
  return term.toLowerCase().replace(/\s+/g, ' ').trim();
}

interface RankedEntry {
  entry: DefinitionEntry;
  isDefinitions: boolean;
  ordinal: number;
  offset: number;
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Collects every defined term of the chunks (`detectDefinitions` on each chunk's text) into the
 * definitions index. A term defined several times keeps every entry; entries are sorted by key,
 * then those from definitions chunks first, then by document, page and position, so the same
 * chunks always give the same index.
 */
export function buildDefinitionsIndex(chunks: Chunk[]): DefinitionEntry[] {
  const collector = createDefinitionsCollector();
  for (const chunk of chunks) collector.add(chunk);
  return collector.finish();
}

/** Gathers a definitions index chunk by chunk: see `createDefinitionsCollector`. */
export interface DefinitionsCollector {
  /** Detects the chunk's definitions and keeps them (not the chunk); returns how many it found. */
  add(chunk: Chunk): number;
  /** The definitions index of every chunk added, as `buildDefinitionsIndex` over them in the same order. */
  finish(): DefinitionEntry[];
}

/**
 * `buildDefinitionsIndex` for an ingest that streams its chunks: each chunk's definitions are
 * detected once, when it is added, and only the entries are kept, not the chunk's text.
 */
export function createDefinitionsCollector(): DefinitionsCollector {
  const ranked: RankedEntry[] = [];
  return {
    add(chunk) {
      const terms = detectDefinitions(chunk.text).terms;
      for (const found of terms) {
        ranked.push({
          entry: {
            term: found.term,
            key: keyOf(found.term),
            definition: found.definition,
            chunkId: chunk.chunkId,
            doc: chunk.doc,
            page: chunk.pageStart,
            source: chunk.source,
          },
          isDefinitions: chunk.isDefinitions,
          ordinal: chunk.ordinal,
          offset: chunk.span.start + found.offset,
        });
      }
      return terms.length;
    },
    finish() {
      ranked.sort(
        (left, right) =>
          compareText(left.entry.key, right.entry.key) ||
          Number(right.isDefinitions) - Number(left.isDefinitions) ||
          compareText(left.entry.doc, right.entry.doc) ||
          left.entry.page - right.entry.page ||
          left.ordinal - right.ordinal ||
          left.offset - right.offset,
      );
      return ranked.map(({ entry }) => entry);
    },
  };
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The defined terms that occur in `text`: whole words, case-insensitive, any whitespace between the
 * words of a term, an optional plural `s`. Longer terms are matched first and claim their words, so
 * `Subscriber Display Device` does not also report `Subscriber` for the same words. Returns every
 * entry of each term found, longest term first, each term's entries in index order.
 */
export function findDefinedTerms(text: string, entries: readonly DefinitionEntry[]): DefinitionEntry[] {
  return [...createDefinedTermFinder(entries)(text)];
}

/** How many texts' findings a finder keeps (least recently used going first). */
const FINDINGS_KEPT = 2_048;

/**
 * `findDefinedTerms` over fixed `entries`, with each term's pattern compiled once: for the many
 * texts of one index (the question and the top candidates of every question). The findings of
 * recent texts are kept (a candidate's text recurs across questions, and a what-if replays each
 * question once per value); the array returned is shared: read it, never change it.
 */
export function createDefinedTermFinder(entries: readonly DefinitionEntry[]): (text: string) => readonly DefinitionEntry[] {
  const byKey = new Map<string, DefinitionEntry[]>();
  for (const entry of entries) {
    const group = byKey.get(entry.key);
    if (group) group.push(entry);
    else byKey.set(entry.key, [entry]);
  }
  const terms = [...byKey.keys()]
    .filter((key) => key !== '')
    .sort((left, right) => right.length - left.length || compareText(left, right))
    .map((key) => {
      const body = key.split(' ').map(escapeForPattern).join('\\s+');
      // The key's longest word: a text without it cannot match (a cheap test before the pattern).
      const needle = key.split(' ').reduce((longest, word) => (word.length > longest.length ? word : longest), '');
      // The words alone: the word boundaries are checked apart (`findBoundedMatches`), because
      // compiling `[\p{L}\p{N}]` case-insensitively into every term's pattern was most of a cold
      // question's time (hundreds of terms), for the same matches.
      return { key, needle, pattern: new RegExp(`${body}(?:s|es)?`, 'giu') };
    });
  const findings = new LRUCache<string, readonly DefinitionEntry[]>({ max: FINDINGS_KEPT });
  return (text) => {
    const known = findings.get(text);
    if (known !== undefined) return known;
    const claimed: { start: number; end: number }[] = [];
    const found: DefinitionEntry[] = [];
    const lower = text.toLowerCase();
    for (const { key, needle, pattern } of terms) {
      if (!lower.includes(needle)) continue;
      let matched = false;
      for (const { start, end } of findBoundedMatches(text, pattern)) {
        if (claimed.some((range) => start < range.end && end > range.start)) continue;
        claimed.push({ start, end });
        matched = true;
      }
      if (matched) found.push(...(byKey.get(key) ?? []));
    }
    Object.freeze(found);
    findings.set(text, found);
    return found;
  };
}

// A letter or digit, matched as the case-insensitive lookarounds of the patterns did (`i` also
// admits the few marks whose case folding is a letter).
const WORD_CHARACTER = /^[\p{L}\p{N}]$/iu;

/** The code point of `text` that starts at `index` (`after`) or ends there (`before`); empty at either end. */
function codePointAround(text: string, index: number, side: 'before' | 'after'): string {
  if (side === 'after') {
    if (index >= text.length) return '';
    const code = text.codePointAt(index)!;
    return String.fromCodePoint(code);
  }
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(index - 2, index) : text.slice(index - 1, index);
}

/**
 * The matches of `pattern` (global, unicode) in `text` that stand alone: no letter or digit right
 * before or after. The same matches, in the same order, as `text.matchAll` of the pattern wrapped in
 * `(?<![\p{L}\p{N}])…(?![\p{L}\p{N}])`: a match that is not alone is tried again one code point
 * further on, as the regular expression engine does; a pattern ending in `(?:s|es)?` needs no
 * other try, since a shorter ending is followed by a letter whenever the longest one is.
 */
function* findBoundedMatches(text: string, pattern: RegExp): Generator<{ start: number; end: number }> {
  pattern.lastIndex = 0;
  for (;;) {
    const match = pattern.exec(text);
    if (match === null) return;
    const start = match.index;
    const end = start + match[0].length;
    const alone = !WORD_CHARACTER.test(codePointAround(text, start, 'before')) && !WORD_CHARACTER.test(codePointAround(text, end, 'after'));
    if (alone) yield { start, end };
    if (!alone || end === start) pattern.lastIndex = start + (codePointAround(text, start, 'after').length || 1);
    else pattern.lastIndex = end;
  }
}
