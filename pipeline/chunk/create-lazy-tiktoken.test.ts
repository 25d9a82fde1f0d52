import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { describe, expect, it } from 'vitest';
import { createLazyTiktoken } from './create-lazy-tiktoken.ts';

const ranks = createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as TiktokenBPE;
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** Real text: the sample corpus's text document and every question of the golden suites. */
function realTexts(): string[] {
  const texts = [readFileSync(path.join(repositoryRoot, 'data/raw/sample/harbourview-data-policy.txt'), 'utf8')];
  const golden = path.join(repositoryRoot, 'golden');
  for (const suite of readdirSync(golden, { withFileTypes: true })) {
    if (!suite.isDirectory()) continue;
    for (const file of readdirSync(path.join(golden, suite.name))) {
      if (file.endsWith('.jsonl')) texts.push(readFileSync(path.join(golden, suite.name, file), 'utf8'));
    }
  }
  return texts;
}

const awkward = [
  'Ünïcödé café naïve façade — “quotes” ‘single’ … ellipsis',
  '中文字符和日本語のテキスト, 한국어 텍스트',
  'emoji 🙂👍🏽 and flags 🇬🇧 and ZWJ 👩‍👩‍👧',
  'special token strings as text: <|endoftext|> <|fim_prefix|>',
  '    indented\n\n\ttabs\r\nand CRLF   trailing   ',
  '1234567890 3.14159 $1,250.00 10% 2026-11-26',
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'x'.repeat(300),
];

describe('createLazyTiktoken', () => {
  const stock = new Tiktoken(ranks);
  const lazy = createLazyTiktoken(ranks);

  it('encodes real and awkward text exactly as the stock cl100k_base encoder', () => {
    for (const text of [...realTexts(), ...awkward]) expect(lazy.encode(text, [], [])).toEqual(stock.encode(text, [], []));
  });

  it('decodes every token and any prefix exactly as the stock encoder', () => {
    const tokens = stock.encode(awkward.join(' '), [], []);
    for (let count = 1; count <= tokens.length; count += 1) expect(lazy.decode(tokens.slice(0, count))).toBe(stock.decode(tokens.slice(0, count)));
    const everyRank = Array.from({ length: 100_256 }, (_, rank) => rank);
    expect(lazy.decode(everyRank)).toBe(stock.decode(everyRank));
  });

  it('gives the same answers on a second pass (remembered hits and misses)', () => {
    for (const text of awkward) expect(lazy.encode(text, [], [])).toEqual(stock.encode(text, [], []));
  });
});
