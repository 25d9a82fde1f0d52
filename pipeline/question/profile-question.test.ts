import { describe, expect, it } from 'vitest';
import { profileQuestion } from './profile-question.ts';
import { SourceConfig } from '../config/config-schema.ts';
import { loadProjectSources } from '../testing/load-project-sources.ts';

// The CME source's lexicon as the project configures it (`.clausegate.json`): its publisher words and exchange families.
const CME = SourceConfig.parse(loadProjectSources().cme).lexical;

const FEE_QUESTION = 'What is the real-time display device fee for CME market data?';

describe('profileQuestion', () => {
  it('drops stop words, splits hyphenated words and weighs generic words low', () => {
    const profile = profileQuestion(FEE_QUESTION, CME);
    expect(profile.terms.map((term) => term.display)).toEqual(['real', 'time', 'display', 'device', 'fee', 'cme', 'market', 'data']);
    expect(profile.terms.find((term) => term.display === 'cme')?.weight).toBe(0.25);
    expect(profile.ask).toBe('amount');
    expect(profile.phrases).toContainEqual(['real', 'time']);
  });

  it.each([
    ['What is the monthly cost for a non-professional depth of market subscription?', 'amount'],
    ['How much is the Data Feed?', 'amount'],
    ['What are the device fee waiver policies?', 'definition'],
    ['When does the new fee list take effect?', 'date'],
    ['What is the effective date of the amendment?', 'date'],
    ['How long must records be kept?', 'duration'],
    ['Define Unit of Count.', 'definition'],
    ['What does Non-Display Use mean?', 'definition'],
    ['Summarise the redistribution requirements for CME market data', 'none'],
    ['RT device fee 2025 CME', 'amount'],
    // The leading noun phrase ends at its verb, and a clause before it that says where is passed over.
    ['Which fees apply?', 'none'],
    ['Which countries make up the Licensed Territory?', 'definition'],
    ['What does Top of Book include?', 'definition'],
    ['When does the bundle fee apply?', 'none'],
    ['For a simulator, which fees does the exchange apply?', 'none'],
    ['In 2026, how does the display device fee for professionals compare?', 'amount'],
    ['How large is the advance the licensee pays on signing?', 'amount'],
    ['Whats the managed user non display fee for the data in 2026?', 'amount'],
    ['The 2025 fee notice introduced a charge for delayed use that used to be waived. What is it?', 'amount'],
    ['Compare the annual Real Time distribution license fee in 2025 and 2026.', 'amount'],
    ['How big is the fee discount under the programme?', 'amount'],
    ['How large is the licensed territory?', 'none'],
    ['What yearly maintenance fee does the licensee pay after the warranty?', 'amount'],
    ['Under the software licence, what royalty rate does the licensee pay?', 'amount'],
    ['In the distributor agreement, what percentage of Net Revenue does the supplier keep?', 'percentage'],
    ['What is the royalty percentage on net sales?', 'percentage'],
    ['What fee schedules apply?', 'none'],
    ['delayed wallboard fee 2026', 'amount'],
    ['How much notice does an auditor have to give before a routine audit?', 'duration'],
    ['Within how many hours must a licensee notify CME?', 'duration'],
    ['Since when must all non-display applications be reported As Needed?', 'date'],
    ['The two lists give different end dates for the fee waiver. What are they?', 'date'],
    ['When do User Non-Display fees apply?', 'none'],
    ['Sorry if this is obvious, but since when must all non-display applications be reported?', 'date'],
    ['Within what period must a Corrected Report be filed, and how far back can the credit go?', 'duration'],
    ['How often is CME Term SOFR Non-Display Benchmark Use reported after the April 2025 amendments?', 'frequency'],
    ['Sorry if this is obvious, but how much notice does an auditor give, and how often can it happen?', 'duration'],
    ['Hi there! Quick one: When did the Licensee Website fee waiver end?', 'date'],
    ['The 2026 historical data distribution fees — what are they?', 'amount'],
    ['Just to double-check, Subscriber Group definition', 'definition'],
    ['For our compliance review, could you tell me: What were the 2024 non-display Category A1 enterprise fees?', 'amount'],
  ] as const)('%s → %s', (question, ask) => {
    expect(profileQuestion(question, CME).ask).toBe(ask);
  });

  it.each([
    ['How does Schedule 5 define a Non-Professional?', ['non-professional']],
    ['What counts as a Device under the Subscriber Addendum?', ['device']],
    ['Who is part of the Licensee Group under a CME ILA?', ['licensee', 'group']],
    ['Subscriber Group definition', ['subscriber', 'group']],
    ['When does benchmark information count as Delayed Benchmark Information under Schedule 5?', ['delayed', 'benchmark', 'information']],
    ['A Licensee Wallboard — what is it?', ['licensee', 'wallboard']],
    ['What exactly is the Last Trade Price for Event Contract Information, and what does it exclude?', ['last', 'trade', 'price']],
    ['In the ILA Schedule 2, what is an Application?', ['application']],
  ] as const)('reads %j as a definition of %j', (question, subject) => {
    const profile = profileQuestion(question, CME);
    expect(profile.ask).toBe('definition');
    expect(profile.subject).toEqual(subject);
  });

  it('counts the noun after what or which, standing before the verb, as the kind of answer (half weight)', () => {
    const weights = (question: string) => Object.fromEntries(profileQuestion(question, CME).terms.map((term) => [term.display, term.weight]));
    expect(weights('What language must CME usage reports be submitted in?')).toMatchObject({ language: 0.5, usage: 1, reports: 1, submitted: 1 });
    // A compound names the subject, not the kind of answer.
    expect(weights('What notice period applies to terminating a Subscriber Addendum?')).toMatchObject({ notice: 1, period: 1 });
    // An amount word asks for an amount, which the amount answers.
    expect(weights('What fee is charged for a device?')).toMatchObject({ fee: 1 });
    // A noun set beside another names one of the things asked for.
    expect(weights('What copper and zinc surcharges apply to a bulk order?')).toMatchObject({ copper: 1, zinc: 1 });
  });

  it('marks the words a question joins with a conjunction as coordinated', () => {
    const coordinated = (question: string) => profileQuestion(question).terms.filter((term) => term.coordinated === true).map((term) => term.display);
    expect(coordinated('What copper and zinc surcharges apply to a bulk order?')).toEqual(['copper', 'zinc']);
    expect(coordinated('What is the hourly rate, and what is the cap?')).toEqual([]);
  });

  it('reads a question setting things against each other as a comparison, in its framing too', () => {
    expect(profileQuestion('What is the storage fee per warehouse vs per dock?').comparison).toBe(true);
    expect(profileQuestion('Alpha vs Beta storage fee: what are the two figures?').comparison).toBe(true);
    expect(profileQuestion('Harbour storage licence: what is the yearly fee?').comparison).toBeUndefined();
  });

  it('reads "who is part of X" as asking for the members of X, and a label code as a letter or number only', () => {
    const profile = profileQuestion('Who is part of the Licensee Group under a CME ILA?', CME);
    expect(profile.terms.map((term) => term.display)).toEqual(['licensee', 'group', 'cme', 'ila']);
    expect(profile.subject).toEqual(['licensee', 'group']);
    expect(profileQuestion('What is the Category A fee under Schedule 2?', CME).terms.map((term) => term.display)).toEqual(['category', 'category a', 'fee', 'schedule', '2']);
    expect(profileQuestion('What is the Category A1 fee under Schedule 1a?', CME).phrases).toEqual(expect.arrayContaining([['category', 'a1'], ['schedul', '1a']]));
  });

  it('reads a list of labels as one term per label', () => {
    const terms = profileQuestion('What are the three primary categories (A, B, and C) used to define Internal Non-Display Usage?').terms;
    expect(terms.filter((term) => term.listed).map((term) => term.display)).toEqual(['category a', 'category b', 'category c']);
    expect(profileQuestion('Are Schedules 1 and 1a mandatory?', CME).terms.filter((term) => term.listed).map((term) => term.display)).toEqual(['schedule 1', 'schedule 1a']);
  });

  it('finds the subject of a definition question', () => {
    expect(profileQuestion('What is Unit of Count in CME data licensing?', CME).subject).toEqual(['unit', 'of', 'count']);
    expect(profileQuestion('What is a Subscriber according to CME licensing terms?', CME).subject).toEqual(['subscriber']);
    expect(profileQuestion('What uses count as Non-Display Benchmark Use in electronic systems?', CME).subject).toEqual(['non-display', 'benchmark', 'use']);
    // No comma before the question: it begins at its question word.
    expect(profileQuestion('Under the Term SOFR Schedule 7 amendments what uses count as Non-Display Benchmark Use?', CME).subject).toEqual(['non-display', 'benchmark', 'use']);
  });

  it('keeps labels such as Category A together', () => {
    const profile = profileQuestion('What is the maximum fee cap for Category A non-display licenses?', CME);
    expect(profile.terms.map((term) => term.display)).toContain('category a');
  });

  it('leaves out framing followed by a request to answer', () => {
    const profile = profileQuestion('For our compliance review, could you tell me: When did the Dubai Mercantile Exchange become the Gulf Mercantile Exchange?');
    expect(profile.terms.map((term) => term.display)).not.toContain('compliance');
    expect(profile.ask).toBe('date');
    // Framing that reports a request is only who asks, too.
    const reported = profileQuestion('Our ops team asked me this: What are the entitlement reporting requirements?', CME);
    expect(reported.terms.map((term) => term.display)).toEqual(['entitlement', 'reporting', 'requirements']);
    expect(profileQuestion('My manager wants to know: what is the delayed wallboard fee?', CME).terms.map((term) => term.display)).not.toContain('manager');
  });

  it('reads an abbreviation spelled out in parentheses as one term', () => {
    const profile = profileQuestion('What are the 2026 fees for GME (Gulf Mercantile Exchange) real-time distribution?');
    expect(profile.terms.map((term) => term.display)).not.toContain('gulf');
    expect(profile.terms.find((term) => term.display === 'gme')?.alternatives).toEqual([['gulf', 'mercantil', 'exchang']]);
  });
});
