import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DefinitionsFile, isStoredDefinition, StoredDefinition } from './definitions-file.ts';

const valid = { term: 'Device', key: 'device', definition: 'any unit that displays data', chunkId: 'a1-p3-20', doc: 'terms.pdf', page: 3, source: 'sample' };

// Entries that differ from a valid one in one way each: the one-pass check must say what zod says.
const variants: unknown[] = [
  valid,
  { ...valid, definition: '' },
  { ...valid, term: '' },
  { ...valid, key: 7 },
  { ...valid, chunkId: undefined },
  { ...valid, doc: null },
  { ...valid, page: 0 },
  { ...valid, page: 1.5 },
  { ...valid, page: Number.POSITIVE_INFINITY },
  { ...valid, page: '3' },
  { ...valid, source: '' },
  { ...valid, extra: true },
  JSON.parse('{"term":"a","key":"a","definition":"","chunkId":"c","doc":"d","page":1,"source":"s","__proto__":{}}'),
  (({ source: _source, ...rest }) => rest)(valid),
  [valid],
  null,
  'Device',
  Object.assign(Object.create(null), valid),
];

describe('DefinitionsFile', () => {
  it('checks each entry as StoredDefinition does, in one pass', () => {
    for (const entry of variants) expect(isStoredDefinition(entry), JSON.stringify(entry)).toBe(StoredDefinition.safeParse(entry).success);
  });

  it('returns the entries as read, and names the first invalid one with what is wrong', () => {
    const file = { schemaVersion: 1, definitions: [valid, { ...valid, term: 'Display' }] };
    expect(DefinitionsFile.parse(file)).toEqual(file);

    const result = DefinitionsFile.safeParse({ schemaVersion: 1, definitions: [valid, valid, { ...valid, page: 0, extra: 1 }] });
    expect(result.success).toBe(false);
    expect(z.prettifyError(result.error!)).toMatch(/entry 2: .*page: Too small.*; .*extra/s);
    expect(z.prettifyError(result.error!)).toContain('→ at definitions');
    expect(DefinitionsFile.safeParse({ schemaVersion: 1, definitions: {} }).success).toBe(false);
    expect(DefinitionsFile.safeParse({ schemaVersion: 1, definitions: [], more: 1 }).success).toBe(false);
  });
});
