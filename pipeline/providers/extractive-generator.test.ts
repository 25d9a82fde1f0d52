import { describe, expect, it } from 'vitest';
import { buildPrompt } from '../answer/build-prompt.ts';
import { countTokens } from '../chunk/count-tokens.ts';
import { createExtractiveGenerator } from './extractive-generator.ts';
import { stem } from '../text/index.ts';
import { describeGeneratorContract } from './generator.contract.ts';
import type { GenerationEvidence, GenerationRequest } from './generator.ts';

describeGeneratorContract('offline-extractive', () => ({ generator: createExtractiveGenerator() }));

const REFUSAL = 'This is not addressed in the provided CME documents.';

const EVIDENCE: GenerationEvidence[] = [
  {
    anchor: 'C0',
    chunkId: 'feed',
    doc: 'january-2026-market-data-fee-list.pdf',
    page: 1,
    sectionHeading: 'Data Feed',
    text: 'Real Time | Data Feed | $610\nDelayed | Data Feed | $304',
  },
  {
    anchor: 'C1',
    chunkId: 'display',
    doc: 'january-2026-market-data-fee-list.pdf',
    page: 1,
    sectionHeading: 'Display Device',
    text: 'Real Time | Device | $134.50\nDelayed | Device | $0\nE-Mini\nCME | Device | $73\nCBOT | Device | $48.75',
  },
  {
    anchor: 'C2',
    chunkId: 'policies',
    doc: 'information-policies.pdf',
    page: 4,
    sectionHeading: 'Audit',
    text: 'Licensee Group shall retain all records relating to its use of Information for audit purposes\nfor a period of five (5) years. CME may audit Licensee Group at any time on reasonable notice.',
  },
  {
    anchor: 'C3',
    chunkId: 'definitions',
    doc: 'ila-subscriber-addendum.pdf',
    page: 2,
    sectionHeading: 'Definitions',
    text: 'Affiliate: an entity that controls, is controlled by or is under common control with a Party.\nUnit of Count: the unit by which the use of Information is counted and reported, for example a Device.',
  },
];

function request(question: string, maxSentences = 6, evidence: GenerationEvidence[] = EVIDENCE): GenerationRequest {
  const prompt = buildPrompt({ question, evidence, refusal: REFUSAL, maxSentences });
  return { prompt: prompt.text, promptSha256: prompt.sha256, question, evidence, refusal: REFUSAL, maxSentences };
}

/** The sentences the generator answers `question` with from one evidence item holding `lines` (undefined on a refusal). */
async function answerFrom(question: string, lines: readonly string[], item: Partial<GenerationEvidence> = {}): Promise<string[] | undefined> {
  const evidence: GenerationEvidence = { anchor: 'C0', chunkId: 'item', doc: 'document.pdf', page: 1, sectionHeading: 'Section', text: lines.join('\n'), ...item };
  const { output } = await createExtractiveGenerator().generate(request(question, 6, [evidence]));
  return output.kind === 'answer' ? output.sentences.map((sentence) => sentence.text) : undefined;
}

function numbersOf(text: string): string[] {
  return text.match(/\d[\d,.]*\d|\d/g) ?? [];
}

describe('createExtractiveGenerator', () => {
  it('names itself offline-extractive / extractive-v1', () => {
    expect(createExtractiveGenerator().info).toEqual({ name: 'offline-extractive', model: 'extractive-v1' });
  });

  it('answers the fee question with $134.50 cited to the fee list row', async () => {
    const { output } = await createExtractiveGenerator().generate(request('What is the real-time display device fee for CME market data?'));
    expect(output).toEqual({
      kind: 'answer',
      sentences: [{ text: 'Real Time | Device | $134.50', anchors: ['C1'] }],
      confidence: 'High',
    });
  });

  it('answers a definition question with the defining sentence', async () => {
    const { output } = await createExtractiveGenerator().generate(request('What is Unit of Count in CME data licensing?'));
    expect(output.kind).toBe('answer');
    if (output.kind !== 'answer') return;
    expect(output.sentences[0]).toEqual({
      text: 'Unit of Count: the unit by which the use of Information is counted and reported, for example a Device.',
      anchors: ['C3'],
    });
    expect(output.confidence).toBe('High');
  });

  it('joins wrapped lines of a sentence and keeps the duration asked for', async () => {
    const { output } = await createExtractiveGenerator().generate(request('How long must a Licensee Group retain records for audit purposes?'));
    expect(output).toEqual({
      kind: 'answer',
      sentences: [
        {
          text: 'Licensee Group shall retain all records relating to its use of Information for audit purposes for a period of five (5) years.',
          anchors: ['C2'],
        },
        // The next sentence of the same paragraph follows, as there is room.
        { text: 'CME may audit Licensee Group at any time on reasonable notice.', anchors: ['C2'] },
      ],
      confidence: 'High',
    });
  });

  it('gives a table row its group label as first cell', async () => {
    const { output } = await createExtractiveGenerator().generate(request('What is the E-Mini CBOT device fee?'));
    expect(output.kind === 'answer' && output.sentences[0]).toEqual({ text: 'E-Mini | CBOT | Device | $48.75', anchors: ['C1'] });
  });

  it('never answers with a bare heading line', async () => {
    const evidence: GenerationEvidence[] = [
      { anchor: 'C0', chunkId: 'h', doc: 'guide.pdf', page: 1, sectionHeading: '', text: 'Reporting Requirements\nLicensees submit a monthly report of entitled Devices.' },
    ];
    const { output } = await createExtractiveGenerator().generate(request('What are the reporting requirements?', 6, evidence));
    expect(output).toEqual({
      kind: 'answer',
      sentences: [{ text: 'Licensees submit a monthly report of entitled Devices.', anchors: ['C0'] }],
      confidence: 'Medium',
    });
  });

  it('follows a chosen sentence with the next sentence of its paragraph, not past a heading or into the next definition', async () => {
    const evidence: GenerationEvidence[] = [
      {
        anchor: 'C0',
        chunkId: 'defs',
        doc: 'addendum.pdf',
        page: 2,
        sectionHeading: 'Definitions',
        text: [
          'Unit of Count: the unit of measure that is used for the assessment of fees and or reporting. Unless otherwise',
          'advised by CME, Device is the default Unit of Count.',
          'Service: any medium through which the Information is made available.',
        ].join('\n'),
      },
    ];
    const { output } = await createExtractiveGenerator().generate(request('What is Unit of Count?', 6, evidence));
    expect(output.kind === 'answer' && output.sentences).toEqual([
      { text: 'Unit of Count: the unit of measure that is used for the assessment of fees and or reporting.', anchors: ['C0'] },
      { text: 'Unless otherwise advised by CME, Device is the default Unit of Count.', anchors: ['C0'] },
    ]);
    const single = await createExtractiveGenerator().generate(request('What is Unit of Count?', 1, evidence));
    expect(single.output.kind === 'answer' && single.output.sentences.length).toBe(1);
  });

  it('answers with a label: value line, which is not a bare heading', async () => {
    const evidence: GenerationEvidence[] = [
      {
        anchor: 'C0',
        chunkId: 'notice',
        doc: 'notice.pdf',
        page: 1,
        sectionHeading: '4. Licensee Website Fee Waiver Termination',
        text: '4. Licensee Website Fee Waiver Termination\nEffective Date: April 1, 2025\n(i) all Licensee Websites will be fee liable at the prevailing Website Fee.',
      },
    ];
    const { output } = await createExtractiveGenerator().generate(request('When did the Licensee Website fee waiver end?', 6, evidence));
    expect(output.kind === 'answer' && output.sentences.map((sentence) => sentence.text)).toContain('Effective Date: April 1, 2025');
  });

  it('refuses with the exact refusal text when no sentence overlaps the question', async () => {
    const { output, telemetry } = await createExtractiveGenerator().generate(request('How do I cook a perfect steak?'));
    expect(output).toEqual({ kind: 'refusal', text: REFUSAL });
    expect(telemetry.completionTokens).toBe(countTokens(REFUSAL));
  });

  it('refuses when there is no evidence at all', async () => {
    const { output } = await createExtractiveGenerator().generate(request('What is the real-time display device fee?', 6, []));
    expect(output).toEqual({ kind: 'refusal', text: REFUSAL });
  });

  it('only ever copies evidence: every piece and every number of every sentence is in the evidence it cites', async () => {
    const questions = [
      'What is the real-time display device fee for CME market data?',
      'What are the delayed fees?',
      'What are the Data Feed fees?',
      'Can CME audit the Licensee Group?',
      'What is an Affiliate?',
    ];
    for (const question of questions) {
      const { output } = await createExtractiveGenerator().generate(request(question));
      if (output.kind !== 'answer') continue;
      for (const sentence of output.sentences) {
        const cited = EVIDENCE.filter((item) => sentence.anchors.includes(item.anchor))
          .map((item) => item.text.replace(/\s+/g, ' '))
          .join(' ');
        for (const piece of sentence.text.split(' | ')) expect(cited).toContain(piece);
        for (const number of numbersOf(sentence.text)) expect(cited).toContain(number);
      }
    }
  });

  it('gives a value question its row, not the table, and never more than maxSentences', async () => {
    const fee = await createExtractiveGenerator().generate(request('What is the real-time display device fee?'));
    expect(fee.output.kind === 'answer' && fee.output.sentences.map((sentence) => sentence.text)).toEqual(['Real Time | Device | $134.50']);
    const broad = await createExtractiveGenerator().generate(request('What are the device fees?'));
    expect(broad.output.kind === 'answer' && broad.output.sentences.length).toBeLessThanOrEqual(6);
    const single = await createExtractiveGenerator().generate(request('What are the device fees?', 1));
    expect(single.output.kind === 'answer' && single.output.sentences.length).toBe(1);
  });

  it('completes a sentence that introduces a list with its items', async () => {
    const categories: GenerationEvidence = {
      anchor: 'C0',
      chunkId: 'categories',
      doc: 'schedule-2.pdf',
      page: 2,
      sectionHeading: 'Definitions',
      text: [
        'Category C: Other Non-Display Usage Category: Non-Display Use of Information within systems operated by a Licensee Group entity for any of the following uses:',
        '1) Risk Management;',
        '2) Research and analysis;',
        '3) Fund administration; and',
        '4) Other use approved by CME in writing.',
        'Category C includes these Sub-Categories; C1 Risk Management, C2 Research and Analysis and C3 Fund Administration.',
      ].join('\n'),
    };
    const { output } = await createExtractiveGenerator().generate(request('What uses does Category C non-display usage cover?', 6, [categories]));
    expect(output.kind).toBe('answer');
    if (output.kind !== 'answer') return;
    const texts = output.sentences.map((sentence) => sentence.text);
    const intro = texts.findIndex((text) => text.endsWith('following uses:'));
    expect(intro).toBeGreaterThanOrEqual(0);
    expect(texts.slice(intro + 1, intro + 5)).toEqual(['1) Risk Management;', '2) Research and analysis;', '3) Fund administration; and', '4) Other use approved by CME in writing.']);
    expect(texts.length).toBeLessThanOrEqual(6);
  });

  it('brings the items of a list whose bullets were lost, and the list an item introduces', async () => {
    const lines = [
      'Non-Display Benchmark Use: non-viewable use of Benchmark Information:',
      '(1) in Automated Trading System(s); and/or',
      '(2) in electronic systems operated by a Licensee Group entity for any of the following uses:',
      'Risk management',
      'Research and analysis',
      'Valuations of financial assets, securities and financial derivatives; and/or',
      '(3) for other non-display Benchmark Information use, with prior written approval from CME',
    ];
    expect(await answerFrom('What uses count as Non-Display Benchmark Use in electronic systems?', lines, { sectionHeading: 'New Definition' })).toEqual(lines.slice(0, 6));
  });

  it('completes a sentence ending in "and" with the list item that follows', async () => {
    const lines = [
      '(e) When displaying the Historical Benchmark Information contained within the Website Display Distribution Packages identified',
      'in section 1 of this Schedule, Licensee will ensure that such Information (i) is not machine readable, (ii) is not able to be downloaded, and',
      '(iii) is only displayed in graphical format; and',
    ];
    expect(await answerFrom('How must Historical Benchmark Information be displayed on a website?', lines, { sectionHeading: '7. Website Display' })).toEqual([
      `${lines[0]} ${lines[1]}`,
      lines[2],
    ]);
  });

  it('answers a question listing labels with a sentence for each label first', async () => {
    const lines = [
      'Category A: Automated Trading Usage Category: Non-Display Use of Information in automated Trading Systems.',
      'Category B: Internal Order Processing: Non-Display Use of Information within systems that internalize orders.',
      'Category C: Other Internal Non-Display Usage Category: Non-Display Use of Information for any of the following uses:',
      '1) Risk management;',
      '2) Research and analysis;',
      '3) Fund administration;',
      '4) Portfolio management; and',
      '5) Other use approved by CME in writing.',
    ];
    const texts = await answerFrom('What are the three categories (A, B, and C) of Internal Non-Display Usage?', lines, { sectionHeading: 'Definitions' });
    expect(texts?.slice(0, 3).map((text) => text.slice(0, 10)).sort()).toEqual(['Category A', 'Category B', 'Category C']);
  });

  it('answers a date question with the dated label a sentence sits under', async () => {
    const notice: GenerationEvidence = {
      anchor: 'C0',
      chunkId: 'notice',
      doc: 'fee-and-policy-adjustments.pdf',
      page: 2,
      sectionHeading: 'Non-Display Use',
      text: 'Effective Date: January 1, 2025\n(i) All Applications accessing Information for Non-Display Use must be reported on an As Needed\nbasis in the Data Services Portal.',
    };
    const { output } = await createExtractiveGenerator().generate(request('Since when must all non-display applications be reported As Needed?', 6, [notice]));
    expect(output.kind === 'answer' && output.sentences.map((sentence) => sentence.text)).toEqual([
      'Effective Date: January 1, 2025',
      '(i) All Applications accessing Information for Non-Display Use must be reported on an As Needed basis in the Data Services Portal.',
    ]);
  });

  it('answers a part asking when, naming nothing of its own, with the dated label the answer sits under', async () => {
    const lines = ['2. Archive Packages', 'Effective Date: March 1, 2027', 'Archive packages will no longer be offered to new subscribers. Existing subscribers keep their archive package until renewal.'];
    const texts = await answerFrom('Can a new subscriber still take an archive package, and since when not?', lines, { sectionHeading: '2. Archive Packages' });
    expect(texts).toContain('Effective Date: March 1, 2027');
  });

  it('states the one row of a table the question’s qualifiers pick, not its sibling rows', async () => {
    const lines = [
      'Category A3 – Trading on Alternative Venue',
      'Enterprise (4+ Applications) | Licensee Group | $4,275',
      'Premium (2-3 Applications) | Licensee Group | $2,435',
      'Basic (1 Application) | Licensee Group | $1,820',
      'Category C',
      'Enterprise (4+ Applications) | Licensee Group | $609',
      'Basic (1 Application) | Licensee Group | $363',
    ];
    expect(await answerFrom('What is the Category A3 non-display fee at the Premium tier?', lines, { sectionHeading: 'Non-Display' })).toEqual([
      'Category A3 – Trading on Alternative Venue | Premium (2-3 Applications) | Licensee Group | $2,435',
    ]);
    // `Category A3` rows name another label of the kind asked: the Category C row answers.
    expect(await answerFrom('What is the Category C non-display fee at the basic tier?', lines, { sectionHeading: 'Non-Display' })).toEqual([
      'Category C | Basic (1 Application) | Licensee Group | $363',
    ]);
  });

  it('answers each side of a comparison with its row, and each year with that year’s list', async () => {
    const sides = await createExtractiveGenerator().generate(request('What is the difference between the delayed and real-time display device fees?'));
    expect(sides.output.kind === 'answer' && sides.output.sentences.map((sentence) => sentence.text)).toEqual(['Real Time | Device | $134.50', 'Delayed | Device | $0']);
    const editions: GenerationEvidence[] = [
      { anchor: 'C0', chunkId: 'fees-2026', doc: 'january-2026-fee-list.pdf', page: 1, sectionHeading: 'Display Device', text: 'Real Time | Device | $134.50\nDelayed | Device | $0' },
      { anchor: 'C1', chunkId: 'fees-2025', doc: 'january-2025-fee-list.pdf', page: 1, sectionHeading: 'Display Device', text: 'Real Time | Device | $130.10\nDelayed | Device | $0.00' },
    ];
    const years = await createExtractiveGenerator().generate(request('How much did the real-time display device fee go up from 2025 to 2026?', 6, editions));
    expect(years.output.kind === 'answer' && years.output.sentences).toEqual([
      { text: 'Real Time | Device | $134.50', anchors: ['C0'] },
      { text: 'Real Time | Device | $130.10', anchors: ['C1'] },
    ]);
  });

  it('never lets a further sentence state a figure or date the question did not ask about', async () => {
    const lines = [
      'A monthly fee of $5 per Subscriber Display Device applies to the distribution of Benchmark Information.',
      'Any Device used to display Benchmark Information will be charged this fee.',
      'The first fee liable report will be due by February 28, 2025 covering the period of January 2025.',
    ];
    expect(await answerFrom('How much is charged per month for each Subscriber Display Device showing Benchmark Information?', lines)).toEqual(lines.slice(0, 2));
    const policy = [
      'If any entity within your Licensee Group is a Financial Institution, the entire Licensee Group will be classified as a Financial Institution.',
      'Based on the survey sent on March 10, 2025, CME has classified your Licensee Group as a Financial Institution or a Non-Financial Institution.',
    ];
    expect(await answerFrom('How is a Licensee Group with one Financial Institution classified?', policy)).toEqual(policy.slice(0, 1));
  });

  it('puts the caption of a table first when it names more of the question than the row', async () => {
    const lines = ['3. CME Term SOFR Information Data License Fees Effective January 1, 2026:', 'Sector | Headcount | Delayed | Real Time', 'Financial Institution | 1 - 25 | $50 | $125'];
    // (The clause number `3.` stands apart as a list marker.)
    expect(await answerFrom('What are the CME Term SOFR data license fees?', lines, { sectionHeading: '1. Background' })).toEqual([
      'CME Term SOFR Information Data License Fees Effective January 1, 2026:',
      'Financial Institution | 1 - 25 | $50 | $125',
    ]);
  });

  it('answers a by-what-date question with the date set as a deadline', async () => {
    const lines = [
      'Based on the survey sent on March 10, 2025, CME has set the headcount and sector classification of each Licensee Group.',
      'IMPORTANT: all Licensee Groups are required to submit their current headcount and sector information by December 1, 2025.',
    ];
    const texts = await answerFrom('By what date did licensees have to update their headcount and sector classification?', lines, { sectionHeading: 'Licensee Specific Fee information' });
    expect(texts?.[0]).toContain('by December 1, 2025');
  });

  it('answers each part of a question asking two things', async () => {
    const lines = [
      'The first report is due by March 31, 2027 and covers the first quarter.',
      'The report must list every device in use.',
      'A report received late incurs a processing fee of $2,500.',
    ];
    const texts = await answerFrom('When is the first report due, and what is the penalty for a late report?', lines, { sectionHeading: 'Reporting' });
    expect(texts?.join(' ')).toContain('March 31, 2027');
    expect(texts?.join(' ')).toContain('$2,500');
  });

  it('does not answer what a term is made of with a row pricing something under its name', async () => {
    const texts = await answerFrom('Which fields make up Top of Book?', ['Real Time Non-Professional Device Top of Book: $1.55'], { sectionHeading: 'Display Device Fees' });
    expect(texts).toBeUndefined();
  });

  it('answers a part with a sentence holding a date of its own, not one whose only date the part names itself', async () => {
    const lines = [
      'The licence fees were first waived on January 1, 2024.',
      'Licence fee list March 2025: contact the sales team.',
      'The waiver of the licence fees ends on July 1, 2025.',
    ];
    const texts = await answerFrom('When were the licence fees first waived, and what end date did the March 2025 list give?', lines, { sectionHeading: 'Licence fees' });
    expect(texts?.join(' ')).toContain('January 1, 2024');
    // (`Licence fee list March 2025: …` names the list the part asks about; its date is not the answer.)
    expect(texts?.join(' ')).toContain('July 1, 2025');
  });

  it('answers a count with the row whose band holds it, not the band of another count', async () => {
    const lines = ['Index Licence Fees', '1 Index | $9,000', '2 – 10 Indices | $30,000', '11 – 25 Indices | $45,000', '26+ Indices | $60,000'];
    const texts = await answerFrom('What is the annual index licence fee if we publish 12 indices?', lines, { sectionHeading: 'Index Licence Fees' });
    expect(texts?.join(' ')).toContain('$45,000');
    expect(texts?.join(' ')).not.toMatch(/\$9,000|\$30,000|\$60,000/);
  });

  it('answers from a table of figures read under its column names, its rule lines left out', async () => {
    const lines = ['Usage is priced per seat as in Table 4.', '------------------', 'number of seats licensed | Price_per_seat', '------------------', '1-1,000 | $3.00', '------------------', '1,001 - 9,000 | $2.50', '------------------', '9,001 - 20,000 | $1.25'];
    const texts = await answerFrom('What price per seat applies when the number of seats licensed is between 1,001 and 9,000?', lines, { sectionHeading: 'Schedule B' });
    expect(texts).toEqual(['1,001 - 9,000 | $2.50']);
  });

  it('reads a length of time against bands of time, and a price column written without its currency sign', async () => {
    const lines = ['Swap Fee – Per EUR Million Notional | 0 up to 5 years | 0.02', 'Swap Fee – Per EUR Million Notional | 5 up to 10 years | 0.04', 'Bond Index Licence | 1 - 8 | Indices | $20,000'];
    const texts = await answerFrom('What is the swap fee per EUR million notional for an 8-year swap?', lines, { sectionHeading: 'Swap Fees' });
    expect(texts).toEqual(['Swap Fee – Per EUR Million Notional | 5 up to 10 years | 0.04']);
  });

  it('cites every evidence item a repeated sentence occurs in', async () => {
    const twin: GenerationEvidence = { ...EVIDENCE[1]!, anchor: 'C1', chunkId: 'display-copy', doc: 'copy.pdf' };
    const evidence = [{ ...EVIDENCE[1]!, anchor: 'C0' }, twin];
    const { output } = await createExtractiveGenerator().generate(request('What is the real-time display device fee?', 6, evidence));
    expect(output.kind === 'answer' && output.sentences[0]).toEqual({ text: 'Real Time | Device | $134.50', anchors: ['C0', 'C1'] });
  });

  it('reports telemetry: one attempt, token counts, stop, not cached, latency from the clock', async () => {
    let tick = 0;
    const generator = createExtractiveGenerator({ now: () => (tick += 5) });
    const fee = request('What is the real-time display device fee for CME market data?');
    const { telemetry } = await generator.generate(fee);
    expect(telemetry).toEqual({
      model: 'extractive-v1',
      promptSha256: fee.promptSha256,
      attempts: 1,
      latencyMs: 5,
      promptTokens: countTokens(fee.prompt),
      completionTokens: countTokens('Real Time | Device | $134.50'),
      finishReason: 'stop',
      cached: false,
    });
  });
});

describe('a question naming its agreement', () => {
  const lines = ['This Hosting Agreement is entered into by Quill Orchard Inc. and Sable Ridge LLC.', 'Invoices will be paid within fifteen (15) days of receipt.'];
  const question = "How quickly must Quill Orchard pay Sable Ridge's invoices under the hosting agreement?";

  it('asks the rest of the question of the sentences of the named document, not its names', async () => {
    const named = await answerFrom(question, lines, { doc: 'EX-10.4-HOSTING AGREEMENT.pdf', documentTerms: ['quill', 'orchard', 'sable', 'ridge'].map(stem) });
    expect(named?.[0]).toBe(lines[1]);
  });

  it('without the document terms, the sentence naming the parties wins on their names', async () => {
    // A question asking no value (the learned reading finds `how quickly` asks a duration, which
    // only the invoice sentence holds): what it names decides.
    const about = 'What does the hosting agreement between Quill Orchard and Sable Ridge say about invoices?';
    const unnamed = await answerFrom(about, lines, { doc: 'EX-10.4-HOSTING AGREEMENT.pdf' });
    expect(unnamed?.[0]).toBe(lines[0]);
    const named = await answerFrom(about, lines, { doc: 'EX-10.4-HOSTING AGREEMENT.pdf', documentTerms: ['quill', 'orchard', 'sable', 'ridge'].map(stem) });
    expect(named?.[0]).toBe(lines[1]);
  });
  it('asks the whole question, names and all, when the rest of it matches no sentence', async () => {
    const renamed = ['Quill Orchard changed its name to Sable Ridge on May 1, 2024.'];
    const answer = await answerFrom('When did Quill Orchard become Sable Ridge?', renamed, { documentTerms: ['quill', 'orchard', 'sable', 'ridge'].map(stem) });
    expect(answer).toEqual(renamed);
  });
});

describe('a question comparing two named agreements', () => {
  const names = ['quill', 'orchard', 'sable', 'ridge'].map(stem);
  const quill: GenerationEvidence = { anchor: 'C0', chunkId: 'q', doc: 'QuillOrchard_EX-10.1.pdf', page: 3, sectionHeading: 'Termination', text: 'Either party may terminate this Agreement if the other party fails to cure a material breach within fifteen (15) days after written notice.', documentTerms: names };
  const sable: GenerationEvidence = { anchor: 'C1', chunkId: 's', doc: 'SableRidge_EX-10.2.pdf', page: 7, sectionHeading: 'Term and Termination', text: 'This licence may be ended where a default is not remedied within one hundred twenty (120) days after notice of it.', documentTerms: names };
  const question = 'How long does a party in breach have to cure before termination: the Quill Orchard licence versus the Sable Ridge licence?';

  it('answers for each agreement named, when the evidence says which agreement each item is', async () => {
    const { output } = await createExtractiveGenerator().generate(request(question, 6, [{ ...quill, side: 0 }, { ...sable, side: 1 }]));
    expect(output.kind === 'answer' ? output.sentences.map((sentence) => sentence.anchors[0]) : []).toEqual(['C0', 'C1']);
  });

  it('without sides, answers from the best item alone', async () => {
    const { output } = await createExtractiveGenerator().generate(request(question, 6, [quill, sable]));
    expect(output.kind === 'answer' ? output.sentences.map((sentence) => sentence.anchors[0]) : []).toEqual(['C0']);
  });
});

describe('a question naming one agreement', () => {
  const question = 'Quill Orchard franchise: what royalty on monthly gross sales, and what marketing fee does the franchisee pay?';
  const quill: GenerationEvidence = { anchor: 'C0', chunkId: 'q', doc: 'QuillOrchard_EX-10.1.pdf', page: 2, sectionHeading: 'Fees', text: 'You shall pay Quill Orchard a continuing royalty of 6% of your monthly gross sales.' };
  const other: GenerationEvidence = { anchor: 'C1', chunkId: 's', doc: 'SableRidge_EX-10.2.pdf', page: 9, sectionHeading: 'Fees', text: 'The franchisee shall pay a marketing fee of $500 per month.' };

  it('is answered from that agreement alone when the evidence says which document it names', async () => {
    const { output } = await createExtractiveGenerator().generate(request(question, 6, [{ ...quill, named: true }, other]));
    expect(output.kind === 'answer' ? output.sentences.map((sentence) => sentence.anchors[0]) : []).toEqual(['C0']);
  });

  it('without the mark, a part no sentence of it answers is answered from another document', async () => {
    const { output } = await createExtractiveGenerator().generate(request(question, 6, [quill, other]));
    expect(output.kind === 'answer' ? output.sentences.map((sentence) => sentence.anchors[0]) : []).toEqual(['C0', 'C1']);
  });
});

describe('createExtractiveGenerator with a stage memo', () => {
  it('answers the same question from other evidence sets exactly as without one, reading each question and evidence item once', async () => {
    const questions = ['What is the real time fee for a display device?', 'Our ops team asked me this: how long must audit records be retained?', 'What is an Affiliate, and what is the Unit of Count?'];
    // Subsets and reorderings of the evidence (anchors renumbered), as a sweep's values hand one case.
    const sets = [EVIDENCE, EVIDENCE.slice(1), [EVIDENCE[3]!, EVIDENCE[1]!], [EVIDENCE[2]!, EVIDENCE[0]!, EVIDENCE[3]!], EVIDENCE].map((items) => items.map((item, index) => ({ ...item, anchor: `C${index}` })));
    for (const question of questions) {
      const held = new Map<string, unknown>();
      const memo = { get: (key: string) => held.get(key), set: (key: string, value: unknown) => void held.set(key, value) };
      const seen: string[] = [];
      for (const evidence of sets) {
        const plain = await createExtractiveGenerator().generate(request(question, 6, evidence));
        const remembered = await createExtractiveGenerator().generate({ ...request(question, 6, evidence), stageMemo: memo });
        expect(remembered.output, `${question} from ${evidence.map((item) => item.chunkId).join(', ')}`).toEqual(plain.output);
        seen.push(...held.keys());
      }
      const keys = [...held.keys()];
      // One reading of the question; the units of each evidence item kept once, whatever its place.
      expect(keys.filter((key) => key.endsWith('\u0000question'))).toHaveLength(1);
      expect(keys.filter((key) => key.includes('\u0000units\u0000')).length).toBeLessThanOrEqual(2 * EVIDENCE.length);
      expect(new Set(seen).size).toBe(keys.length);
    }
  });
});
