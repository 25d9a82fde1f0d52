import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { findQuestionTerms } from './find-question-terms.ts';
import type { QuestionTerm } from './find-question-terms.ts';
import { z } from 'zod';
import { AnchorConfig } from '../config/config-schema.ts';
import { loadProjectSources } from '../testing/load-project-sources.ts';

// The anchors the project configures for its CME source (`.clausegate.json`): the mechanism is general, the list is configuration.
const ANCHORS = z.array(AnchorConfig).parse((loadProjectSources().cme as { anchors: unknown }).anchors);
const byKind = (kind: AnchorConfig['kind']) => ANCHORS.filter((anchor) => anchor.kind === kind);

// The 30 questions of the original evaluation, from the shared corpus (none when it is missing: the tests that read them skip).
const questions = (testCorpus.available ? JSON.parse(readFileSync(testCorpus.path('reference', 'original-eval-questions.json'), 'utf8')) : []) as { id: number; question: string }[];

function brief(terms: readonly QuestionTerm[]): string[] {
  return terms.map((term) => `${term.kind}:${term.text}`);
}

function termsOf(question: string): string[] {
  return brief(findQuestionTerms(question, ANCHORS));
}

describe('findQuestionTerms', () => {
  it('finds an exchange outside the corpus', () => {
    expect(findQuestionTerms("What is Nasdaq's market data pricing?", ANCHORS)).toEqual([
      { kind: 'exchange', text: 'Nasdaq', variants: ['Nasdaq Stock Market', 'Nasdaq Nordic'] },
    ]);
  });

  it('finds a year', () => {
    expect(findQuestionTerms('What were the 2027 fees for real time data?', ANCHORS)).toEqual([{ kind: 'year', text: '2027', variants: [] }]);
  });

  it('finds only the exchange in a question full of generic words', () => {
    expect(findQuestionTerms('What is the real-time display device fee for CME market data?', ANCHORS)).toEqual([
      { kind: 'exchange', text: 'CME', variants: ['CME Group', 'Chicago Mercantile Exchange'] },
    ]);
    expect(termsOf('What are the subscriber device fees, the non-display fees and the redistribution license terms?')).toEqual([]);
  });

  it.skipIf(!testCorpus.available)(testCorpus.title('gives the expected terms for the original evaluation questions'), () => {
    const byId = new Map(questions.map((entry) => [entry.id, termsOf(entry.question)]));
    expect(byId.get(2)).toEqual(['figure:4+']);
    expect(byId.get(9)).toEqual(['product:CME Term SOFR', 'date:January 2026']);
    expect(byId.get(11)).toEqual(['exchange:GME']);
    expect(byId.get(12)).toEqual(['product:Event Contract Information']);
    expect(byId.get(19)).toEqual(['exchange:Nasdaq']);
    expect(byId.get(20)).toEqual(['exchange:CME', 'year:2030']);
    expect(byId.get(24)).toEqual(['date:April 1, 2025']);
    expect(byId.get(25)).toEqual(['product:CME Term SOFR', 'date:January 1, 2026']);
    for (const id of [5, 6, 7, 8, 10, 14, 15, 16, 17, 18, 21, 22, 23, 26, 27, 28, 29, 30]) {
      expect(byId.get(id), `question ${id}`).toEqual([]);
    }
  });

  it('reads dates in several forms, with variants', () => {
    expect(findQuestionTerms('What changed in the notice of August 14, 2025?', ANCHORS)).toEqual([
      {
        kind: 'date',
        text: 'August 14, 2025',
        variants: ['14 August 2025', 'Aug 14, 2025', '2025-08-14', '08/14/2025', '8/14/2025'],
      },
    ]);
    expect(findQuestionTerms('Fees from 1 January 2026?', ANCHORS)[0]).toEqual({
      kind: 'date',
      text: '1 January 2026',
      variants: ['January 1, 2026', 'Jan 1, 2026', '2026-01-01', '01/01/2026', '1/1/2026'],
    });
    expect(termsOf('Fees effective 2026-01-01 and 01/01/2026')).toEqual(['date:2026-01-01']);
    expect(termsOf('What happens on the 1st of April 2025 and on March 1?')).toEqual(['date:1st of April 2025', 'date:March 1']);
    expect(termsOf('Which fees apply in Sept. 2025?')).toEqual(['date:Sept. 2025']);
  });

  it('does not repeat a year that a date already names, but keeps other years', () => {
    expect(termsOf('Compare the 2025 list with January 1, 2025 and 2026')).toEqual(['date:January 1, 2025', 'year:2026']);
  });

  it('does not read the verb may as a month', () => {
    expect(termsOf('A Licensee may 2 times a year report usage')).toEqual([]);
    expect(termsOf('Which fees change in May 2026?')).toEqual(['date:May 2026']);
  });

  it('reads money with variants, percentages and counts', () => {
    expect(findQuestionTerms('Is the fee $1,250 per month?', ANCHORS)).toEqual([
      { kind: 'figure', text: '$1,250', variants: ['$1,250.00', '$1250', 'USD 1,250'] },
    ]);
    expect(termsOf('Is it $134.50, USD 3,000 or 22,878 USD?')).toEqual(['figure:$134.50', 'figure:USD 3,000', 'figure:22,878 USD']);
    expect(termsOf('Does the 1.5% late fee or the 75 percent maintenance rate apply?')).toEqual(['figure:1.5%', 'figure:75 percent']);
    expect(findQuestionTerms('What do 4+ applications cost?', ANCHORS)).toEqual([
      { kind: 'figure', text: '4+', variants: ['4 or more', 'four or more'] },
    ]);
    expect(termsOf('Fees for 4 or more applications and 15,001+ headcount')).toEqual(['figure:4 or more', 'figure:15,001+']);
    expect(termsOf('Financial institutions with total assets over $10 billion')).toEqual(['figure:$10 billion']);
  });

  it('does not read plain numbers, section numbers or thousands as years or figures', () => {
    expect(termsOf('What does Schedule 2 section 3.1 say about 2,000 devices and 25 users?')).toEqual([]);
    expect(termsOf('Is 20265 a year? Is 1.2026?')).toEqual([]);
  });

  it('finds products and benchmarks, the longest name winning', () => {
    expect(termsOf('What are the CVOL and BrokerTec fees?')).toEqual(['product:CVOL', 'product:BrokerTec']);
    expect(termsOf('Can I license Bitcoin or S&P 500 data via BTIC on EBS?')).toEqual([
      'product:Bitcoin',
      'product:S&P 500',
      'product:BTIC',
      'product:EBS',
    ]);
    expect(termsOf('What does the Nasdaq-100 index cost?')).toEqual(['product:Nasdaq-100']);
    expect(termsOf('Term SOFR versus SOFR')).toEqual(['product:Term SOFR', 'product:SOFR']);
    expect(termsOf('Russell 2000 licensing')).toEqual(['product:Russell 2000']);
  });

  it('finds parties', () => {
    expect(termsOf('Can Bloomberg, Refinitiv or FactSet redistribute the data?')).toEqual([
      'party:Bloomberg',
      'party:Refinitiv',
      'party:FactSet',
    ]);
    expect(termsOf('Does LSEG count as a London Stock Exchange vendor?')).toEqual(['party:LSEG', 'exchange:London Stock Exchange']);
    expect(termsOf('Which IMF rate drives the annual increase?')).toEqual(['party:IMF']);
  });

  it('finds exchanges inside and outside the corpus, once each, with their other names as variants', () => {
    expect(termsOf('CME, CBOT, NYMEX, COMEX and the Dubai Mercantile Exchange')).toEqual([
      'exchange:CME',
      'exchange:CBOT',
      'exchange:NYMEX',
      'exchange:COMEX',
      'exchange:Dubai Mercantile Exchange',
    ]);
    expect(termsOf('NYSE, Eurex, Cboe, SGX, HKEX and Japan Exchange Group data')).toEqual([
      'exchange:NYSE',
      'exchange:Eurex',
      'exchange:Cboe',
      'exchange:SGX',
      'exchange:HKEX',
      'exchange:Japan Exchange Group',
    ]);
    const gme = findQuestionTerms('What are the fees for GME (Gulf Mercantile Exchange) real-time distribution?', ANCHORS);
    expect(gme).toEqual([{ kind: 'exchange', text: 'GME', variants: ['Gulf Mercantile Exchange', 'DME', 'Dubai Mercantile Exchange'] }]);
    expect(termsOf('CME-cleared products on cme globex')).toEqual(['exchange:CME', 'product:cme globex']);
  });

  it('matches ambiguous abbreviations only in capitals and never inside words', () => {
    expect(termsOf('What does ICE charge for market data?')).toEqual(['exchange:ICE']);
    expect(termsOf('Is an ice machine a device? Send notice of the price.')).toEqual([]);
    expect(termsOf('Does the SEC require this? Response within 5 sec')).toEqual(['party:SEC']);
    expect(termsOf('Is the Commodity Exchange Act relevant?')).toEqual([]);
  });

  it('keeps the configured anchor list free of duplicate spellings across entries', () => {
    const spellings = ANCHORS.flatMap((anchor) =>
      [anchor.name, ...anchor.aliases].map((spelling) => spelling.toLowerCase()),
    );
    expect(new Set(spellings).size).toBe(spellings.length);
  });

  it('recognises every spelling of every configured anchor', () => {
    for (const [kind, list] of [
      ['exchange', byKind('exchange')],
      ['product', byKind('product')],
      ['party', byKind('party')],
    ] as const) {
      for (const anchor of list) {
        for (const spelling of [anchor.name, ...anchor.aliases]) {
          const terms = findQuestionTerms(`What about ${spelling} here?`, ANCHORS);
          expect(terms.map((term) => `${term.kind}:${term.text}`), spelling).toEqual([`${kind}:${spelling}`]);
        }
      }
    }
  });
});
