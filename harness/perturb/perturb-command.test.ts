import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CommandIo } from '../cli.ts';
import { loadSuite } from '../golden/load-suite.ts';
import { SYNTHETIC_SUITE } from './synthetic-suite.fixture.ts';

// The test of `harness perturb` (harness/commands/perturb-command.ts), kept with the generator it drives.

function captureIo(cwd: string): CommandIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { env: {}, cwd, interactive: false, stdout: (text) => out.push(text), stderr: (text) => err.push(text), out, err };
}

function writeSuite(goldenDir: string, name: string, lines: readonly string[]): void {
  mkdirSync(path.join(goldenDir, name), { recursive: true });
  const settings = { schemaVersion: 1, name, source: 'cme', corpusRoot: '../shared/corpus/cme', refusal: 'Not addressed.', description: 'perturb command test' };
  writeFileSync(path.join(goldenDir, name, 'suite.json'), JSON.stringify(settings));
  writeFileSync(path.join(goldenDir, name, 'baseline.jsonl'), `${lines.join('\n')}\n`);
}

describe('harness perturb', () => {
  let work: string;
  let config: string;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-perturb-'));
    config = path.join(work, 'config.json');
    writeFileSync(config, JSON.stringify({ paths: { goldenDir: 'golden' } }));
    writeSuite(path.join(work, 'golden'), 'synthetic', SYNTHETIC_SUITE.map((base) => JSON.stringify(base)));
    writeSuite(path.join(work, 'golden'), 'tiny', SYNTHETIC_SUITE.slice(0, 5).map((base) => JSON.stringify(base)));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes perturb.jsonl, byte-identical for the same seed, and prints counts per kind and the flip share', async () => {
    const file = path.join(work, 'golden', 'synthetic', 'perturb.jsonl');
    const io = captureIo(work);
    expect(await runCli(['perturb', '--suite', 'synthetic', '--seed', '1', '--config', config], io)).toBe(0);
    const first = readFileSync(file, 'utf8');
    const summary = io.out.join('\n');
    expect(summary).toMatch(/suite synthetic · seed 1 · per case 3 · 60 of 60 baseline cases perturbed/u);
    expect(summary).toMatch(/^distractor_flip\s+\d+\s+\d+\.\d%$/mu);
    expect(summary).toMatch(/^total\s+180\s+100\.0%$/mu);
    expect(summary).toMatch(/distractor flips: \d+\.\d% · expect refuse: \d+ · expect same: \d+/u);
    expect(summary).toContain('wrote golden/synthetic/perturb.jsonl');

    expect(await runCli(['perturb', '--suite', 'synthetic', '--seed', '1', '--config', config], captureIo(work))).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(await runCli(['perturb', '--suite', 'synthetic', '--seed', '2', '--config', config], captureIo(work))).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toBe(first);

    const suite = await loadSuite(path.join(work, 'golden'), 'synthetic');
    expect(suite.problems).toEqual([]);
    expect(suite.perturbations).toHaveLength(180);
  });

  it('--check writes nothing, prints the lines, and exits 1 when a quota is missed', async () => {
    const io = captureIo(work);
    expect(await runCli(['perturb', '--suite', 'tiny', '--seed', '1', '--check', '--config', config], io)).toBe(1);
    expect(existsSync(path.join(work, 'golden', 'tiny', 'perturb.jsonl'))).toBe(false);
    const lines = io.out.join('\n').split('\n');
    expect(lines.length).toBe(15);
    for (const line of lines) expect(JSON.parse(line)).toHaveProperty('base_id');
    expect(io.err.join('\n')).toContain('quota missed: 15 perturbations, fewer than the 150 required');
    expect(io.err.join('\n')).toContain('(--check: golden/tiny/perturb.jsonl not written)');
  });

  it('--per-case and --out set the density and the file, which is written even when a quota is missed', async () => {
    const out = path.join(work, 'dense.jsonl');
    const io = captureIo(work);
    // Only 21 of the 45 answerable synthetic questions name something to flip: at five variants a case, flips fall below 15%.
    expect(await runCli(['perturb', '--suite', 'synthetic', '--seed', '1', '--per-case', '5', '--out', out, '--config', config], io)).toBe(1);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n').length).toBe(300);
    expect(io.err.join('\n')).toMatch(/quota missed: distractor flips are 1\d\.\d% of the perturbations/u);
  });

  it('refuses a malformed baseline and bad numbers', async () => {
    writeSuite(path.join(work, 'golden'), 'broken', [JSON.stringify(SYNTHETIC_SUITE[0]), '{"id": "x"']);
    const io = captureIo(work);
    expect(await runCli(['perturb', '--suite', 'broken', '--seed', '1', '--config', config], io)).toBe(2);
    expect(io.err.join('\n')).toMatch(/baseline\.jsonl:2: not valid JSON/u);
    expect(io.err.join('\n')).toContain('nothing was written');
    const bad = captureIo(work);
    expect(await runCli(['perturb', '--suite', 'synthetic', '--seed', '1.5', '--config', config], bad)).toBe(2);
    expect(bad.err.join('\n')).toContain('--seed must be an integer');
  });
});
