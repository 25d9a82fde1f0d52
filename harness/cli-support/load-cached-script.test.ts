import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const loader = path.join(import.meta.dirname, 'load-cached-script.mjs');
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// Each load in a fresh process, as the CLI's starts are: the cache is written when a process exits.
function loadInProcess(file: string, options: { cacheName?: string } = {}): unknown {
  const script = `
    const { loadCachedScript } = await import(${JSON.stringify(pathToFileURL(loader).href)});
    const first = loadCachedScript(${JSON.stringify(file)}, ${JSON.stringify(options)});
    const again = loadCachedScript(${JSON.stringify(file)}, ${JSON.stringify(options)});
    console.log(JSON.stringify({ value: first.describe('x'), once: first === again, runs: globalThis.runs, required: first.requireLater() }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

// A CommonJS file as the CLI bundle is one: it requires a built-in at once, and a module on demand
// from a function (read from the code cache after the first process).
const SCRIPT = `globalThis.runs = (globalThis.runs ?? 0) + 1;
const path = require('node:path');
exports.describe = (name) => path.basename(__filename) + ':' + name;
exports.requireLater = () => require('node:url').pathToFileURL('/a/b.txt').href;
`;

describe('loadCachedScript', () => {
  it('runs a CommonJS file once per process with its require, and keeps V8 code cache beside it for the next process', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cached-script-'));
    folders.push(folder);
    const file = path.join(folder, 'bundle.cjs');
    writeFileSync(file, SCRIPT);
    const expected = { value: 'bundle.cjs:x', once: true, runs: 1, required: 'file:///a/b.txt' };

    expect(loadInProcess(file)).toEqual(expected);
    const cache = `${file}.code-cache`;
    const written = statSync(cache).mtimeMs;
    expect(statSync(cache).size).toBeGreaterThan(0);

    expect(loadInProcess(file)).toEqual(expected);
    expect(statSync(cache).mtimeMs).toBe(written); // accepted by V8, so not written again

    writeFileSync(cache, 'not a code cache');
    expect(loadInProcess(file)).toEqual(expected);
    expect(readFileSync(cache, 'utf8')).not.toBe('not a code cache'); // refused, then written anew
  });

  it('keeps one cache per cacheName beside the file, each written by the first process of its name', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cached-script-'));
    folders.push(folder);
    const file = path.join(folder, 'cli.cjs');
    writeFileSync(file, SCRIPT);
    const expected = { value: 'cli.cjs:x', once: true, runs: 1, required: 'file:///a/b.txt' };

    expect(loadInProcess(file, { cacheName: 'query' })).toEqual(expected);
    expect(readdirSync(folder).sort()).toEqual(['cli.cjs', 'cli.cjs.query.code-cache']);
    const written = statSync(`${file}.query.code-cache`).mtimeMs;
    expect(loadInProcess(file, { cacheName: 'main' })).toEqual(expected);
    expect(readdirSync(folder).sort()).toEqual(['cli.cjs', 'cli.cjs.main.code-cache', 'cli.cjs.query.code-cache']);
    expect(loadInProcess(file, { cacheName: 'query' })).toEqual(expected);
    expect(statSync(`${file}.query.code-cache`).mtimeMs).toBe(written);
  });
});
