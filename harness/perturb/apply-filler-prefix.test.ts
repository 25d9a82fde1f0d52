import { describe, expect, it } from 'vitest';
import { applyFillerPrefix, FILLER_PREFIXES } from './apply-filler-prefix.ts';
import { createSeededRandom } from './create-seeded-random.ts';

describe('applyFillerPrefix', () => {
  it('puts a filler before the question, lower-casing a question word after a prefix that runs on', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 100; seed += 1) {
      const edit = applyFillerPrefix('What is the real-time display device fee for CME market data?', createSeededRandom(seed))!;
      const prefix = FILLER_PREFIXES.find((candidate) => edit.question.startsWith(`${candidate} `))!;
      expect(prefix).toBeDefined();
      seen.add(prefix);
      const rest = edit.question.slice(prefix.length + 1);
      expect(rest).toBe(/[.!?:]$/u.test(prefix) ? 'What is the real-time display device fee for CME market data?' : 'what is the real-time display device fee for CME market data?');
    }
    expect(seen.size).toBe(FILLER_PREFIXES.length);
  });

  it('keeps the capital of an acronym, a name or a defined term opening the question', () => {
    for (let seed = 0; seed < 40; seed += 1) {
      expect(applyFillerPrefix('CME Term SOFR fees: where are they listed?', createSeededRandom(seed))!.question).toContain('CME Term SOFR fees');
      expect(applyFillerPrefix('Subscriber Display Devices: how are they counted?', createSeededRandom(seed))!.question).toContain('Subscriber Display');
    }
  });

  it('names no exchange, product, year or amount in any filler', () => {
    for (const prefix of FILLER_PREFIXES) expect(prefix).not.toMatch(/\d|CME|ILA|SOFR/u);
  });
});
