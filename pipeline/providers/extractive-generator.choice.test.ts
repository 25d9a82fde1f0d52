import { describe, expect, it } from 'vitest';
import { buildPrompt } from '../answer/build-prompt.ts';
import { createExtractiveGenerator } from './extractive-generator.ts';
import type { GenerationEvidence } from './generator.ts';

const REFUSAL = 'This is not addressed in the provided documents.';

/** The sentences the generator answers `question` with from one evidence item holding `lines` (undefined on a refusal). */
async function answerFrom(question: string, lines: readonly string[], item: Partial<GenerationEvidence> = {}): Promise<string[] | undefined> {
  const evidence: GenerationEvidence = { anchor: 'C0', chunkId: 'item', doc: 'document.pdf', page: 1, sectionHeading: 'Section', text: lines.join('\n'), ...item };
  const prompt = buildPrompt({ question, evidence: [evidence], refusal: REFUSAL, maxSentences: 6 });
  const { output } = await createExtractiveGenerator().generate({ prompt: prompt.text, promptSha256: prompt.sha256, question, evidence: [evidence], refusal: REFUSAL, maxSentences: 6 });
  return output.kind === 'answer' ? output.sentences.map((sentence) => sentence.text) : undefined;
}

describe('extractive generator: which of equally ranked units answers', () => {
  it('prefers the row sharing more of the question’s own words, small ones too, over evidence order', async () => {
    const rows = ['Non-Display | Per Asset Class | Application | $1,575', 'Non-Display | All Asset Classes | Application | $5,310'];
    const answer = await answerFrom('What does a non-display application cost when it covers all asset classes?', rows, { sectionHeading: 'Option Volatility Greeks' });
    expect(answer?.[0]).toContain('$5,310');
    expect(answer?.join(' ')).not.toContain('$1,575');
  });

  it('does not count shared numbers: a count asked is no fee stated', async () => {
    const rows = ['Users | 201 - 2,000 | $375', 'Users | +15,000 | $500'];
    const answer = await answerFrom('A firm with a headcount of 1,500 wants the licence: what is the monthly fee?', rows, { sectionHeading: 'Data License' });
    expect(answer?.[0]).toContain('$375');
  });
});

describe('extractive generator: titles and party lines are no answer', () => {
  it('answers from the clause, not from a title line in capitals that names the agreement', async () => {
    const lines = ['MASTER LICENCE AGREEMENT ACME WIDGETS, INC.', 'The Licensee shall pay the Licensor a royalty of five percent (5%) of Net Sales each quarter.'];
    const answer = await answerFrom('Under the Acme Widgets master licence agreement, what royalty must the licensee pay?', lines);
    expect(answer).toBeDefined();
    expect(answer?.join(' ')).not.toContain('MASTER LICENCE AGREEMENT');
    expect(answer?.[0]).toContain('5%');
  });

  it('still answers from a clause written in capitals (a disclaimer, a cap on liability)', async () => {
    const lines = ['IN NO EVENT WILL THE LICENSOR’S TOTAL LIABILITY UNDER THIS AGREEMENT EXCEED THE FEES ACTUALLY PAID BY THE LICENSEE.'];
    const answer = await answerFrom('What is the cap on the licensor’s liability?', lines);
    expect(answer?.[0]).toContain('EXCEED THE FEES ACTUALLY PAID');
  });
});

describe('extractive generator: sentences joining the best one', () => {
  it('does not add a sentence naming a party nobody asked about (an opening paragraph)', async () => {
    const lines = [
      'IN NO EVENT WILL IMNTV’S LIABILITY TO DISTRIBUTOR UNDER THIS AGREEMENT EXCEED THE AMOUNT ACTUALLY DUE TO IMNTV HEREIN.',
      'This Content License Agreement is between Global Music International, Inc. d/b/a IMNTV and Distributor, and sets out the liability of IMNTV to Distributor.',
    ];
    const answer = await answerFrom('Is IMNTV’s liability to the distributor capped under this agreement?', lines);
    expect(answer?.[0]).toContain('EXCEED THE AMOUNT ACTUALLY DUE');
    expect(answer?.join(' ')).not.toContain('Global Music International');
  });
});
