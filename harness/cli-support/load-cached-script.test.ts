import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const loader = path.join(import.meta.dirname, 'load-cached-script.ts');
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// Each load in a fresh process, as the CLI's starts are: the cache is written when a process exits.
function loadInProcess(file: string): unknown {
  const script = `
    const { loadCachedScript } = await import(${JSON.stringify(loader)});
    const first = loadCachedScript(${JSON.stringify(file)});
    const again = loadCachedScript(${JSON.stringify(file)});
    console.log(JSON.stringify({ value: first.describe('x'), once: first === again, runs: globalThis.runs }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('loadCachedScript', () => {
  it('runs a CommonJS file once per process with its require, and keeps V8 code cache beside it for the next process', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cached-script-'));
    folders.push(folder);
    const file = path.join(folder, 'bundle.cjs');
    writeFileSync(file, `globalThis.runs = (globalThis.runs ?? 0) + 1;\nconst path = require('node:path');\nexports.describe = (name) => path.basename(__filename) + ':' + name;\n`);
    const expected = { value: 'bundle.cjs:x', once: true, runs: 1 };

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
});
