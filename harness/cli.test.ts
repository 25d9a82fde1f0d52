import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CommandIo } from './cli.ts';
import { commandName, findInvokedCommands, HARNESS_COMMANDS } from './cli-support/harness-commands.ts';

const sample = path.resolve(import.meta.dirname, '../data/raw/sample');

/** A CommandIo that captures what a command prints. */
function captureIo(cwd: string, env: Record<string, string | undefined> = {}): CommandIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { env, cwd, interactive: false, stdout: (text) => out.push(text), stderr: (text) => err.push(text), out, err };
}

describe('harness CLI: ingest, list, query', () => {
  let work: string;
  let config: string;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-cli-'));
    cpSync(sample, path.join(work, 'raw', 'sample'), { recursive: true });
    config = path.join(work, 'config.json');
    writeFileSync(config, JSON.stringify({ paths: { indexDir: path.join(work, 'index'), logDir: path.join(work, 'logs'), rawRoot: path.join(work, 'raw') } }));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('ingests a source and prints the summary table', async () => {
    const io = captureIo(work);
    expect(await runCli(['ingest', '--source', 'sample', '--config', config], io)).toBe(0);
    const text = io.out.join('\n');
    expect(text).toMatch(/files\s+documents\s+pages\s+chunks\s+definitions\s+skipped\s+duplicates/);
    expect(text).toContain('Indexed source "sample"');
  });

  it('--strict exits 1 when a file was skipped, and --json gives the summary for machines', async () => {
    writeFileSync(path.join(work, 'raw', 'sample', 'prices.xlsx'), 'not supported');
    try {
      const io = captureIo(work);
      expect(await runCli(['ingest', '--source', 'sample', '--config', config, '--strict', '--json'], io)).toBe(1);
      const summary = JSON.parse(io.out.join('\n')) as { documents: { doc: string; reason?: string }[] };
      expect(summary.documents.find((document) => document.doc === 'prices.xlsx')?.reason).toBe('unsupported');
    } finally {
      rmSync(path.join(work, 'raw', 'sample', 'prices.xlsx'));
    }
  });

  it('lists what is indexed', async () => {
    const io = captureIo(work);
    expect(await runCli(['list', '--config', config], io)).toBe(0);
    expect(io.out.join('\n')).toMatch(/source sample · index v\d{8}T/);
    expect(io.out.join('\n')).toContain('harbourview-fee-schedule-2026.pdf');
  });

  it('answers a question with citations and writes the audit log without secrets', async () => {
    const io = captureIo(work, { OPENAI_API_KEY: 'sk-secret-should-never-be-logged' });
    expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', config, '--json'], io)).toBe(0);
    const result = JSON.parse(io.out.join('\n')) as { status: string; answer: string; citations: { doc: string }[] };
    expect(result.status).toBe('answered');
    expect(result.answer).toContain('$3.50');
    expect(result.citations[0]?.doc).toBe('harbourview-fee-schedule-2026.pdf');
    const { readFileSync } = await import('node:fs');
    const audit = readFileSync(path.join(work, 'logs', 'queries.jsonl'), 'utf8');
    expect(audit).toContain('"status":"answered"');
    expect(audit).not.toContain('sk-secret');
  });

  it('refuses with exit 0 and prints the refusal panel', async () => {
    const io = captureIo(work);
    expect(await runCli(['query', 'What are the Nasdaq fees for 2027?', '--config', config], io)).toBe(0);
    expect(io.out.join('\n')).toContain('This is not addressed in the provided Harbourview documents.');
    expect(io.out.join('\n')).toContain('generator calls: 0');
  });

  it('names the source and index version in the answer header, and never picks one of several sources silently', async () => {
    const answered = captureIo(work);
    expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', config], answered)).toBe(0);
    expect(answered.out.join('\n').split('\n')[0]).toMatch(/^source sample · index v\d{8}T/);

    const markdown = captureIo(work);
    expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--format', 'markdown', '--config', config], markdown)).toBe(0);
    const text = markdown.out.join('\n');
    expect(text).toMatch(/^\*\*Q:\*\* What is the monthly fee/);
    expect(text).toMatch(/^- .*\$3\.50 \[C\d+\]\.$/m);
    expect(text).toMatch(/^- \[C\d+\] harbourview-fee-schedule-2026\.pdf, .*, page 1: “.*”$/m);

    cpSync(path.join(work, 'raw', 'sample'), path.join(work, 'raw', 'second'), { recursive: true });
    const base = JSON.parse(readFileSync(config, 'utf8')) as Record<string, unknown>;
    const sources = { sample: { refusal: 'This is not addressed in the provided Harbourview documents.' }, second: { refusal: 'Not in the second documents.' } };
    const two = path.join(work, 'two-sources.json');
    writeFileSync(two, JSON.stringify({ ...base, sources }));
    const ingestWithoutSource = captureIo(work);
    expect(await runCli(['ingest', '--config', two], ingestWithoutSource)).toBe(2);
    expect(ingestWithoutSource.err.join('\n')).toContain('2 sources are configured (sample, second)');
    expect(await runCli(['ingest', '--source', 'second', '--config', two], captureIo(work))).toBe(0);

    const ambiguous = captureIo(work);
    expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', two], ambiguous)).toBe(2);
    expect(ambiguous.out).toEqual([]);
    expect(ambiguous.err.join('\n')).toContain('2 sources are indexed (sample, second): say which with --source');
    const chosen = captureIo(work);
    expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--source', 'second', '--config', two], chosen)).toBe(0);
    expect(chosen.out.join('\n')).toContain('source second · index v');
    const withDefault = path.join(work, 'two-sources-default.json');
    writeFileSync(withDefault, JSON.stringify({ ...base, sources, defaultSource: 'second' }));
    const defaulted = captureIo(work);
    expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', withDefault], defaulted)).toBe(0);
    expect(defaulted.out.join('\n')).toContain('source second · index v');
    rmSync(path.join(work, 'index', 'second'), { recursive: true, force: true });
  });

  it('exits 3 with a clear message when the index is missing, and 2 on a bad config field', async () => {
    const missing = captureIo(work);
    const withOther = path.join(work, 'with-other.json');
    writeFileSync(withOther, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), sources: { other: { refusal: 'Not in the other documents.' } } }));
    expect(await runCli(['query', 'anything', '--source', 'other', '--config', withOther], missing)).toBe(3);
    expect(missing.err.join('\n')).toMatch(/harness ingest/);
    const badConfig = path.join(work, 'bad.json');
    writeFileSync(badConfig, JSON.stringify({ gate: { relevanceThreshold: 7 } }));
    const bad = captureIo(work);
    expect(await runCli(['list', '--config', badConfig], bad)).toBe(2);
    expect(bad.err.join('\n')).toContain('gate.relevanceThreshold');
  });

  it('exits 2 naming the weights file and harness tune when the learned reranker has no usable weights', async () => {
    for (const [name, content] of [['missing.json', undefined], ['corrupt.json', '{"kind": "clausegate-rerank']] as const) {
      const weightsFile = path.join(work, name);
      if (content !== undefined) writeFileSync(weightsFile, content);
      const learned = path.join(work, `learned-${name}`);
      writeFileSync(learned, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), rerank: { offlineModel: 'learned', weightsFile } }));
      const io = captureIo(work);
      expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', learned], io)).toBe(2);
      expect(io.err.join('\n')).toContain(weightsFile);
      expect(io.err.join('\n')).toContain('harness tune');
    }
  });

  it('exits 2 naming the gate weights file and harness tune --model gate when they are missing or corrupt', async () => {
    for (const [name, content] of [['gate-missing.json', undefined], ['gate-corrupt.json', '{"kind": "clausegate-gate']] as const) {
      const weightsFile = path.join(work, name);
      if (content !== undefined) writeFileSync(weightsFile, content);
      const gated = path.join(work, `gated-${name}`);
      writeFileSync(gated, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), gate: { weightsFile } }));
      const io = captureIo(work);
      expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', gated], io)).toBe(2);
      expect(io.err.join('\n')).toContain(weightsFile);
      expect(io.err.join('\n')).toContain('harness tune --model gate');
    }
  });

  it('exits 2 naming the answer-unit weights file and harness tune --model answer when it is missing or corrupt', async () => {
    for (const [name, content] of [['units-missing.json', undefined], ['units-corrupt.json', '{"kind": "clausegate-answer-unit']] as const) {
      const weightsFile = path.join(work, name);
      if (content !== undefined) writeFileSync(weightsFile, content);
      const learned = path.join(work, `learned-${name}`);
      writeFileSync(learned, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), generation: { offlineUnitChoice: 'learned', unitWeightsFile: weightsFile } }));
      const io = captureIo(work);
      expect(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', learned], io)).toBe(2);
      expect(io.err.join('\n')).toContain(weightsFile);
      expect(io.err.join('\n')).toContain('harness tune --model answer');
    }
  });

  it('tune --model ask --held-out measures the shipped reading of what questions ask on a suite, and writes nothing', async () => {
    const withGolden = path.join(work, 'with-golden.json');
    writeFileSync(withGolden, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), paths: { ...JSON.parse(readFileSync(config, 'utf8')).paths, goldenDir: path.resolve(import.meta.dirname, '../golden') } }));
    const io = captureIo(work);
    expect(await runCli(['tune', '--model', 'ask', '--held-out', 'sample', '--config', withGolden], io)).toBe(0);
    const text = io.out.join('\n');
    expect(text).toMatch(/ask weights a1-[0-9a-f]{12}, threshold/);
    expect(text).toMatch(/sample\s+13\s+\d+ → \d+\s+\d+\/\d+/);
    const misused = captureIo(work);
    expect(await runCli(['tune', '--held-out', 'sample', '--config', withGolden], misused)).toBe(2);
    expect(misused.err.join('\n')).toContain('needs --model ask');
  });

  it('exits 2 on an unknown command', async () => {
    const io = captureIo(work);
    expect(await runCli(['frobnicate'], io)).toBe(2);
  });
});

describe('harness CLI: commands load on demand', () => {
  it('lists each command under the name and description its module registers', async () => {
    for (const entry of HARNESS_COMMANDS) {
      const registered: [string, string][] = [];
      const recorder = {
        command(command: string, describe: string) {
          registered.push([command, describe]);
          return recorder;
        },
      };
      const register = await entry.load();
      register(recorder as never, captureIo(tmpdir()), () => {});
      expect(registered).toEqual([[entry.command, entry.describe]]);
    }
  });

  it('loads the module of the invoked command only, and none for the top-level help', () => {
    expect(findInvokedCommands(['query', 'What is the fee?', '--source', 'cme']).map(commandName)).toEqual(['query']);
    expect(findInvokedCommands(['--config', 'x.json', 'run', '--suite', 'cme']).map(commandName)).toEqual(['run']);
    expect(findInvokedCommands(['--help'])).toEqual([]);
  });
});
