import { describe, expect, it } from 'vitest';
import { buildTermStatistics } from '../rerank/term-statistics.ts';
import { findNamesAbsentFromEvidence, findQuestionNames } from './find-names-absent-from-evidence.ts';

const names = (question: string) => findQuestionNames(question).map((name) => name.text);

describe('findQuestionNames', () => {
  it('reads runs of capitalised words, numbers after them, and acronyms that open a sentence', () => {
    expect(names('What is the monthly Harbour Market Profile device fee in 2026?')).toEqual(['Harbour Market Profile']);
    expect(names('What is the Level 1 real-time fee for RFR Austria?')).toEqual(['Level 1', 'RFR Austria']);
    expect(names('Which law governs the Quill Orchard – Tessel licence?')).toEqual(['Quill Orchard', 'Tessel']);
    expect(names('QA: does Schedule 7 apply?')).toEqual(['QA', 'Schedule 7']);
  });

  it('reads no name from sentence openings, function words or a question mostly in capitals', () => {
    expect(names('Under the agreement, what must be reported?')).toEqual([]);
    expect(names('What Is The Real Time Fee For Display Devices?')).toEqual([]);
    expect(names('how long is the term?')).toEqual([]);
    expect(names('HOW LONG MUST A LICENSEE RETAIN RECORDS?')).toEqual([]);
  });

  it('leaves out the spellings the source configures, possessives and spelled-out forms in parentheses', () => {
    const known = { expansions: [{ pattern: 'RT' }], anchors: [{ name: 'HX', aliases: ['Harbour Exchange'] }] };
    expect(findQuestionNames("What is HX's Category A1 RT fee?", known).map((name) => name.text)).toEqual(['Category A1']);
    expect(findQuestionNames('What are the Harbour Exchange RT fees?', known)).toEqual([]);
    expect(names('What does the QRX (Quarterly Report Exchange) cost?')).toEqual(['QRX']);
    expect(names("Who signs for Mrs. Fields' company in Jan 2026?")).toEqual(['Fields']);
  });

  it('matches a configured spelling case-insensitively, across any whitespace, and through the Kelvin sign and the long s', () => {
    const known = { anchors: [{ name: 'SK', aliases: ['Harbour Exchange'] }] };
    expect(findQuestionNames('What are the harbour   EXCHANGE Box fees?', known).map((name) => name.text)).toEqual(['Box']);
    expect(findQuestionNames('Does \u017f\u212a Box charge?', known).map((name) => name.text)).toEqual(['Box']);
    expect(findQuestionNames('Does SKY Box charge?', known).map((name) => name.text)).toEqual(['SKY Box']);
  });
});

describe('findNamesAbsentFromEvidence', () => {
  // An agreement whose parties are named in most of its chunks, a second one, three editions of a
  // fee list whose rows each price one thing, and eight other documents.
  const feeList = (year: number) => [
    { source: 'demo', doc: `fee-list-${year}.pdf`, sectionHeading: 'Display fees', text: 'Display Device | Real Time | Device | $101.50' },
    { source: 'demo', doc: `fee-list-${year}.pdf`, sectionHeading: 'Display fees', text: 'Display Device | Delayed | Device | $0.40' },
    ...['Top of Book', 'Depth of Book', 'End of Day', 'Historical', 'Snapshot'].map((category) => ({ source: 'demo', doc: `fee-list-${year}.pdf`, sectionHeading: 'Display fees', text: `Display Device | ${category} | Device | $12` })),
    { source: 'demo', doc: `fee-list-${year}.pdf`, sectionHeading: 'Display fees', text: 'Display Device | Market Profile | Device | $40' },
  ];
  const chunks = [
    ...Array.from({ length: 5 }, (_, index) => ({ source: 'demo', doc: 'exhibit-10.pdf', sectionHeading: `${index + 1}.`, text: `Quill shall deliver to Tessel the reports of clause ${index + 1}.` })),
    { source: 'demo', doc: 'exhibit-10.pdf', sectionHeading: '14. Law', text: 'This Agreement is governed by the laws of the State of New York.' },
    ...feeList(2026),
    ...Array.from({ length: 4 }, (_, index) => ({ source: 'demo', doc: 'exhibit-11.pdf', sectionHeading: `${index + 1}.`, text: `Harbour shall pay Lumen within ${index + 10} days.` })),
    ...feeList(2025),
    ...feeList(2024),
    ...Array.from({ length: 8 }, (_, index) => ({ source: 'demo', doc: `policy-${index}.pdf`, sectionHeading: 'Policy', text: 'Devices must be reported every month.' })),
  ];
  const statistics = buildTermStatistics(chunks);
  const absent = (question: string, evidence: typeof chunks) => findNamesAbsentFromEvidence(findQuestionNames(question), evidence, statistics).map((name) => name.text);

  it('refuses a row of another category: the name asked for is not in it', () => {
    const marketProfile = chunks.find((chunk) => chunk.text.includes('Market Profile'))!;
    expect(absent('What is the Market Profile device fee?', [chunks[6]!])).toEqual(['Market Profile']);
    expect(absent('What is the Market Profile device fee?', [chunks[6]!, marketProfile])).toEqual([]);
  });

  it('accepts a clause of the agreement whose parties the question names: the document is about them', () => {
    expect(absent('Which law governs the Quill / Tessel agreement?', [chunks[5]!])).toEqual([]);
    expect(absent('Which law governs the Quill / Lumen agreement?', [chunks[5]!])).toEqual(['Lumen']);
    // A word no document holds is not asked of the evidence (the source check reads it).
    expect(absent('Which law governs the Quill / Zephyr agreement?', [chunks[5]!])).toEqual([]);
  });

  it('refuses a name the source never writes, but not a typo of a word it writes nor a name glued into a file name', () => {
    const vocabulary = new Set(chunks.flatMap((chunk) => `${chunk.doc} ${chunk.sectionHeading} ${chunk.text}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
    const withVocabulary = (question: string) => findNamesAbsentFromEvidence(findQuestionNames(question), [chunks[6]!], statistics, vocabulary).map((name) => name.text);
    expect(withVocabulary('What is the Zephyrex device fee for Real Time data?')).toEqual(['Zephyrex']);
    expect(withVocabulary('What is the device fee for Snapshoot data?')).toEqual([]);
    // `fee-list-2026.pdf` glues `feelist`: a name inside a file name is written.
    expect(withVocabulary('Which device fee does the Feelist give?')).toEqual([]);
  });
});
