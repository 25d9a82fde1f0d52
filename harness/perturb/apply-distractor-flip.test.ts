import { describe, expect, it } from 'vitest';
import { KNOWN_EXCHANGES, KNOWN_PARTIES, KNOWN_PRODUCTS } from './perturb-anchors.ts';
import { applyDistractorFlip, FLIP_EXCHANGES, FLIP_PRODUCTS, YEARS_ABSENT_FROM_CORPUS } from './apply-distractor-flip.ts';
import { createSeededRandom } from './create-seeded-random.ts';
import { findAnchorMentions } from './find-anchor-mentions.ts';
import { SYNTHETIC_SUITE } from './synthetic-suite.fixture.ts';

const ANCHORS = [...KNOWN_EXCHANGES, ...KNOWN_PRODUCTS, ...KNOWN_PARTIES];

function inCorpusNames(question: string): string[] {
  return findAnchorMentions(question)
    .filter((mention) => mention.anchor.inCorpus)
    .map((mention) => mention.anchor.name);
}

describe('applyDistractorFlip', () => {
  it('swaps an exchange, a product or a year for one the corpus lacks', () => {
    const flips = new Set<string>();
    for (let seed = 0; seed < 40; seed += 1) flips.add(applyDistractorFlip('What is the CME display device fee for 2026?', createSeededRandom(seed))!.question);
    const exchanges = [...flips].filter((question) => question.endsWith('for 2026?'));
    const years = [...flips].filter((question) => question.startsWith('What is the CME'));
    expect(exchanges.length + years.length).toBe(flips.size);
    for (const question of exchanges) expect(FLIP_EXCHANGES.map((exchange) => `What is the ${exchange} display device fee for 2026?`)).toContain(question);
    expect(new Set(years)).toEqual(new Set(['What is the CME display device fee for 2027?', 'What is the CME display device fee for 2028?']));

    const product = applyDistractorFlip('What are the CME Term SOFR license fees?', createSeededRandom(1))!;
    expect(product.question).toMatch(/^What are the (SONIA|TONA|SARON|BSBY) license fees\?$/u);
    expect(product.note).toMatch(/^product CME Term SOFR → (SONIA|TONA|SARON|BSBY) \(the CME documents do not cover/u);
    // A single year moves forward, past the corpus.
    expect(applyDistractorFlip('What changed on August 14, 2023?', createSeededRandom(1))!.question).toMatch(/^What changed on August 14, (2027|2028)\?$/u);
  });

  it('replaces every mention of the swapped exchange', () => {
    const edit = applyDistractorFlip('Does CME charge the CME fee to CME members?', createSeededRandom(2))!;
    expect(inCorpusNames(edit.question)).toEqual([]);
    expect(edit.question).toMatch(/^Does (\w+) charge the \1 fee to \1 members\?$/u);
    expect(edit.swapped).toBe('CME');
  });

  it('never leaves an in-corpus anchor it swapped, nor adds one, across the synthetic suite', () => {
    let flipped = 0;
    for (const base of SYNTHETIC_SUITE) {
      const before = new Set(inCorpusNames(base.question));
      for (let seed = 0; seed < 20; seed += 1) {
        const edit = applyDistractorFlip(base.question, createSeededRandom(seed, base.id));
        if (edit === undefined) continue;
        flipped += 1;
        expect(edit.question).not.toBe(base.question);
        const after = inCorpusNames(edit.question);
        for (const name of after) expect(before.has(name), `${edit.question}: ${name}`).toBe(true);
        if (!/^\d{4}$/u.test(edit.swapped!)) {
          expect(after).not.toContain(findAnchorMentions(base.question).find((mention) => mention.text === edit.swapped)!.anchor.name);
          expect(findAnchorMentions(edit.question).some((mention) => !mention.anchor.inCorpus)).toBe(true);
        } else {
          expect(YEARS_ABSENT_FROM_CORPUS.some((year) => edit.question.includes(String(year)))).toBe(true);
        }
      }
    }
    expect(flipped).toBeGreaterThan(200);
  });

  it('prefers another thing to swap when told to avoid one', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      expect(applyDistractorFlip('What is the CME display device fee for 2026?', createSeededRandom(seed), ['CME'])!.swapped).toBe('2026');
    }
    expect(applyDistractorFlip('What is the CVOL fee?', createSeededRandom(1), ['CVOL'])!.question).toBe('What is the VIX fee?');
  });

  it('writes one name for mentions side by side, and leaves a question about two names of one exchange alone', () => {
    for (let seed = 0; seed < 10; seed += 1) {
      const edit = applyDistractorFlip('What are the fees for GME (Gulf Mercantile Exchange) real-time distribution?', createSeededRandom(seed))!;
      expect(edit.question).toMatch(/^What are the fees for [\w&]+ real-time distribution\?$/u);
      expect(applyDistractorFlip("What's the Level 3 fee for RepoFunds Rate RFR Euro?", createSeededRandom(seed))!.question).toMatch(/^What's the Level 3 fee for [A-Z]+ Euro\?$/u);
    }
    expect(applyDistractorFlip('When did the Dubai Mercantile Exchange become the Gulf Mercantile Exchange?', createSeededRandom(1))).toBeUndefined();
  });

  it('flips no exchange of a list of CME Group exchanges, and moves the years of a comparison apart', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      const edit = applyDistractorFlip('How much is the Public Website license for CME, CBOT, NYMEX and COMEX Information in 2025?', createSeededRandom(seed))!;
      expect(edit.question).toMatch(/^How much is the Public Website license for CME, CBOT, NYMEX and COMEX Information in 202[78]\?$/u);
      expect(applyDistractorFlip('What was the GME fee in 2025?', createSeededRandom(seed), ['GME'])!.question).toMatch(/^What was the GME fee in (2019|2022)\?$/u);
      const comparison = applyDistractorFlip('How much did the fee go up from 2025 to 2026?', createSeededRandom(seed))!.question;
      expect(['from 2019 to 2026', 'from 2022 to 2026', 'from 2025 to 2027', 'from 2025 to 2028'].some((range) => comparison.includes(range))).toBe(true);
    }
  });

  it('does not apply to a question without an exchange, product or year', () => {
    expect(applyDistractorFlip('What is a Subscriber?', createSeededRandom(1))).toBeUndefined();
    expect(applyDistractorFlip('Is the fee $2,025.00 or 25%?', createSeededRandom(1))).toBeUndefined();
    // Anchors the corpus already lacks, and parties, are not flipped.
    expect(applyDistractorFlip('Can Bloomberg redistribute Nasdaq data under SEC rules?', createSeededRandom(1))).toBeUndefined();
  });

  it('flips only to anchors marked out of the corpus', () => {
    const byName = new Map(ANCHORS.map((anchor) => [anchor.name, anchor]));
    for (const target of [...FLIP_EXCHANGES, ...Object.values(FLIP_PRODUCTS).flat(), 'S&P 500', 'FTSE 100', 'Nikkei 225', 'Russell 2000', 'MSCI']) {
      expect(byName.get(target)?.inCorpus, target).toBe(false);
    }
    for (const name of Object.keys(FLIP_PRODUCTS)) expect(byName.get(name)?.inCorpus, name).toBe(true);
  });
});
