import { buildTermStatistics } from '../rerank/term-statistics.ts';
import { describe, expect, it } from 'vitest';
import { dropUnmatchedFraming, profileQuestion } from '../question/index.ts';
import { createOfflineReranker } from './offline-reranker.ts';
import { createExtractiveGenerator } from './extractive-generator.ts';
import type { RerankCandidate } from './reranker.ts';
import { describeRerankerContract } from './reranker.contract.ts';
import { SourceConfig } from '../config/config-schema.ts';
import { loadProjectSources } from '../testing/load-project-sources.ts';

// The CME source's lexicon as the project configures it (`.clausegate.json`): its publisher words and exchange families.
const CME = SourceConfig.parse(loadProjectSources().cme).lexical;

describeRerankerContract('offline-lexical', () => ({ reranker: createOfflineReranker() }));

const FEE_QUESTION = 'What is the real-time display device fee for CME market data?';

function candidate(chunkId: string, sectionHeading: string, text: string): RerankCandidate {
  return { chunkId, doc: `${chunkId}.pdf`, sectionHeading, text };
}

async function scoreOf(question: string, item: RerankCandidate) {
  const [score] = await createOfflineReranker(CME).rerank(question, [item]);
  if (!score) throw new Error('no score');
  return score;
}

describe('createOfflineReranker', () => {
  it('names itself offline-lexical / lexical-v1', () => {
    expect(createOfflineReranker().info).toEqual({ name: 'offline-lexical', model: 'lexical-v1' });
  });

  it('gives 3 to the fee row that answers the question', async () => {
    const score = await scoreOf(FEE_QUESTION, candidate('fees', 'Display Device', 'Real Time | Device | $134.50\nDelayed | Device | $0'));
    expect(score.score).toBe(3);
    expect(score.detail).toContain('Real Time | Device | $134.50');
    expect(score.detail).toContain('ask amount met');
  });

  it('caps at 1 a fee table whose rows split the qualifiers asked for', async () => {
    const table = candidate(
      'split',
      'Market Data Fees',
      [
        'Market Data Fees',
        'Service | Subscriber Category | Unit of Count | Monthly Fee',
        'Real-Time Top of Book | Professional | Display Device | $42.00',
        'Real-Time Top of Book | Non-Professional | Display Device | $3.50',
        'Real-Time Depth of Market | Professional | Display Device | $88.00',
        'Delayed Data | All Subscribers | Display Device | $0.00',
      ].join('\n'),
    );
    const split = await scoreOf('What is the monthly fee for Real-Time Depth of Market for a Non-Professional subscriber?', table);
    expect(split.score).toBe(1);
    expect(split.detail).toContain('no row with an amount names');
    // A row that names every qualifier answers; header-row words (`subscriber`, `monthly`) are context.
    expect((await scoreOf('What is the monthly fee for Real-Time Top of Book for a Non-Professional subscriber?', table)).score).toBe(3);
    expect((await scoreOf('What is the monthly fee for Real-Time Depth of Market for a Professional subscriber?', table)).score).toBe(3);
  });

  it('reads a row that names none of the qualifiers of the row above as its sub-item', async () => {
    const table = candidate(
      'fee-list',
      'CME, CBOT, NYMEX and COMEX Information',
      [
        'Description | Unit of Count | Monthly',
        'Non-Professional Depth of Market | Device | $11.70',
        'Bundle – all exchanges | Device | $35.40',
        'Non-Professional Top of Book | Device | $1.50',
        'Bundle – all exchanges | Device | $4.50',
      ].join('\n'),
    );
    const question = 'What is the bundle price for non-professional depth of market across all exchanges?';
    expect((await scoreOf(question, table)).score).toBeGreaterThanOrEqual(2);
    const generator = createExtractiveGenerator();
    const answer = await generator.generate({
      prompt: question,
      promptSha256: 'sha',
      question,
      evidence: [{ anchor: 'C0', chunkId: 'fee-list', doc: 'fee-list.pdf', page: 1, sectionHeading: table.sectionHeading, text: table.text }],
      refusal: 'refused',
      maxSentences: 6,
    });
    expect(answer.output.kind === 'answer' && answer.output.sentences[0]!.text).toBe('Bundle – all exchanges | Device | $35.40');
  });

  it('only checks the table holding the best answering row for split qualifiers', async () => {
    const text = [
      'Category A Maximum Fee for any',
      'combination of A1, A2 & A3',
      'Enterprise (4+ Applications) | Licensee Group | $7,340',
      'Basic (1 Application) | Licensee Group | $2,745',
      'Category C',
      'Enterprise (4+ Applications) | Licensee Group | $609',
      'User Non-Display Category A | Licensee | $457',
    ].join('\n');
    const score = await scoreOf('What is the maximum fee for Category A non-display at the Enterprise tier?', candidate('max', 'Non-Display', text));
    expect(score.score).toBeGreaterThanOrEqual(2);
  });

  it('gives 3 to the bare fee row even without a heading', async () => {
    const score = await scoreOf(FEE_QUESTION, candidate('row', '', 'Real Time | Device | $134.50'));
    expect(score.score).toBe(3);
  });

  it('gives at most 1 to an unrelated audit clause', async () => {
    const score = await scoreOf(
      FEE_QUESTION,
      candidate(
        'audit',
        'Audit',
        'Licensee Group shall retain all records relating to its use of Information for audit purposes for a period of five (5) years. CME may audit Licensee Group at any time on reasonable notice.',
      ),
    );
    expect(score.score).toBeLessThanOrEqual(1);
  });

  it('keeps a fee row of another product below 3', async () => {
    const score = await scoreOf(FEE_QUESTION, candidate('feed', 'Data Feed', 'Real Time | Data Feed | $610'));
    expect(score.score).toBeLessThan(3);
  });

  it('gives 3 to the chunk that defines the term a definition question asks about', async () => {
    const definitions = candidate(
      'definitions',
      'Definitions',
      'Affiliate: an entity that controls, is controlled by or is under common control with a Party.\nSubscriber: a person or entity that receives Information from a Distributor.',
    );
    const mention = candidate('mention', 'Reporting', 'Distributor shall report each Subscriber to CME every month.');
    const [defining, mentioning] = await createOfflineReranker(CME).rerank('What is a Subscriber according to CME licensing terms?', [definitions, mention]);
    expect(defining?.score).toBe(3);
    expect(defining?.detail).toContain('defines "subscriber"');
    expect(mentioning?.score).toBeLessThan(3);
  });

  it('needs a value in the line when the question asks for a duration', async () => {
    const question = 'How long must a Licensee Group retain records for audit purposes?';
    const withDuration = await scoreOf(question, candidate('a', 'Audit', 'Licensee Group shall retain records for audit purposes for five (5) years.'));
    const without = await scoreOf(question, candidate('b', 'Audit', 'Licensee Group shall retain records for audit purposes as CME directs.'));
    expect(withDuration.score).toBe(3);
    expect(without.score).toBeLessThan(3);
  });

  it('scores a chunk answering one part of a two-part question as relevant, never above 2', async () => {
    const question = 'How long does the hosting agreement initially last, and how much notice is needed to stop the automatic renewal?';
    const renewal = candidate('renewal', 'Term', 'Either party may stop the automatic renewal by written notice no later than thirty (30) days before the end of the year.');
    const score = await scoreOf(question, renewal);
    expect(score.score).toBe(2);
    expect(score.detail).toContain('part "how much notice is needed to stop the automatic renewal"');
    // …while a part that refers back to another (`…, and how much notice stops it?`) is not read alone.
    const referring = await scoreOf('How long does the hosting agreement initially last, and how much notice stops it renewing?', renewal);
    expect(referring.detail).not.toContain('part "');
    const elliptical = await scoreOf('How long does the hosting agreement initially last, and what about the automatic renewal notice?', renewal);
    expect(elliptical.detail).not.toContain('part "');
  });

  it('caps at 1 a chunk without the value a value question asks for', async () => {
    // Schedule 5 names the PPU Device Fee but never gives its amount: related, not an answer.
    const named = candidate('ppu', 'Fees', 'The Real Time PPU Device Fee applies to each Device that accesses Information on a per-use basis.');
    const amount = await scoreOf('What is the amount of the Real Time PPU Device Fee?', named);
    expect(amount.score).toBe(1);
    expect(amount.detail).toContain('asks for an amount, which no line of the chunk holds');
    const notice = candidate('notice', 'Audits', 'The Auditor shall give the Subscriber reasonable notice before an audit.');
    expect((await scoreOf('How much notice does an auditor have to give before an audit?', notice)).score).toBe(1);
    const days = candidate('days', 'Audits', 'Audits may be carried out once per twelve (12)-month period on no less than thirty (30) Days’ notice.');
    expect((await scoreOf('How much notice does an auditor have to give before an audit?', days)).score).toBe(3);
  });

  it('keeps a chunk without the value at 2 as context when another chunk of its document gives the value', async () => {
    // The Term SOFR notice: its introduction names the fees, its table on the next page prices them.
    const question = 'What are CME Term SOFR licensing fees for January 2026?';
    const introduction = 'Introduction of CME Term SOFR Information Data License Fees in 2026. Effective January 1, 2026, licensing fees are being introduced which may apply to you.';
    const notice = (chunkId: string, text: string, doc = 'term-sofr-notice-2026.pdf'): RerankCandidate => ({ chunkId, doc, sectionHeading: 'CME Term SOFR Licensing Fees', text });
    const table = notice('table', 'CME Term SOFR Data License Fees Effective January 1, 2026\nFinancial Institution | 1 - 25 | $50 | $125');
    const [intro, priced] = await createOfflineReranker(CME).rerank(question, [notice('intro', introduction), table]);
    expect(priced!.score).toBe(3);
    expect(intro!.score).toBe(2);
    expect(intro!.detail).toContain('another chunk of term-sofr-notice-2026.pdf holds the value asked for');
    // Alone, or beside another document's table, the introduction answers nothing.
    expect((await scoreOf(question, notice('intro', introduction))).score).toBe(1);
    const [otherIntro] = await createOfflineReranker(CME).rerank(question, [notice('intro', introduction, 'other-notice.pdf'), table]);
    expect(otherIntro!.score).toBe(1);
  });

  it('orders chunks of equal score by a finer strength', async () => {
    const [loose, tight] = await createOfflineReranker(CME).rerank(FEE_QUESTION, [
      candidate('loose', 'Fee List', 'Real Time | Display Device | $134.50\nDelayed | Data Feed | $304\nHistorical | Data Feed | $35,220'),
      candidate('tight', 'Real-Time Display Device Fees', 'Real Time | Display Device | $134.50'),
    ]);
    expect(loose!.score).toBe(tight!.score);
    expect(tight!.strength).toBeGreaterThan(loose!.strength!);
    expect(tight!.detail).toMatch(/strength \d+\.\d\d$/);
  });

  it('drops framing words no candidate names, and keeps those one does', async () => {
    const waiver = candidate('waiver', 'Fee Waivers', 'Device fee waivers may be granted for development and testing Devices.');
    const plain = await scoreOf('What are the device fee waiver policies?', waiver);
    const framed = await scoreOf('Our ops team asked me this: what are the device fee waiver policies?', waiver);
    expect(framed.score).toBe(plain.score);
    expect(framed.detail).not.toContain('ops');
    const profile = profileQuestion('Our desk has GME screens. What was the device fee in 2025?', CME);
    expect(profile.terms.filter((term) => term.framing).map((term) => term.display)).toEqual(['desk', 'gme', 'screens']);
    const kept = dropUnmatchedFraming(profile, ['GME | Real Time | Device | $101.50']);
    expect(kept.terms.map((term) => term.display)).toEqual(['gme', 'device', 'fee', '2025']);
  });

  it('reads a framing sentence as the situation: a chunk that does not name it is not the less relevant', async () => {
    const clause = candidate(
      'credit',
      'Reporting',
      'If the Corrected Report identifies a decrease, CME may issue a credit, but only if the Corrected Report was submitted within ninety (90) Days. Such credits are limited to a period of three (3) months.',
    );
    const question = 'We over-reported devices last quarter. Within what period must a Corrected Report be filed to get a credit, and how far back can the credit go?';
    const profile = profileQuestion(question, CME);
    expect(profile.contextSentence).toBe(true);
    expect(profile.ask).toBe('duration');
    // `within what` opens the question; `far`, `back`, `get` and `go` are its phrasing, not terms.
    expect(profile.terms.filter((term) => !term.framing).map((term) => term.display)).toEqual(['period', 'corrected', 'filed', 'credit']);
    // `take effect`: the verb is phrasing; `effect` is what an `effective` date answers.
    expect(profileQuestion('When do the new fees take effect?', CME).terms.map((term) => term.display)).toEqual(['new', 'fees', 'effect']);
    const framed = await createOfflineReranker(CME).rerank(question, [clause, candidate('devices', 'Devices', 'Devices reported last quarter.')]);
    expect(framed[0]!.score).toBe(3);
    // A framing clause before a colon can carry the subject (`Category B …: 2025 vs 2026 fee?`): it still counts.
    expect(profileQuestion('Category B internal order processing enterprise tier: 2025 vs 2026 fee?', CME).contextSentence).toBeUndefined();
    expect(profileQuestion('A retail broker runs a simulator for non-professionals. Which fees apply?', CME).contextSentence).toBeUndefined();
    // Years and the fee an amount answers do not make a question stand by itself: GME stays its subject.
    expect(profileQuestion('Our desk has GME real-time professional screens. What was the device fee in 2025 and what is it in 2026?', CME).contextSentence).toBeUndefined();
  });

  it('caps at 1 a fee row when another candidate names the thing asked for more narrowly', async () => {
    const question = 'How much does a Television Distribution license cost?';
    const gme = candidate('gme', 'Data Distribution License Fees', 'Real Time Distribution | $22,110\nDelayed Distribution | $16,164');
    const clause = candidate('tv', '10. Television Distribution', 'Television Distribution of Information requires a separate license from CME.');
    const [row, tv] = await createOfflineReranker(CME).rerank(question, [gme, clause]);
    expect(row!.score).toBe(1);
    expect(row!.detail).toContain('also television');
    expect(tv!.score).toBe(1); // names the licence, but no amount
    // Alone, the row answers (no candidate says the question is about something narrower).
    expect((await scoreOf(question.replace('Television ', ''), gme)).score).toBe(3);
  });

  it('does not cap a row as priced for something narrower when its own document names the qualifier the same way', async () => {
    const question = 'What is the real time distribution license fee in the CME fee list?';
    const row = { chunkId: 'row', doc: 'fee-list-2026.pdf', sectionHeading: 'CME, CBOT, NYMEX and COMEX Information', text: 'Distribution\nReal Time | Licensee Group | $29,280' };
    const note = { chunkId: 'note', doc: 'fee-list-2026.pdf', sectionHeading: 'Notes', text: 'Where Licensee holds both Real Time and Delayed Distribution License, only the Real Time fee applies.' };
    const other = { chunkId: 'other', doc: 'other-list.pdf', sectionHeading: 'CME Fees', text: 'Data License\nReal Time | Licensee Group | $4000\nDistribution\nReal Time | Licensee Group | $0' };
    const [alone] = await createOfflineReranker(CME).rerank(question, [row, other]);
    expect(alone!.score).toBe(1);
    expect(alone!.detail).toContain('also license');
    const [withNote] = await createOfflineReranker(CME).rerank(question, [row, other, note]);
    expect(withNote!.score).toBe(3);
  });

  it('keeps a fee row under a product heading the question does not name below 3', async () => {
    const question = 'What is the real time distribution license fee in the CME fee list?';
    const rows = 'Distribution License\nReal Time | Licensee Group | $29,280';
    const [exchanges, product, titled] = await createOfflineReranker(CME).rerank(question, [
      candidate('exchanges', 'CME, CBOT, NYMEX and COMEX Information (fees are assessed per exchange)', rows),
      candidate('product', 'Standard CME Soybean Oilshare Index', rows),
      // Only the topic before ` › ` counts: the title after it may belong to the table above.
      candidate('titled', 'CME, CBOT, NYMEX and COMEX Information › Category A3 – Trading on Alternative Venue', rows),
    ]);
    expect(exchanges!.score).toBe(3);
    expect(product!.score).toBe(2);
    expect(product!.detail).toContain('prices what its heading "Standard CME Soybean Oilshare Index" names');
    expect(titled!.score).toBe(3);
    expect((await scoreOf('What is the Soybean Oilshare Index real time distribution license fee?', candidate('product', 'Standard CME Soybean Oilshare Index', rows))).score).toBe(3);
  });

  it('caps at 1 a row of another exchange family on an amount question naming an exchange', async () => {
    const gme = { chunkId: 'gme', doc: 'gulf-mercantile-exchange-gme-fee-notice.pdf', sectionHeading: 'Data Distribution License Fees', text: 'LICENSE | GME\nReal Time Distribution | $22,110' };
    const capped = await scoreOf('What is the real time distribution license fee in the CME fee list?', gme);
    expect(capped.score).toBe(1);
    expect(capped.detail).toContain('it prices GME data, and the question asks about CME Group');
    expect((await scoreOf('What is the GME real time distribution license fee?', gme)).score).toBe(3);
    expect((await scoreOf('What is the real time distribution license fee?', gme)).score).toBe(3);
  });

  it('does not take a label word for a narrower qualifier: Non-Display (A1) names Category A1 by its code', async () => {
    const question = "What was GME's Category A1 trading-as-a-principal non-display fee in 2025?";
    const list = candidate('list-2025', 'GME Fees 2025', 'Non-Display | Category A1 – Trading As a Principal | Licensee Group | $1012');
    const notice = candidate('gme-notice-2025', 'Non-Display Real Time License Fees', 'Non-Display (A1) - Trading as a Principal Real Time | Licensee Group | $1,012');
    const [, scored] = await createOfflineReranker(CME).rerank(question, [list, notice]);
    expect(scored!.score).toBe(3);
  });

  it('reads "X or Y" as one term either word answers', async () => {
    const profile = profileQuestion('How long must a Licensee or Subscriber Group retain records for audit purposes?', CME);
    expect(profile.terms.find((term) => term.display === 'licensee|subscriber')?.alternatives).toEqual([['subscriber']]);
    const clause = candidate('records', 'Subscriber Reporting Obligations', 'Subscriber Group will maintain complete and accurate books and records and retain such Records for the most recent five (5) year period.');
    expect((await scoreOf('How long must a Licensee or Subscriber Group retain records for audit purposes?', clause)).score).toBe(3);
  });

  it('reads a name with a trademark sign as the name', async () => {
    const cvol = candidate('cvol', 'CME Group Volatility Index (CVOL™) › Data License', 'Intraday Values\nReal Time | Licensee Group | $5,000');
    expect((await scoreOf('CVOL intraday values real time data license fee', cvol)).score).toBe(3);
  });

  it('reads an abbreviated definition subject through the expansion rules', async () => {
    const definition = candidate('np', 'Definitions', 'Non-Professional: (i) an individual, natural person; or (ii) certain small business entities.');
    const [score] = await createOfflineReranker({ expansions: [{ pattern: 'non-pro', expansion: 'non-professional' }] }).rerank('How does Schedule 5 define a Non-Pro?', [definition]);
    expect(score!.score).toBe(3);
  });

  it('reads the document name as context, like the heading', async () => {
    const note = { chunkId: 'waiver', doc: 'benchmark-data-fee-list-march-2025.pdf', sectionHeading: 'CME Group Volatility Index (CVOL™)', text: '1. All data fees listed above are waived until January 1, 2026.' };
    const score = await scoreOf('When does the CVOL fee waiver end on the March 2025 benchmark fee list?', note);
    expect(score.detail).toContain('march(heading)');
    expect(score.detail).toContain('benchmark(heading)');
  });

  it('answers a when-question with a relative deadline or a named month as well as a date', async () => {
    const clause = candidate('report', 'Reporting', 'The Licensee shall submit a monthly usage report no later than 15 days after the end of each calendar month.');
    expect((await scoreOf('When must the Licensee submit its monthly usage report?', clause)).score).toBe(3);
    const annual = candidate('annual', 'Additional Reporting', 'On an annual basis, no later than the last business day of February of each calendar year, Licensee shall report assets under management.');
    expect((await scoreOf('By when must the Licensee report assets under management each year?', annual)).score).toBe(3);
  });

  it('needs a frequency in the chunk for a how-often question', async () => {
    const changed = candidate('freq', 'Reporting', '2.5 CME Term SOFR Non-Display Benchmark Use will have its reporting frequency changed to “As Needed”.');
    const granted = candidate('grant', 'Reporting', 'CME grants Licensee Group a license to use CME Term SOFR Information for Non-Display Benchmark Use, reported under Schedule 3.');
    const question = 'How often is CME Term SOFR Non-Display Benchmark Use reported?';
    expect((await scoreOf(question, changed)).score).toBe(3);
    expect((await scoreOf(question, granted)).score).toBe(1);
  });

  it('tolerates a letter dropped from a four-letter word', async () => {
    const clause = candidate('audit', 'Audit', 'HCX may audit the Licensee no more than once in any calendar year.');
    expect((await scoreOf('How often may HCX audt the Licensee?', clause)).detail).toContain('audt(typo)');
    // Not when the first letter differs.
    expect((await scoreOf('How often may HCX idit the Licensee?', clause)).detail).toMatch(/missing [^|]*idit/);
  });

  it('tolerates a typo in a long word', async () => {
    const score = await scoreOf('Who is a subcriber?', candidate('s', '', 'Each Subscriber must sign the Subscriber Addendum.'));
    expect(score.score).toBeGreaterThanOrEqual(1);
    expect(score.detail).toContain('subcriber(typo)');
  });

  it('gives 0 to a chunk that shares no term with the question', async () => {
    const score = await scoreOf('What is the weather forecast for Chicago next week?', candidate('fees', 'Display Device', 'Real Time | Device | $134.50'));
    expect(score.score).toBe(0);
  });

  it('never counts Non-Display as display', async () => {
    const score = await scoreOf('What is the display license fee?', candidate('nd', 'Non-Display', 'Category C | Non-Display License | Licensee Group | $609'));
    expect(score.score).toBeLessThan(3);
    expect(score.detail).toContain('missing display');
  });

  it('caps at 1 a chunk that lacks a year the question names, unless its document name holds it', async () => {
    const question = 'What is the real-time display device fee for 2026?';
    const row = 'Real Time | Device | $134.50';
    const [older, named] = await createOfflineReranker(CME).rerank(question, [
      { chunkId: 'old', doc: 'january-2025-market-data-fee-list.pdf', sectionHeading: 'Display Device', text: row },
      { chunkId: 'new', doc: 'january-2026-market-data-fee-list.pdf', sectionHeading: 'Display Device', text: row },
    ]);
    expect(older?.score).toBe(1);
    expect(older?.detail).toContain('capped at 1: the question names 2026');
    expect(named?.score).toBe(3);
  });

  it('does not cap a chunk that holds one of the years a comparison names', async () => {
    const question = 'Real-time display device fee: 2025 vs 2026?';
    const row = 'Real Time | Device | $134.50';
    const [named, other] = await createOfflineReranker(CME).rerank(question, [
      { chunkId: 'new', doc: 'january-2026-market-data-fee-list.pdf', sectionHeading: 'Display Device', text: row },
      { chunkId: 'old', doc: 'january-2024-market-data-fee-list.pdf', sectionHeading: 'Display Device', text: row },
    ]);
    expect(named?.score).toBeGreaterThanOrEqual(2);
    expect(other?.score).toBe(1);
  });

  it('needs the question\'s specific terms, not only its generic ones, for a 2', async () => {
    const score = await scoreOf("What is Nasdaq's market data pricing?", candidate('quote', 'Definitions', 'Quote: Information consisting of the market price of a single instrument.'));
    expect(score.score).toBeLessThanOrEqual(1);
  });

  it('counts framing words such as requirements only half', async () => {
    const score = await scoreOf(
      'What are the redistribution requirements for CME market data?',
      candidate('redistribute', 'Subscriber Obligations', '(a) Subscriber Group shall not redistribute CME Licensed Information outside of Subscriber Group.'),
    );
    expect(score.score).toBe(2);
  });

  it('keeps a chunk that only uses the term of a definition question below 3', async () => {
    const score = await scoreOf(
      'What is a Subscriber according to CME licensing terms?',
      candidate('recital', 'Recitals', 'CME Licensed Information is retransmitted to Subscriber under the licensing terms of CME.'),
    );
    expect(score.score).toBe(2);
  });

  it('caps at 1 a chunk that names the subject of a definition question only in table rows', async () => {
    const question = 'What is Unit of Count in CME data licensing?';
    const table = candidate('fees', 'CME Data Licensing Fees', 'CME Soybean Oilshare Index | Description | Unit of Count | Monthly\nReal Time | Licensee Group | $0');
    const capped = await scoreOf(question, table);
    expect(capped.score).toBe(1);
    expect(capped.detail).toContain('names "unit of count" only in table rows');
    const prose = candidate('policy', 'CME Data Licensing Policies', 'The default Unit of Count is Device.\nCME Soybean Oilshare Index | Description | Unit of Count | Monthly');
    expect((await scoreOf(question, prose)).score).toBe(2);
  });

  it('reads footnote markers glued to words and table labels', async () => {
    const text = 'Category A1 – Trading As a Principal\nEnterprise (4+ Applications) | Licensee Group | $3,640\nPremium (2-3 Applications) | Licensee Group | $1,820';
    const score = await scoreOf('What are the non-display Category A1 fees for trading as a principal with 4+ applications?', candidate('nd', 'Non-Display10', text));
    expect(score.score).toBe(3);
  });
});

describe('createOfflineReranker: expansion rules', () => {
  it('counts an expansion rule as the abbreviation it expands', async () => {
    const row = candidate('row', 'CME Group Fee List', 'Display Device\nReal Time | Device | $130.10');
    const expansions = [{ pattern: 'RT', expansion: 'real time' }];
    const [plain] = await createOfflineReranker(CME).rerank('RT device fee', [row]);
    const [expanded] = await createOfflineReranker({ ...CME, expansions }).rerank('RT device fee', [row]);
    expect(plain!.score).toBeLessThan(3);
    expect(expanded!.score).toBe(3);
  });
});

describe('offline reranker: the agreement a question names', () => {
  // Twelve agreements between invented parties; each names its parties in its preamble only.
  const parties = ['Harbor Lumen', 'Quill Orchard', 'Tessel Forge', 'Brindle Axis', 'Marrow Peak', 'Oaken Relay', 'Vellum Crane', 'Sable Ridge', 'Cobalt Fern', 'Juniper Vault', 'Larch Meridian', 'Pewter Isle'];
  const chunksOf = (party: string, index: number) => {
    const doc = `exhibit-10-${index}.pdf`;
    return [
      { chunkId: `${index}-1`, doc, sectionHeading: 'Preamble', text: `This Licence Agreement is made between ${party} Inc., organized under the laws of Delaware, and the Licensee.` },
      { chunkId: `${index}-2`, doc, sectionHeading: '14. Miscellaneous', text: 'This Agreement shall be governed by and construed in accordance with the laws of the State of New York.' },
      { chunkId: `${index}-3`, doc, sectionHeading: '5. Royalties', text: `The Licensee shall pay a royalty of ${index + 2} percent of Net Sales each quarter.` },
    ];
  };
  const chunks = parties.flatMap(chunksOf);

  it('reads the parties a question names as context of their agreement, so its governing-law clause outranks its preamble', async () => {
    const question = "Which state's law governs the Quill Orchard licence agreement?";
    const candidates = chunks.filter((chunk) => chunk.doc === 'exhibit-10-1.pdf');
    const unprepared = await createOfflineReranker(CME).rerank(question, candidates);
    const reranker = createOfflineReranker();
    reranker.prepare!(buildTermStatistics(chunks));
    const prepared = await reranker.rerank(question, candidates);
    const order = (scores: typeof prepared) => scores.map((score, index) => ({ id: candidates[index]!.chunkId, key: score.score * 10 + (score.strength ?? 0) })).sort((a, b) => b.key - a.key)[0]!.id;
    expect(order(prepared)).toBe('1-2');
    // The names count only once the source's term statistics are read (`prepare`).
    expect(prepared[1]!.strength!).toBeGreaterThan(unprepared[1]!.strength!);
    expect(prepared[1]!.detail).toContain('quill(heading)');
    // Another agreement's governing-law clause gains nothing: its document does not hold the names.
    const other = chunks.filter((chunk) => chunk.chunkId === '2-2');
    const [otherScore] = await reranker.rerank(question, other);
    const [ownScore] = prepared.filter((_, index) => candidates[index]!.chunkId === '1-2');
    expect((otherScore!.strength ?? 0) < (ownScore!.strength ?? 0) || otherScore!.score < ownScore!.score).toBe(true);
  });
});