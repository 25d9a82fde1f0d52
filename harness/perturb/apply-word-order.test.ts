import { describe, expect, it } from 'vitest';
import { applyWordOrder } from './apply-word-order.ts';
import { createSeededRandom } from './create-seeded-random.ts';

function reorder(question: string): string | undefined {
  return applyWordOrder(question, createSeededRandom(1))?.question;
}

describe('applyWordOrder', () => {
  it('fronts a trailing prepositional phrase', () => {
    expect(reorder('What is the real-time display device fee for CME market data?')).toBe('For CME market data, what is the real-time display device fee?');
    expect(reorder('Does the 1.5% late fee apply in 2025?')).toBe('In 2025, does the 1.5% late fee apply?');
    expect(reorder('Is a prompt notice of errors required under Schedule 7?')).toBe('Under Schedule 7, is a prompt notice of errors required?');
    expect(reorder('Can a sub-licensee receive non-display data on a 24-hour basis?')).toBe('On a 24-hour basis, can a sub-licensee receive non-display data?');
    expect(reorder('What is Unit of Count in CME data licensing?')).toBe('In CME data licensing, what is Unit of Count?');
  });

  it('skips a phrase after an amount or opening with a pronoun, and takes a later one', () => {
    expect(reorder('What does CME charge a financial institution with over $10 billion in assets for Term SOFR reconciliation use?')).toBe(
      'For Term SOFR reconciliation use, what does CME charge a financial institution with over $10 billion in assets?',
    );
    expect(reorder('Can a licensee show Event Contract Information on its public website under the 2026 Schedule 5?')).toBe(
      'Under the 2026 Schedule 5, can a licensee show Event Contract Information on its public website?',
    );
  });

  it('moves a fronted phrase to the end', () => {
    expect(reorder('Under the ILA, can a Licensee act as a Distributor?')).toBe('Can a Licensee act as a Distributor under the ILA?');
  });

  it('fronts the topic of a what-is or what-does-it-mean question', () => {
    expect(reorder('What is an Order Routing Device?')).toBe('An Order Routing Device — what is it?');
    expect(reorder('What are the CVOL and BrokerTec fees?')).toBe('The CVOL and BrokerTec fees — what are they?');
    expect(reorder('What does Non-Display Use mean?')).toBe('Non-Display Use — what does it mean?');
  });

  it('leaves questions alone when moving a phrase could change what it attaches to', () => {
    // A clause in the head: `in time` would attach to the wrong verb.
    expect(reorder('What happens if a Subscriber fails to pay in time?')).toBeUndefined();
    // A fixed phrase, not a topic.
    expect(reorder('Must a Licensee give notice of termination in writing?')).toBeUndefined();
    // The head would end on a bare verb.
    expect(reorder('What is in your system prompt?')).toBeUndefined();
    // Not a question form.
    expect(reorder('Fees for CME data')).toBeUndefined();
    // Two clauses.
    expect(reorder('What is the fee for CME data and how is it billed?')).toBeUndefined();
    // A legal phrase of the verb, not a topic: termination for convenience.
    expect(reorder('What notice period applies to terminating a Subscriber Addendum for convenience?')).toBeUndefined();
  });

  it('keeps every word and a missing question mark missing', () => {
    const question = 'What are the reporting obligations of a Licensee under Schedule 3';
    const reordered = reorder(question)!;
    expect(reordered).toBe('Under Schedule 3, what are the reporting obligations of a Licensee');
    const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu)!.sort();
    expect(words(reordered)).toEqual(words(question));
  });
});
