import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../pipeline/extract/index.ts';
import { testCorpus } from '../../pipeline/testing/locate-test-corpus.ts';
import { FLIP_EXCHANGES, FLIP_PRODUCTS, YEARS_ABSENT_FROM_CORPUS } from './apply-distractor-flip.ts';

const corpus = testCorpus.path('cme');

describe.skipIf(!testCorpus.available)(testCorpus.title('distractor flip targets against the real CME corpus'), () => {
  it('no CME document names a flip year, a flip exchange or a flip product; every fee year is one they cover', async () => {
    const texts: string[] = [];
    for (const file of readdirSync(corpus).filter((name) => name.toLowerCase().endsWith('.pdf')).sort()) {
      const outcome = await extractDocument(path.join(corpus, file));
      if (outcome.status === 'extracted') texts.push(...outcome.document.pages.map((page) => page.text));
    }
    expect(texts.length).toBeGreaterThan(50);
    const whole = texts.join('\n');
    const occurs = (term: string, caseSensitive: boolean) =>
      new RegExp(`(?<![\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, caseSensitive ? 'u' : 'iu').test(whole);
    for (const year of YEARS_ABSENT_FROM_CORPUS) expect(occurs(String(year), true), String(year)).toBe(false);
    for (const year of [2025, 2026]) expect(occurs(String(year), true), String(year)).toBe(true);
    // Exact case for the short names that are ordinary words or fragments in lower case (`ice`, `lse`).
    for (const target of [...FLIP_EXCHANGES, ...new Set(Object.values(FLIP_PRODUCTS).flat())]) expect(occurs(target, /^[A-Z]{3,5}$/u.test(target)), target).toBe(false);
  });
});
