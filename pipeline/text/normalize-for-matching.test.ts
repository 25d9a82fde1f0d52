import { describe, expect, it } from 'vitest';
import { wordsOf } from './normalize-for-matching.ts';

// wordsOf as it read before its ASCII fast path: every word through both patterns.
function wordsOfByPatterns(normalized: string): string[] {
  const words = [...normalized.matchAll(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu)].map((match) => {
    let word = match[0];
    if (/^\p{N}/u.test(word)) word = word.replace(/,/g, '');
    const glued = /^(\p{L}{3,})\p{N}{1,2}$/u.exec(word);
    return glued?.[1] ? glued[1] : word;
  });
  const merged: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const next = words[index + 1];
    if (words[index] === 'non' && next !== undefined && /^\p{L}/u.test(next)) {
      merged.push(`non${next}`);
      index += 1;
    } else merged.push(words[index]!);
  }
  return merged;
}

describe('wordsOf', () => {
  it('drops thousands separators, cuts glued footnote digits and joins non to the next word', () => {
    expect(wordsOf('time11 fee of 3,640.50 for non-display, non display and nondisplay 2026')).toEqual(['time', 'fee', 'of', '3640.50', 'for', 'nondisplay', 'nondisplay', 'and', 'nondisplay', '2026']);
  });

  it('reads words as the patterns alone do, digits and letters outside ASCII included', () => {
    const texts = [
      'time11 a1 abc123 abc12 ab12 v5.0 4.1.2 1,000,000 12,5',
      'zürich² fee³ ٣,٥٠٠ fees٣ naïve12 ½ price ⅓ 𝟙𝟚 word𝟙 𝐀𝐁𝐂1',
      'non ² non 3 non-pro non- non',
      '',
    ];
    for (const text of texts) expect(wordsOf(text)).toEqual(wordsOfByPatterns(text));
  });
});
