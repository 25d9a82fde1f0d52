import { describe, expect, it } from 'vitest';
import { AnchorConfig } from '../config/config-schema.ts';
import { findAnchorSpellings } from './find-anchor-spellings.ts';

const anchors = [
  AnchorConfig.parse({ kind: 'exchange', name: 'Northwind Exchange', aliases: ['NWX', 'Northwind'], exactCase: ['NWX'] }),
  AnchorConfig.parse({ kind: 'product', name: 'Term Rate', aliases: ['TR Index'] }),
];

const found = (text: string) => findAnchorSpellings(text, anchors).map(({ anchor, text: written, start }) => `${anchor.name}:${written}@${start}`);

describe('findAnchorSpellings', () => {
  it('finds every spelling as whole words, case ignored but for exact-case spellings, with one list reused across texts', () => {
    // The same list each time: patterns are compiled as texts first need them, with the same matches.
    expect(found('What does nwx charge?')).toEqual([]);
    expect(found('What does NWX charge for the term rate?')).toEqual(['Northwind Exchange:NWX@10', 'Term Rate:term rate@29']);
    expect(found('northwind exchange fees, Northwinds, the TR  index')).toEqual([
      'Northwind Exchange:northwind exchange@0',
      'Northwind Exchange:northwind@0',
      'Term Rate:TR  index@41',
    ]);
    expect(found('What does NWX charge for the term rate?')).toEqual(['Northwind Exchange:NWX@10', 'Term Rate:term rate@29']);
    expect(found('nothing named here')).toEqual([]);
  });
});
