import { describe, expect, it } from 'vitest';
import { findPartAnswers, type PartCandidate, type PartMeasure } from './find-part-answers.ts';
import { profileQuestion } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';
import { measureSegment } from '../relevance/index.ts';

interface TestUnit extends PartCandidate {
  text: string;
}

const units: TestUnit[] = [
  { text: 'The licensor may inspect the records once in any twelve (12) month period.', rank: 2, order: 1 },
  { text: 'Each inspection requires no less than thirty (30) days’ written notice to the licensee.', rank: 1, order: 2 },
  { text: 'THIS AGREEMENT is made between Alder Works Ltd and Birch Media LLC.', rank: 0.5, order: 3 },
];

function measure(part: QuestionProfile, unit: TestUnit): PartMeasure {
  const relevance = measureSegment(part, unit.text, 'Inspection');
  return { relevance, rank: relevance.coverage + (relevance.askMet ? 0.5 : 0) };
}

const parts = (...questions: string[]) => questions.map((question) => profileQuestion(question));

describe('findPartAnswers', () => {
  it('answers a part the chosen units leave unanswered with the unit holding what that part asks', () => {
    const found = findPartAnswers(parts('How often may the licensor inspect the records', 'how much notice must it give'), [units[0]!], units, measure);
    expect(found).toEqual([units[1]]);
  });

  it('adds nothing for a part a chosen unit already answers, or for a question of one part', () => {
    expect(findPartAnswers(parts('How often may the licensor inspect the records', 'how much notice must it give'), [units[0]!, units[1]!], units, measure)).toEqual([]);
    expect(findPartAnswers(parts('How often may the licensor inspect the records'), [units[1]!], units, measure)).toEqual([]);
  });

  it('does not bring the opening paragraph for the names that only say which agreement is meant', () => {
    const found = findPartAnswers(parts('Under the Alder Works and Birch Media agreement, how often may the licensor inspect the records', 'how much notice must it give'), [units[0]!], units, measure);
    expect(found).toEqual([units[1]]);
  });

  it('answers a value part with its best unit when a chosen unit naming one of its words holds another value', () => {
    const acceptance: TestUnit[] = [
      { text: 'Upon written notice by the vendor, the customer shall test the software for an acceptance period of 30 business days.', rank: 2, order: 1 },
      { text: 'The customer may reject the software if the vendor is unable to correct a deficiency within 45 business days of written notice.', rank: 1, order: 2 },
    ];
    const asked = parts('How long is the acceptance test', 'how long does the vendor have to correct a deficiency before the customer can reject the software');
    expect(findPartAnswers(asked, [acceptance[0]!], acceptance, measure)).toEqual([acceptance[1]]);
  });

  it('answers a value part with its own clause when the chosen clause, as near for it, states another value', () => {
    const fees: TestUnit[] = [
      { text: 'Within the warranty period the licensee may pay a one-time buy-out fee of $1,400,000 for the runtime licence.', rank: 2, order: 1 },
      { text: 'The maintenance fee after the warranty period shall be $20,000 per year.', rank: 1, order: 2 },
    ];
    const asked = parts('What is the yearly maintenance fee after the warranty', 'what does the one-time runtime buy-out cost');
    expect(findPartAnswers(asked, [fees[0]!], fees, measure)).toEqual([fees[1]]);
    // The same value stated by a chosen clause answers the part: nothing is added.
    const restated: TestUnit = { text: 'After the warranty period the licensee pays a maintenance fee of $20,000 per year, and it may pay a one-time buy-out fee of $1,400,000 for the runtime licence.', rank: 3, order: 0 };
    expect(findPartAnswers(asked, [restated], [restated, ...fees], measure)).toEqual([]);
  });

  it('answers a part with its best unit when a chosen unit names its qualifiers but not what it asks about', () => {
    // The chosen fee clause names `monthly gross sales` and states a percentage, as the royalty part asks,
    // but not the royalty: the part's best names every word the chosen one does, and the royalty too.
    const fees: TestUnit[] = [
      { text: 'The licensee shall pay a marketing fund fee of 2% of its monthly gross sales.', rank: 2, order: 1 },
      { text: 'The licensee shall pay a continuing royalty of 6% of its monthly gross sales.', rank: 1, order: 2 },
    ];
    const asked = parts('What royalty on monthly gross sales', 'what marketing fund fee does the licensee pay');
    expect(findPartAnswers(asked, [fees[0]!], fees, measure)).toEqual([fees[1]]);
  });

  it('on a tie for a part, prefers a clause not yet in the answer', () => {
    const removal: TestUnit[] = [
      { text: 'The licensee may remove a product after a fee increase notice by giving notice within thirty (30) days.', rank: 2, order: 1 },
      { text: 'Either party may remove a product by giving notice of at least ninety (90) days.', rank: 1, order: 2 },
    ];
    const asked = parts('How much notice is needed to remove a product', 'how long does the licensee have to remove a product after a fee increase notice');
    expect(findPartAnswers(asked, [removal[0]!], removal, measure)).toEqual([removal[1]]);
  });

  it('gives a unit stating one value to one part: a second part asking the same kind takes its next best', () => {
    const charges: TestUnit[] = [
      { text: 'Each additional floor plan drawing is licensed at a charge of $90 per drawing.', rank: 2, order: 1 },
      { text: 'The licence fee for the plans shall be $2,000 per year.', rank: 1, order: 2 },
    ];
    // Both parts rank the per-drawing sentence first; it states one amount, so the annual fee takes its own.
    const asked = parts('What is the annual licence fee for the floor plan drawings', 'what does each additional drawing cost');
    expect(findPartAnswers(asked, [charges[0]!], charges, measure)).toEqual([charges[1]]);
    // A unit stating both amounts answers both parts: nothing is added.
    const both: TestUnit = { text: 'The licence fee for the floor plan drawings is $2,000 per year and each additional drawing costs $90.', rank: 3, order: 0 };
    expect(findPartAnswers(asked, [both], [both, ...charges], measure)).toEqual([]);
    // A part nothing else answers keeps the shared unit.
    expect(findPartAnswers(asked, [charges[0]!], [charges[0]!], measure)).toEqual([]);
  });

  it('answers a part that refers back with a unit naming its own words, not only what it refers to', () => {
    const fee: TestUnit = { text: 'Access fee | Licensee | $420', rank: 2, order: 1 };
    const logged: TestUnit = { text: 'Archive access requests are logged for the licensee.', rank: 1, order: 2 };
    const first = profileQuestion('What is the archive access fee');
    // `and who is eligible for it`, read with the first part's terms and its own (as `partsOf` reads it).
    const own = profileQuestion('who is eligible for it');
    const referring = { ...profileQuestion('What is the archive access fee who is eligible for it'), ask: own.ask, ownTerms: own.terms };
    // A unit naming only what `it` is does not say who is eligible: nothing is added.
    expect(findPartAnswers([first, referring], [fee], [fee, logged], measure)).toEqual([]);
    const eligibility: TestUnit = { text: 'Archive access is open to eligible licensees holding a current display licence.', rank: 1, order: 3 };
    expect(findPartAnswers([first, referring], [fee], [fee, logged, eligibility], measure)).toEqual([eligibility]);
  });

  it('states nothing for a part no unit answers', () => {
    expect(findPartAnswers(parts('How often may the licensor inspect the records', 'what interest applies to late payments'), [units[0]!], units, measure)).toEqual([]);
  });
});
