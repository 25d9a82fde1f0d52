import { describe, expect, it } from 'vitest';
import { buildTermStatistics, wordStems } from '../rerank/term-statistics.ts';
import { readDocumentNames } from './read-document-names.ts';

// Twelve agreements between different (invented) parties, each with the same kinds of clauses.
const PARTIES = ['Harbor Lumen', 'Quill Orchard', 'Tessel Forge', 'Brindle Axis', 'Marrow Peak', 'Oaken Relay', 'Vellum Crane', 'Sable Ridge', 'Cobalt Fern', 'Juniper Vault', 'Larch Meridian', 'Pewter Isle'];
const chunks = PARTIES.flatMap((party, index) => {
  const doc = `${party.toLowerCase().replace(' ', '-')}-licence-agreement.pdf`;
  return [
    { doc, sectionHeading: '1. Parties', text: `This Licence Agreement is made between ${party} Inc. (the Licensor) and the Licensee.` },
    { doc, sectionHeading: '5. Royalties', text: `The Licensee shall pay a royalty of ${index + 2} percent of Net Sales each quarter.` },
    { doc, sectionHeading: '9. Term', text: 'This Agreement continues for five years unless terminated on notice.' },
  ];
});
const statistics = buildTermStatistics(chunks);

describe('readDocumentNames', () => {
  it('picks the document a question names by its party and keeps the rest as the clause asked for', () => {
    const names = readDocumentNames('Under the Quill Orchard licence, what royalty does the Licensee pay?', statistics);
    expect(names).toBeDefined();
    expect([...names!.documents]).toEqual(['quill-orchard-licence-agreement.pdf']);
    expect(names!.text).not.toMatch(/Quill|Orchard/);
    expect(names!.text).toContain('royalty');
  });

  it('reads a name opening the question when it is no English word and the documents write it', () => {
    const names = readDocumentNames('Tessel licence: what royalty does the Licensee pay?', statistics);
    expect(names).toBeDefined();
    expect([...names!.documents]).toEqual(['tessel-forge-licence-agreement.pdf']);
    // A misspelt first word no document writes names nothing.
    expect(readDocumentNames('Waht royalty does the Licensee pay on Net Sales?', statistics)).toBeUndefined();
    // …nor a run-together first word whose stem is a function word.
    expect(readDocumentNames('Whats the royalty the Licensee pays on Net Sales?', statistics)).toBeUndefined();
  });

  it('names no document when the question holds no term that few documents share', () => {
    expect(readDocumentNames('What royalty does the Licensee pay on Net Sales?', statistics)).toBeUndefined();
    expect(readDocumentNames('How long does the Agreement continue?', statistics)).toBeUndefined();
  });

  it('learns names from the text, not from a list: an unseen party name names nothing', () => {
    expect(readDocumentNames('Under the Zephyr Basalt licence, what royalty is due?', statistics)).toBeUndefined();
  });
  it('names both agreements of a comparison, each by the names only it holds', () => {
    const names = readDocumentNames('Compare the royalty under the Quill Orchard licence with the Sable Ridge licence.', statistics);
    expect(names).toBeDefined();
    expect([...names!.documents].sort()).toEqual(['quill-orchard-licence-agreement.pdf', 'sable-ridge-licence-agreement.pdf']);
    expect(names!.groups.map((group) => [...group])).toEqual([['quill-orchard-licence-agreement.pdf'], ['sable-ridge-licence-agreement.pdf']]);
    expect(names!.text).not.toMatch(/Quill|Orchard|Sable|Ridge/);
  });

  it('names one agreement when every name the question gives is held by it', () => {
    const names = readDocumentNames('Does Quill Orchard Inc. pay a royalty under the Quill Orchard licence?', statistics);
    expect([...names!.documents]).toEqual(['quill-orchard-licence-agreement.pdf']);
    expect(names!.groups).toHaveLength(1);
  });
});

describe('readDocumentNames, a question in Title Case', () => {
  // One agreement holds an escrow clause: `Escrow` is a word few documents hold, not a name.
  const withEscrow = buildTermStatistics([
    ...chunks,
    { doc: 'harbor-lumen-licence-agreement.pdf', sectionHeading: '7. Escrow', text: 'The source code is held in Escrow by an agent.' },
  ]);

  it('reads a capitalised English word as a name only when the casing marks names', () => {
    const titled = readDocumentNames('What Escrow Fee Does Tessel Forge Pay Under The Licence', withEscrow);
    expect(titled!.naming).toEqual(wordStems('Tessel'));
    expect(titled!.groups.map((group) => [...group])).toEqual([['tessel-forge-licence-agreement.pdf']]);
    // Written as a sentence, a capitalised word is a name the writer chose to mark.
    const marked = readDocumentNames('What does the Escrow clause say under the Tessel Forge licence?', withEscrow);
    expect(marked!.naming).toEqual(expect.arrayContaining([...wordStems('Escrow')]));
  });
});

describe('readDocumentNames, the words of a name', () => {
  it('gives every word of a capitalised name holding a naming term, not the other words', () => {
    const names = readDocumentNames('What insurance must Quill Orchard Holdings keep under the licence?', statistics);
    expect(names!.naming.sort()).toEqual(['orchard', 'quill']);
    expect(names!.nameStems).toEqual(expect.arrayContaining(['quill', 'orchard', ...wordStems('Holdings')]));
    expect(names!.nameStems).not.toContain(wordStems('insurance')[0]);
    expect(names!.nameStems).not.toContain(wordStems('licence')[0]);
  });
});
