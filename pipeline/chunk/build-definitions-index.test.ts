import { describe, expect, it } from 'vitest';
import type { Chunk, DefinitionEntry, ExtractedDocument } from '../types.ts';
import { buildDefinitionsIndex, createDefinedTermFinder, createDefinitionsCollector, findDefinedTerms } from './build-definitions-index.ts';
import { chunkSections } from './chunk-sections.ts';

function chunksOf(doc: string, docHash: string, ...pages: string[]): Chunk[] {
  const document: ExtractedDocument = { format: 'pdf', pages: pages.map((text, index) => ({ page: index + 1, text })), headings: [], warnings: [] };
  return chunkSections({ document, doc, source: 'test', docHash, maxTokens: 320, minTokens: 0 });
}

const schedule = chunksOf(
  'schedule-5.pdf',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'Definitions\nSubscriber: any party receiving Information\nunder a Subscriber Addendum.\nSubscriber   Display Device: a Device used by a Subscriber.',
);
const guide = chunksOf(
  'guide.pdf',
  'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  '1. Scope\nUnit of Count: the basis on which fees are assessed.',
  '2. Reporting\nSubscriber: a customer of a distributor.\nThe guide explains reporting.',
);

describe('buildDefinitionsIndex', () => {
  it('collects every defined term with its key, definition and chunk', () => {
    const entries = buildDefinitionsIndex([...guide, ...schedule]);
    expect(entries.map((entry) => [entry.key, entry.doc, entry.page])).toEqual([
      ['subscriber', 'schedule-5.pdf', 1],
      ['subscriber', 'guide.pdf', 2],
      ['subscriber display device', 'schedule-5.pdf', 1],
      ['unit of count', 'guide.pdf', 1],
    ]);
    expect(entries[0]).toEqual({
      term: 'Subscriber',
      key: 'subscriber',
      definition: 'any party receiving Information under a Subscriber Addendum.',
      chunkId: schedule[0]!.chunkId,
      doc: 'schedule-5.pdf',
      page: 1,
      source: 'test',
    });
    expect(entries[2]?.term).toBe('Subscriber Display Device');
  });

  it('puts definitions chunks first for a term defined several times, whatever the input order', () => {
    expect(guide.at(-1)?.isDefinitions).toBe(false);
    const forward = buildDefinitionsIndex([...schedule, ...guide]);
    expect(buildDefinitionsIndex([...guide, ...schedule])).toEqual(forward);
  });
});

describe('createDefinitionsCollector', () => {
  it('gives, chunk by chunk, the index of all the chunks at once, and counts what each chunk defines', () => {
    const collector = createDefinitionsCollector();
    const found = [...guide, ...schedule].map((chunk) => collector.add(chunk));
    expect(found.reduce((sum, count) => sum + count, 0)).toBe(4);
    expect(collector.finish()).toEqual(buildDefinitionsIndex([...schedule, ...guide]));
  });
});

describe('findDefinedTerms', () => {
  const entries = buildDefinitionsIndex([...schedule, ...guide]);

  it('finds whole-word, case-insensitive occurrences, longest term first', () => {
    const found = findDefinedTerms('What does a subscriber display device cost per UNIT OF COUNT?', entries);
    expect(found.map((entry) => entry.key)).toEqual(['subscriber display device', 'unit of count']);
  });

  it('finds a shorter term where the longer one does not cover it, with every entry of the term', () => {
    const found = findDefinedTerms('Must a Subscriber report each Subscriber Display Device?', entries);
    expect(found.map((entry) => [entry.key, entry.doc])).toEqual([
      ['subscriber display device', 'schedule-5.pdf'],
      ['subscriber', 'schedule-5.pdf'],
      ['subscriber', 'guide.pdf'],
    ]);
  });

  it('accepts plurals and line breaks inside a term but not partial words', () => {
    expect(findDefinedTerms('Units of\nCount? Subscribers?', entries).map((entry) => entry.key)).toEqual(['subscriber', 'subscriber']);
    expect(findDefinedTerms('unit of\ncount', entries).map((entry) => entry.key)).toEqual(['unit of count']);
    expect(findDefinedTerms('subscribership and nonsubscriber', entries)).toEqual([]);
  });
});

describe('createDefinedTermFinder matches as whole-word patterns do', () => {
  /** The finder as it was: each term one pattern with its word boundaries as lookarounds (the reference). */
  function findWithLookarounds(text: string, entries: readonly DefinitionEntry[]): DefinitionEntry[] {
    const keys = [...new Set(entries.map((entry) => entry.key))].sort((left, right) => right.length - left.length || (left < right ? -1 : left > right ? 1 : 0));
    const claimed: { start: number; end: number }[] = [];
    const found: DefinitionEntry[] = [];
    for (const key of keys) {
      const body = key.split(' ').map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
      let matched = false;
      for (const match of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${body}(?:s|es)?(?![\\p{L}\\p{N}])`, 'giu'))) {
        const start = match.index;
        const end = start + match[0].length;
        if (claimed.some((range) => start < range.end && end > range.start)) continue;
        claimed.push({ start, end });
        matched = true;
      }
      if (matched) found.push(...entries.filter((entry) => entry.key === key));
    }
    return found;
  }

  const entry = (term: string): DefinitionEntry => ({ term, key: term.toLowerCase(), definition: `${term} means…`, chunkId: `c-${term}`, doc: 'a.pdf', page: 1, source: 'cme' });
  const entries = ['Device', 'Display Device', 'Subscriber', 'E-mini', 'Fee', 'ss', 'Unit of Count', 'ιa', 'A1'].map(entry);
  const texts = [
    'Each Display Device and every Devices, devicess, devicees or devicesx; DEVICES. Sub-Devices too.',
    'Subscribers, subscriberes, Subscriber\u00a0Display\u00a0Device and display\n  device.',
    'e-mini E-Mini xe-mini e-minis e-minies; 4E-mini.',
    'fee fees feees FEE, Fee1 fee\u0345 \u0345fee 𝐀fee fee𝐀 😀fee fee😀.',
    'sss ssss s ss ss. ſs',
    'Unit of  Count, unit\tof count; Units of Count.',
    '\u0345ιa ιa ΙA ιas',
    'A1 a1s a1es xA1 A1x 2A1',
  ];

  it('finds the same terms in the same order as the lookaround patterns, edge cases included', () => {
    const finder = createDefinedTermFinder(entries);
    for (const text of texts) expect(finder(text).map((found) => found.term)).toEqual(findWithLookarounds(text, entries).map((found) => found.term));
    const joined = texts.join(' ');
    expect(finder(joined).map((found) => found.term)).toEqual(findWithLookarounds(joined, entries).map((found) => found.term));
  });
});
