import { describe, expect, it } from 'vitest';

// Plain JavaScript without type declarations (harness/bin.mjs imports it before anything is compiled).
const specifier: string = './build-cli.mjs';
const { codeCacheName } = (await import(specifier)) as { codeCacheName: (args: readonly string[], nodeOptions?: readonly string[]) => string };

describe('codeCacheName', () => {
  it('names the code cache after the invoked command, `main` without one', () => {
    expect(codeCacheName(['query', '--source', 'cme', 'What is the fee?'])).toBe('query');
    expect(codeCacheName(['--config', 'my.json', 'run', '--suite', 'cme'])).toBe('run');
    expect(codeCacheName(['--help'])).toBe('main');
    expect(codeCacheName([])).toBe('main');
  });

  it('keeps a cache apart for each set of Node options (V8 refuses a cache made under other flags)', () => {
    const plain = codeCacheName(['query', 'q'], ['']);
    const profiled = codeCacheName(['query', 'q'], ['--cpu-prof', '']);
    const limited = codeCacheName(['query', 'q'], ['', '--max-old-space-size=4096']);
    expect(plain).toBe('query');
    expect(profiled).toMatch(/^query-[0-9a-f]{8}$/);
    expect(limited).toMatch(/^query-[0-9a-f]{8}$/);
    expect(profiled).not.toBe(limited);
    expect(codeCacheName(['query', 'other question'], ['--cpu-prof'])).toBe(profiled);
  });
});
