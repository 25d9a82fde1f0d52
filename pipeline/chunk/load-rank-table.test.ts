import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { afterEach, describe, expect, it } from 'vitest';
import { createTableTiktoken } from './create-lazy-tiktoken.ts';
import { loadRankTable } from './load-rank-table.ts';

const stock = new Tiktoken(createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as TiktokenBPE);
const text = 'What is the monthly fee for a non-professional device? Ünïcödé 🙂 <|endoftext|> $1,250.00';
const folders: string[] = [];

function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rank-table-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('loadRankTable', () => {
  it('writes the table for the next process, then reads it back, both encoding as the stock encoder', () => {
    const cacheDir = path.join(temporaryFolder(), 'cache');
    const built = loadRankTable({ cacheDir });
    const files = readdirSync(cacheDir);
    expect(files).toEqual([expect.stringMatching(/^cl100k_base-[0-9a-f]+-\d+\.bin$/)]);
    const written = statSync(path.join(cacheDir, files[0]!)).mtimeMs;
    const read = loadRankTable({ cacheDir });
    expect(statSync(path.join(cacheDir, files[0]!)).mtimeMs).toBe(written); // read, not written again
    for (const table of [built, read]) expect(createTableTiktoken(table).encode(text, [], [])).toEqual(stock.encode(text, [], []));
  });

  it('builds a damaged file again, and works without a folder it can write', () => {
    const cacheDir = temporaryFolder();
    loadRankTable({ cacheDir });
    const file = path.join(cacheDir, readdirSync(cacheDir)[0]!);
    const good = readFileSync(file);
    writeFileSync(file, good.subarray(0, good.length - 10));
    expect(createTableTiktoken(loadRankTable({ cacheDir })).encode(text, [], [])).toEqual(stock.encode(text, [], []));
    expect(readFileSync(file).equals(good)).toBe(true);

    // A folder under a file cannot be made (not even by root).
    const notAFolder = path.join(temporaryFolder(), 'file');
    writeFileSync(notAFolder, '');
    expect(createTableTiktoken(loadRankTable({ cacheDir: path.join(notAFolder, 'cache') })).encode(text, [], [])).toEqual(stock.encode(text, [], []));
    expect(readdirSync(path.dirname(notAFolder))).toEqual(['file']);
    expect(createTableTiktoken(loadRankTable({ cacheDir: undefined })).encode(text, [], [])).toEqual(stock.encode(text, [], []));
  });
});
