import { describe, expect, it } from 'vitest';
import { applyCasingPunctuation } from './apply-casing-punctuation.ts';
import { createSeededRandom } from './create-seeded-random.ts';

describe('applyCasingPunctuation', () => {
  it('changes letter case and/or punctuation, never the words, and names each change in the note', () => {
    const question = 'What is the real-time display device fee for CME market data, per month?';
    const notes = new Set<string>();
    for (let seed = 0; seed < 80; seed += 1) {
      const edit = applyCasingPunctuation(question, createSeededRandom(seed))!;
      expect(edit.question).not.toBe(question);
      const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}-]+/gu);
      expect(words(edit.question)).toEqual(words(question));
      for (const change of edit.note.split('; ')) notes.add(change);
      if (edit.note.includes('question mark dropped')) expect(edit.question).not.toMatch(/\?$/u);
      if (edit.note.includes('question mark doubled')) expect(edit.question).toMatch(/\?\?$/u);
      if (edit.note.includes('commas dropped')) expect(edit.question).not.toContain(',');
      if (edit.note === 'upper case') expect(edit.question).toBe(question.toUpperCase());
    }
    expect(notes).toEqual(
      new Set(['lower case', 'upper case', 'title case', 'question mark dropped', 'question mark doubled', 'commas dropped', 'full stop for question mark']),
    );
  });

  it('keeps commas and points inside amounts and the case of exact-case anchors', () => {
    for (let seed = 0; seed < 80; seed += 1) {
      const edit = applyCasingPunctuation('Does ICE charge $1,250.00, or does SONIA cost more?', createSeededRandom(seed))!;
      expect(edit.question).toContain('$1,250.00');
      expect(edit.question).toContain('ICE');
      expect(edit.question).toContain('SONIA');
    }
  });

  it('title-cases without lowering existing capitals', () => {
    let titled: string | undefined;
    for (let seed = 0; titled === undefined && seed < 100; seed += 1) {
      const edit = applyCasingPunctuation('what is the non-display fee for BrokerTec data?', createSeededRandom(seed))!;
      if (edit.note.startsWith('title case')) titled = edit.question;
    }
    expect(titled).toMatch(/^What Is The Non-Display Fee For BrokerTec Data/u);
  });
});
