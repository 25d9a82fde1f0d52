import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CommandIo } from './cli.ts';
import { renderTerminalTable } from './cli-support/render-terminal-table.ts';

// What a person sees in a terminal: run, compare, whatif and sweep on the sample suite through the
// real CLI (in process, a real offline index in a temporary folder), every line within the width.
const root = path.resolve(import.meta.dirname, '..');
let work: string;
let config: string;
let reportDir: string;

async function harness(args: readonly string[], columns?: number): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CommandIo = { env: { CI: 'true' }, cwd: root, interactive: false, stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text), ...(columns === undefined ? {} : { columns }) };
  const code = await runCli([...args, '--config', config], io);
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** The lines of `text` wider than `width` columns (none expected). */
function widerThan(text: string, width: number): string[] {
  return text.split('\n').filter((line) => [...line].length > width);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'clausegate-terminal-'));
  reportDir = path.join(work, 'reports');
  config = path.join(work, 'config.json');
  writeFileSync(config, JSON.stringify({ paths: { indexDir: path.join(work, 'index'), reportDir, cacheDir: path.join(work, 'cache'), logDir: path.join(work, 'logs') } }));
  const ingest = await harness(['ingest', '--source', 'sample']);
  expect(ingest.code, ingest.stderr).toBe(0);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('terminal output of run, compare, whatif and sweep', () => {
  it('harness run prints the compact summary within 100 columns, stdout and stderr', async () => {
    const run = await harness(['run', '--suite', 'sample', '--run-id', 'base']);
    expect([0, 1], run.stderr).toContain(run.code);
    expect(widerThan(run.stdout, 100)).toEqual([]);
    expect(widerThan(run.stderr, 100)).toEqual([]);
    expect(run.stdout).toMatch(/^(PASS|FAIL): /m);
    expect(run.stdout).toMatch(/^ {6}gate {2,}value {2,}n\/d {2}95% interval {4}threshold$/m);
    expect(run.stdout).toMatch(/^baseline \d+\/18 passed · evidence recall \d+\/\d+ · refusal accuracy \d+\/\d+ · answer precision \d+\/\d+$/m);
    expect(run.stdout).toContain(`Report: ${path.join(reportDir, 'base', 'report.html')}`);
    expect(run.stdout.split('\n').length).toBeLessThan(50);
  });

  it('harness compare prints tables within the width (100 when not a terminal, else the terminal’s), Markdown only with --format markdown', async () => {
    // A second run at threshold 3 refuses answers: flips to show.
    const threshold = path.join(work, 'threshold-3.json');
    writeFileSync(threshold, JSON.stringify({ paths: { indexDir: path.join(work, 'index'), reportDir, cacheDir: path.join(work, 'cache'), logDir: path.join(work, 'logs') }, gate: { relevanceThreshold: 3, minChunksRequired: 2 } }));
    const stdout: string[] = [];
    const head = await runCli(['run', '--suite', 'sample', '--run-id', 'head', '--config', threshold], { env: { CI: 'true' }, cwd: root, interactive: false, stdout: (text) => stdout.push(text), stderr: () => {} });
    expect([0, 1]).toContain(head);
    const sides = [path.join(reportDir, 'base'), path.join(reportDir, 'head'), '--no-report-html'];

    const text = await harness(['compare', ...sides]);
    expect(text.code, text.stderr).toBe(0);
    expect(widerThan(text.stdout, 100)).toEqual([]);
    expect(text.stdout).not.toMatch(/^\||^#|\*\*/m);
    expect(text.stdout).toMatch(/^gate {2,}base {2,}head {2,}head under base gate$/m);
    expect(text.stdout).toMatch(/^  - config gate\.relevanceThreshold: 2 → 3$/m);
    expect(text.stdout).toMatch(/^Pass → fail \(\d+\):$/m);

    const narrow = await harness(['compare', ...sides], 72);
    expect(widerThan(narrow.stdout, 72)).toEqual([]);
    expect(narrow.stdout.split('\n').length).toBeGreaterThan(text.stdout.split('\n').length);

    const markdown = await harness(['compare', ...sides, '--format', 'markdown']);
    expect(markdown.stdout).toMatch(/^## Compare `/);
    expect(markdown.stdout).toContain('| gate | base | head | head under the base gate |');
    expect(markdown.stdout).toContain('- config `gate.relevanceThreshold`: 2 → 3');
    expect(JSON.parse((await harness(['compare', ...sides, '--format', 'json'])).stdout)).toMatchObject({ schemaVersion: 1 });
  });

  it('harness whatif and harness sweep print tables within the width, Markdown only with --format markdown', async () => {
    const report = path.join(reportDir, 'base');
    const whatIf = await harness(['whatif', '--report', report, '--set', 'gate.relevanceThreshold=3', '--set', 'gate.minChunksRequired=2']);
    expect(whatIf.code, whatIf.stderr).toBe(0);
    expect(widerThan(whatIf.stdout, 100)).toEqual([]);
    expect(whatIf.stdout).toMatch(/^What-if on run base: gate\.relevanceThreshold 2 → 3, gate\.minChunksRequired 1 → 2$/m);
    expect(whatIf.stdout).toMatch(/^Decisions that change \(\d+\):$/m);
    expect(whatIf.stdout).toMatch(/^case {2,}expected {2,}as run → what-if {2,}outcome {2,}how$/m);
    expect(whatIf.stdout).not.toMatch(/^\||^#/m);
    const whatIfMarkdown = await harness(['whatif', '--report', report, '--set', 'gate.relevanceThreshold=3', '--format', 'markdown']);
    expect(whatIfMarkdown.stdout).toMatch(/^## What-if on run `base`: `gate\.relevanceThreshold` 2 → 3/);
    expect(whatIfMarkdown.stdout).toContain('| case | expected | as run | what-if | outcome | how |');

    const out = path.join(work, 'sweep');
    const sweep = await harness(['sweep', '--report', report, '--param', 'gate.relevanceThreshold=0:3:1', '--out', out]);
    expect(sweep.code, sweep.stderr).toBe(0);
    expect(widerThan(sweep.stdout, 100)).toEqual([]);
    expect(sweep.stdout).toMatch(/^ *2 ◀ current {2,}\d\.\d{3} \(\d+\/13\) {2,}\d\.\d{3} \(\d+\/5\) {2,}\d\.\d{3} \(\d+\/18\)/m);
    const sweepMarkdown = await harness(['sweep', '--report', report, '--param', 'gate.relevanceThreshold=0:3:1', '--out', out, '--format', 'markdown']);
    expect(sweepMarkdown.stdout).toContain('| **2** ◀ current |');
  });
});

describe('renderTerminalTable', () => {
  it('keeps natural widths when they fit, narrows the widest column and wraps its cells when not, never numbers', () => {
    const rows = [['a', '12/18', 'a long definition that does not fit in the width we give the table at all']];
    expect(renderTerminalTable(['name', 'n/d', 'definition'], rows, { width: 100, align: ['left', 'right', 'left'] }).split('\n')).toEqual([
      'name    n/d  definition',
      '────  ─────  ─────────────────────────────────────────────────────────────────────────',
      'a     12/18  a long definition that does not fit in the width we give the table at all',
    ]);
    const narrow = renderTerminalTable(['name', 'n/d', 'definition'], rows, { width: 40, align: ['left', 'right', 'left'] }).split('\n');
    expect(narrow).toEqual([
      'name    n/d  definition',
      '────  ─────  ───────────────────────────',
      'a     12/18  a long definition that does',
      '             not fit in the width we',
      '             give the table at all',
    ]);
  });
});
