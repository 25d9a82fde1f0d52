import { describe, expect, it } from 'vitest';
import { buildSourcePhrases, buildSourceVocabulary, findNamesAbsentFromSource, findPhrasesAbsentFromSource, findRequiredActionAbsentFromSource } from './find-names-absent-from-source.ts';

const vocabulary = buildSourceVocabulary([
  { doc: 'january-2026-market-data-fee-list.pdf', sectionHeading: 'CME Group Fee List', text: 'CME, CBOT, NYMEX and COMEX Information\nReal Time | Device | $134.50' },
  { doc: 'benchmark-data-fee-list-january-2026.pdf', sectionHeading: 'CME Term SOFR', text: 'Category 2 – Use in OTC Derivative Products\nCVOL FX and CVOL Interest Rates' },
  { doc: 'information-policies-v5-04.pdf', sectionHeading: '4. Entitlement Systems', text: 'Licensee Group must possess an entitlement system.' },
]);

describe('findNamesAbsentFromSource', () => {
  it('finds an acronym no document contains', () => {
    expect(findNamesAbsentFromSource("What SOC 2 report must a distributor's entitlement system have?", vocabulary)).toEqual(['SOC']);
    expect(findNamesAbsentFromSource('What does CME charge for VIX and NYSE data?', vocabulary)).toEqual(['VIX', 'NYSE']);
  });

  it('passes acronyms the source holds in any letter case, and the document names', () => {
    expect(findNamesAbsentFromSource('What is the CME Term SOFR Category 2 OTC fee for CBOT?', vocabulary)).toEqual([]);
    expect(findNamesAbsentFromSource('Does the CVOL FX license cover NYMEX?', vocabulary)).toEqual([]);
  });

  it('ignores ordinary words, single capitals, labels and the expansion rules\' abbreviations', () => {
    expect(findNamesAbsentFromSource('How must a Subscriber report a laptop under Category A1?', vocabulary)).toEqual([]);
    expect(findNamesAbsentFromSource('What is the RT DOM fee?', vocabulary, ['RT', 'DOM'])).toEqual([]);
  });

  it('reads nothing into a question written in capitals', () => {
    expect(findNamesAbsentFromSource('WHAT SOC 2 REPORT MUST A DISTRIBUTOR HAVE?', vocabulary)).toEqual([]);
  });
});

describe('findRequiredActionAbsentFromSource', () => {
  it('finds an action a requirement question asks about that no document words', () => {
    expect(findRequiredActionAbsentFromSource('Does the Subscriber Addendum require subscribers to encrypt CME market data at rest?', vocabulary)).toBe('encrypt');
    expect(findRequiredActionAbsentFromSource('Does the Subscriber Addendum reqhire subscribers to encrypt data?', vocabulary)).toBe('encrypt');
  });

  it('passes an action the source words in any form, and questions that ask no requirement', () => {
    expect(findRequiredActionAbsentFromSource('Is a Licensee Group required to possess an entitlement system?', vocabulary)).toBeUndefined();
    expect(findRequiredActionAbsentFromSource('Can a Subscriber encrypt the data?', vocabulary)).toBeUndefined();
  });
});

describe('findPhrasesAbsentFromSource', () => {
  const chunks = [
    { doc: 'schedule-5.pdf', sectionHeading: '10. Television Distribution', text: 'Television Distribution: visual display of Information to the public by television broadcast.' },
    { doc: 'benchmark.pdf', sectionHeading: 'CME Group Volatility Index (CVOL™)', text: 'CVOL FX and CVOL Interest Rates\nDaily Return Benchmarks\nPerformance Benchmarking Use | Licensee\nthe updated terms are available via this link.' },
    { doc: 'fees.pdf', sectionHeading: 'E-Mini', text: 'E-Mini\nCBOT | Device | $48.75' },
  ];
  const words = buildSourceVocabulary(chunks);
  const phrases = buildSourcePhrases(chunks);

  it('finds a name whose words the source holds but never side by side', async () => {
    expect(await findPhrasesAbsentFromSource('How much is the CME FX Link market data license?', words, phrases)).toEqual(['CME FX Link']);
  });

  it('reads a pair glued in a file name as written, and the first word as part of a name the source writes with the next', async () => {
    const licence = [{ doc: 'ACMERIVERSTRUST_2019-EX-10.1-Licence.pdf', sectionHeading: 'Royalty', text: 'Acme pays a royalty. The Rivers are held in Trust.' }];
    const licenceWords = buildSourceVocabulary(licence);
    const licencePhrases = buildSourcePhrases(licence);
    expect(await findPhrasesAbsentFromSource('What royalty does the Acme Rivers Trust licence set?', licenceWords, licencePhrases)).toEqual(['Acme Rivers Trust']);
    expect(await findPhrasesAbsentFromSource('What royalty does the Acme Rivers Trust licence set?', licenceWords, licencePhrases, [licence[0]!.doc])).toEqual([]);
    // `Acme Rivers` is written, `Rivers Austria` is not: one pair of two is no absent name; without the first word it would be.
    const franchise = [{ doc: 'f.pdf', sectionHeading: 'Royalty', text: 'Acme Rivers pays a royalty. Austria is the territory.' }];
    const franchiseWords = buildSourceVocabulary(franchise);
    expect(await findPhrasesAbsentFromSource('Acme Rivers Austria: what royalty is due?', franchiseWords, buildSourcePhrases(franchise))).toEqual([]);
    expect(await findPhrasesAbsentFromSource('Rivers Austria: what royalty is due?', franchiseWords, buildSourcePhrases(franchise))).toEqual([]);
    expect(await findPhrasesAbsentFromSource('What royalty is due for Rivers Austria?', franchiseWords, buildSourcePhrases(franchise))).toEqual(['Rivers Austria']);
  });

  it('reads a camel-case brand as one word, not a capitalised name inside it (`eBenchmarking Link` is no `Benchmarking Link`)', async () => {
    expect(await findPhrasesAbsentFromSource('Who pays for the eBenchmarking Link feed?', words, phrases)).toEqual([]);
  });

  it('passes names the source writes, names joined from two of its names, and tables naming the exchange apart', async () => {
    expect(await findPhrasesAbsentFromSource('How much does a Television Distribution license cost?', words, phrases)).toEqual([]);
    expect(await findPhrasesAbsentFromSource('Who needs a Daily Return Performance Benchmarking license?', words, phrases)).toEqual([]);
    expect(await findPhrasesAbsentFromSource('What was the E-mini CBOT display device fee?', words, phrases)).toEqual([]);
  });

  it('leaves unknown words (typos), the first word and questions in capitals to other checks', async () => {
    expect(await findPhrasesAbsentFromSource('How much is the Televison Distribution license?', words, phrases)).toEqual([]);
    expect(await findPhrasesAbsentFromSource('Link FX data: what is it?', words, phrases)).toEqual([]);
    expect(await findPhrasesAbsentFromSource('HOW MUCH IS THE FX LINK LICENSE?', words, phrases)).toEqual([]);
  });

  it('reads the phrases through a reader only when it checks a pair of words, once', async () => {
    const reads: string[] = [];
    const reader = async () => {
      reads.push('read');
      return phrases;
    };
    expect(await findPhrasesAbsentFromSource('What is a display device?', words, reader)).toEqual([]);
    expect(reads).toEqual([]);
    expect(await findPhrasesAbsentFromSource('How much is the CME FX Link market data license?', words, reader)).toEqual(['CME FX Link']);
    expect(reads).toEqual(['read']);
  });
});
