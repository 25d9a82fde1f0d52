import { describe, expect, it } from 'vitest';
import { buildWordFrequencies, correctSpelling } from './correct-spelling.ts';
import { isEnglishWord } from './english-words.ts';

const frequencies = buildWordFrequencies(
  ['Licensing of Information', 'licensing fees', 'Licensing terms', 'Wallboard | $487', 'Real Time | Wallboard', 'Delayed | Wallboard', 'usage reports', 'usage', 'usage', 'reports', 'reports', 'either party', 'either', 'either', 'routing', 'routing', 'routing'].map((text) => ({
    sectionHeading: '',
    text,
  })),
);

describe('correctSpelling', () => {
  it('corrects a misspelt word to the source word one edit away, keeping the capital', () => {
    expect(correctSpelling('What is Unit of Count in CME data licnesing?', frequencies)).toEqual({
      text: 'What is Unit of Count in CME data licensing?',
      corrections: [{ from: 'licnesing', to: 'licensing' }],
    });
    expect(correctSpelling('What is a Licensee Wallbozrd?', frequencies).text).toBe('What is a Licensee Wallboard?');
    expect(correctSpelling('late monthly usate reoprts', frequencies).text).toBe('late monthly usage reports');
  });

  it('leaves real words the source does not use, names, acronyms and short words alone', () => {
    // `Ether` (a product the corpus does not cover) is not `either`; `routine` is not `routing`.
    expect(correctSpelling('What is the Ether index fee before a routine audit?', frequencies).corrections).toEqual([]);
    expect(correctSpelling('What does SOFT charge for Eurex data?', frequencies).corrections).toEqual([]);
    expect(correctSpelling('Is the usge fee due?', frequencies).corrections).toEqual([]);
  });
});

describe('isEnglishWord', () => {
  it('knows WordNet lemmas, their regular inflections and common irregular forms', () => {
    for (const word of ['deadline', 'charges', 'defined', 'relocating', 'prospects', 'submitted', 'meant', 'ether']) expect(isEnglishWord(word), word).toBe(true);
    for (const word of ['licnesing', 'wallbozrd', 'reoprts']) expect(isEnglishWord(word), word).toBe(false);
  });
});
