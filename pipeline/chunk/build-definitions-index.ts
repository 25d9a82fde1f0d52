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
  const ranked: RankedEntry[] = [];
  for (const chunk of chunks) {
    for (const found of detectDefinitions(chunk.text).terms) {
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
  }
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
      return { key, needle, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${body}(?:s|es)?(?![\\p{L}\\p{N}])`, 'giu') };
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
      for (const match of text.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
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
