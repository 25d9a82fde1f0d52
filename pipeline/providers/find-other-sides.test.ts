import { describe, expect, it } from 'vitest';
import { findOtherSides, type SideCandidate } from './find-other-sides.ts';
import { profileQuestion } from '../question/index.ts';

function unit(text: string, context = 'Section\nfee list'): SideCandidate {
  return { text, context };
}

describe('findOtherSides', () => {
  const realTime = unit('Display Device | Real Time | Device | $134.50');
  const delayed = unit('Display Device | Delayed | Device | $0');
  const wallboard = unit('Wallboard | Delayed | $217');

  it('finds no other side when the best row names every qualifier of the question', () => {
    const profile = profileQuestion('What is the real time display device fee?');
    expect(findOtherSides(profile, realTime, [realTime, delayed, wallboard])).toEqual([]);
  });

  it('answers the other side of a comparison with the parallel row: the same labels but the side', () => {
    const profile = profileQuestion('What is the difference between the delayed and real time display device fees?');
    expect(findOtherSides(profile, realTime, [realTime, wallboard, delayed])).toEqual([delayed]);
  });

  it('answers the other year with the same row of that year’s list, named by its document', () => {
    const profile = profileQuestion('How much did the real time display device fee change from 2025 to 2026?');
    const row2026 = unit('Display Device | Real Time | Device | $134.50', 'Section\njanuary 2026 fee list pdf');
    const other2025 = unit('Wallboard | Real Time | $298.50', 'Section\njanuary 2025 fee list pdf');
    const row2025 = unit('Display Device | Real Time | Device | $130.10', 'Section\njanuary 2025 fee list pdf');
    expect(findOtherSides(profile, row2026, [row2026, other2025, row2025])).toEqual([row2025]);
  });

  it('answers a side of a comparison the best row names only by a heading listing the sides', () => {
    const heading = 'Harbour Rates – Alpha Index, Beta Index & Gamma Index\nrate fee list pdf';
    const alpha = unit('Level 2 Use | Alpha Index | Licensee Group | $3,100', heading);
    const gamma = unit('Level 2 Use | Gamma Index | Licensee Group | $1,900', heading);
    const beta = unit('Level 2 Use | Beta Index | Licensee Group | $2,250', heading);
    const compared = profileQuestion('Level 2 use: how does the Alpha Index fee compare with the Beta Index fee?');
    expect(findOtherSides(compared, alpha, [alpha, gamma, beta])).toEqual([beta]);
    // Not a comparison: the heading names what the row is read under, no side is sought.
    expect(findOtherSides(profileQuestion('What is the Level 2 use fee for the Alpha Index of the Harbour Rates?'), alpha, [alpha, gamma, beta])).toEqual([]);
  });

  it('answers a year no parallel unit answers with the best-ranked unit of that year', () => {
    const profile = profileQuestion('What was the real time professional device fee in 2025 and what is it in 2026?');
    const notice2025 = unit('Real Time Professional Device | $98.50', 'Fee Change Details\nfee notice september 2025 pdf');
    const other2026 = unit('Wallboard | Real Time | $298.50', 'Section\njanuary 2026 fee list pdf');
    const list2026 = unit('Display Device | Real Time | Device | $101.50', 'Section\njanuary 2026 fee list pdf');
    expect(findOtherSides(profile, notice2025, [notice2025, list2026, other2026])).toEqual([list2026]);
  });

  it('reads two sentences as parallel when they name the same question terms, and answers the other year with one', () => {
    const profile = profileQuestion('Until when are fees waived under the 2025 and the 2026 lists?');
    const waived2025 = unit('All fees listed above are waived until July 1, 2025.', 'Section\nfee list january 2025 pdf');
    const charged2026 = unit('Distribution fees are charged monthly.', 'Section\nfee list january 2026 pdf');
    const waived2026 = unit('All data fees listed above are waived until January 1, 2026.', 'Section\nfee list january 2026 pdf');
    expect(findOtherSides(profile, waived2025, [waived2025, charged2026, waived2026])).toEqual([waived2026]);
  });

  it('never pairs a table row with a sentence', () => {
    const profile = profileQuestion('What is the difference between the delayed and real time display device fees?');
    const sentence = unit('Delayed display device fees are waived.');
    expect(findOtherSides(profile, realTime, [realTime, sentence])).toEqual([]);
  });

  it('answers a side the question sets beside another with a conjunction by the unit naming it, laid out alike or not', () => {
    const profile = profileQuestion('Under the supply agreement, what copper and zinc delivery surcharges apply?');
    const copper = unit('Copper delivery surcharge: | 3%');
    const zinc = unit('The zinc delivery surcharge is two percent (2%) of the invoice, payable with it.');
    const freight = unit('Freight delivery surcharge: | 1%');
    // A row of another table that shares only the side's word (not `delivery`) does not answer it.
    const zincSheet = unit('Zinc sheet | Grade 2 | $40');
    expect(findOtherSides(profile, copper, [copper, freight, zincSheet, zinc])).toEqual([zinc]);
    // Without the conjunction nothing sets zinc beside copper: only a row laid out alike answers a side.
    expect(findOtherSides(profileQuestion('What copper delivery surcharge applies under the zinc supply agreement?'), copper, [copper, freight, zinc])).toEqual([]);
  });

  it('answers a comparison whose rows are told apart by words that are no terms, when the question writes both sides’ words', () => {
    const question = 'What is the yearly harbour storage fee, per warehouse vs all warehouses?';
    const perWarehouse = unit('Storage | Per Warehouse | Site | $40');
    const allWarehouses = unit('Storage | All Warehouses | Site | $150');
    const perDock = unit('Storage | Per Dock | Site | $25');
    expect(findOtherSides(profileQuestion(question), perWarehouse, [perWarehouse, perDock, allWarehouses], question)).toEqual([allWarehouses]);
    // Without a comparison, or when the question writes only one side's words, no row is set beside it.
    const single = 'What is the yearly harbour storage fee per warehouse?';
    expect(findOtherSides(profileQuestion(single), perWarehouse, [perWarehouse, allWarehouses], single)).toEqual([]);
    const oneSide = 'What is the yearly harbour storage fee, per warehouse vs per dock?';
    expect(findOtherSides(profileQuestion(oneSide), perWarehouse, [perWarehouse, allWarehouses], oneSide)).toEqual([]);
  });
});
