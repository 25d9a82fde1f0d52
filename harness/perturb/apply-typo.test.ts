import { describe, expect, it } from 'vitest';
import { applyTypo, TYPO_MINIMUM_WORD_LENGTH } from './apply-typo.ts';
import { createSeededRandom } from './create-seeded-random.ts';

const QUESTIONS = [
  'What is the real-time display device fee for CME market data?',
  'Is the fee $1,250.00 per month for 2026 under the ILA?',
  'What changed in the notice of August 14, 2025 for Term SOFR?',
  'Does the 1.5% late fee apply to Category A1 with 4+ applications?',
  'What does "Unit of Count" mean in Schedule 2, v5.0?',
];

function changedWords(before: string, after: string): string[] {
  const beforeWords = before.split(' ');
  const afterWords = after.split(' ');
  return beforeWords.filter((word, index) => word !== afterWords[index]);
}

describe('applyTypo', () => {
  it('misspells one or two long words, keeping their first letter', () => {
    for (let seed = 0; seed < 100; seed += 1) {
      const edit = applyTypo(QUESTIONS[0]!, createSeededRandom(seed));
      expect(edit).toBeDefined();
      const before = QUESTIONS[0]!.split(' ');
      const after = edit!.question.split(' ');
      expect(after).toHaveLength(before.length);
      const changed = before.flatMap((word, index) => (word === after[index] ? [] : [[word, after[index]!] as const]));
      expect(changed.length).toBeGreaterThanOrEqual(1);
      expect(changed.length).toBeLessThanOrEqual(2);
      for (const [original, misspelt] of changed) {
        expect(original.replace(/[^a-z]/giu, '').length).toBeGreaterThanOrEqual(TYPO_MINIMUM_WORD_LENGTH);
        expect(misspelt[0]).toBe(original[0]);
        expect(Math.abs(misspelt.length - original.length)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('never touches amounts, years, dates, percentages, counts, acronyms, products or quoted terms', () => {
    const kept = ['$1,250.00', '2026', 'ILA', 'August 14, 2025', 'Term SOFR', '1.5%', 'A1', '4+', '"Unit of Count"', 'v5.0', 'CME'];
    for (const question of QUESTIONS) {
      for (let seed = 0; seed < 200; seed += 1) {
        const edit = applyTypo(question, createSeededRandom(seed, question));
        if (edit === undefined) continue;
        for (const text of kept) if (question.includes(text)) expect(edit.question).toContain(text);
      }
    }
  });

  it('uses keyboard neighbours, swaps or drops, and says which in the note', () => {
    const notes = new Set<string>();
    for (let seed = 0; seed < 60; seed += 1) {
      const edit = applyTypo('Which Subscriber agreement governs redistribution?', createSeededRandom(seed))!;
      for (const match of edit.note.matchAll(/\((substituted|swapped|dropped)\)/gu)) notes.add(match[1]!);
      const substituted = /(\p{L}+) → (\p{L}+) \(substituted\)/u.exec(edit.note);
      if (substituted !== null) {
        const [original, misspelt] = [substituted[1]!.toLowerCase(), substituted[2]!.toLowerCase()];
        const index = [...original].findIndex((letter, position) => letter !== misspelt[position]);
        const neighbours: Record<string, string> = {
          a: 'sqwz', b: 'vngh', c: 'xvdf', d: 'sferxc', e: 'wrsd', f: 'dgrtcv', g: 'fhtyvb', h: 'gjyubn', i: 'uojk', j: 'hkuinm',
          k: 'jliom', l: 'kop', m: 'njk', n: 'bmhj', o: 'ipkl', p: 'ol', r: 'etdf', s: 'adwezx', t: 'ryfg', u: 'yihj', v: 'cbfg',
          w: 'qeas', y: 'tugh',
        };
        expect(neighbours[original[index]!] ?? '').toContain(misspelt[index]);
      }
    }
    expect(notes).toEqual(new Set(['substituted', 'swapped', 'dropped']));
  });

  it('does not apply when no word is long enough or every long word is protected', () => {
    expect(applyTypo('What is the ILA?', createSeededRandom(1))).toBeUndefined();
    expect(applyTypo('Is it $134.50 in 2026 for CBOT?', createSeededRandom(1))).toBeUndefined();
  });

  it('changes only words, so the rest of the question stays byte for byte', () => {
    const edit = applyTypo(QUESTIONS[2]!, createSeededRandom(5))!;
    expect(changedWords(QUESTIONS[2]!, edit.question).every((word) => /^\p{L}+$/u.test(word))).toBe(true);
  });
});
