import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.ts';
import { renderSummaryMarkdown } from '../report/render-summary-markdown.ts';
import { displayPath } from '../run/index.ts';
import { readReportFile } from '../report/testing/read-report-file.ts';

// `harness run` as a GitHub Actions step: a child process with the variables a runner sets
// (GITHUB_ACTIONS, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT pointing at temporary files) and nothing of
// the test run's environment, over a real offline index of the sample corpus.
const root = path.resolve(import.meta.dirname, '../..');
let work: string;
let configFile: string;

/** A workflow command line `::error k=v,…::message`, decoded as @actions/core encodes it. */
function parseCommand(line: string): { command: string; properties: Record<string, string>; message: string } | undefined {
  const match = /^::(\w+)(?: (.*?))?::(.*)$/.exec(line);
  if (match === null) return undefined;
  const decode = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties = Object.fromEntries((match[2] ?? '').split(',').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), decode(pair.slice(pair.indexOf('=') + 1))]));
  return { command: match[1]!, properties, message: decode(match[3]!) };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'clausegate-run-in-actions-'));
  configFile = path.join(work, 'config.json');
  writeFileSync(configFile, JSON.stringify({ paths: { indexDir: path.join(work, 'index'), reportDir: path.join(work, 'reports'), cacheDir: path.join(work, 'cache'), logDir: path.join(work, 'logs') } }));
  const code = await runCli(['ingest', '--source', 'sample', '--config', configFile], { env: {}, cwd: root, interactive: false, stdout: () => {}, stderr: () => {} });
  expect(code).toBe(0);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('harness run inside GitHub Actions', () => {
  it('writes the job summary, annotates failed gates as errors and failing cases as warnings at their golden line, and sets the outputs', () => {
    const summaryFile = path.join(work, 'step-summary.md');
    const outputFile = path.join(work, 'github-output');
    writeFileSync(summaryFile, '');
    writeFileSync(outputFile, '');
    const child = spawnSync(process.execPath, ['harness/bin.mjs', 'run', '--suite', 'sample', '--perturb', '--run-id', 'in-actions', '--config', configFile], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME ?? work, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile, GITHUB_OUTPUT: outputFile },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.error).toBeUndefined();
    const report = readReportFile(path.join(work, 'reports', 'in-actions'));
    expect(child.status, child.stderr).toBe(report.passed ? 0 : 1);

    // The job summary is the run's Markdown summary.
    expect(readFileSync(summaryFile, 'utf8')).toBe(`${renderSummaryMarkdown(report)}\n`);

    // One ::error per failed gate (on the gates file) and nothing else; a ::warning per failing case (on its golden line).
    const commands = child.stdout.split('\n').map(parseCommand).filter((command) => command !== undefined);
    const errors = commands.filter((command) => command.command === 'error');
    const warnings = commands.filter((command) => command.command === 'warning' && command.properties.file !== undefined);
    const failedGates = report.gates.filter((gate) => gate.status === 'failed');
    const failing = report.cases.filter((result) => result.outcome !== 'passed');
    expect(errors.map((error) => [error.properties.title, error.properties.file])).toEqual(failedGates.map((gate) => [`gate ${gate.id} failed`, 'golden/gates.json']));
    expect(warnings.length).toBe(Math.min(10, failing.length));
    for (const [position, result] of failing.slice(0, 10).entries()) {
      const warning = warnings[position]!;
      expect(warning.properties).toEqual({ title: `${result.id} failed (${result.category})`, file: result.location.file, line: String(result.location.line) });
      expect(result.location.file).toMatch(/^golden\/sample\/(baseline|perturb)\.jsonl$/);
      expect(warning.message).toContain(`Question: ${result.question}`);
    }

    const outputs = new Map<string, string>();
    for (const match of readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm)) outputs.set(match[1]!, match[3]!);
    expect(outputs.get('pass')).toBe(String(report.passed));
    expect(outputs.get('report-path')).toBe(displayPath(root, path.join(work, 'reports', 'in-actions', 'report.json')));
    expect(outputs.get('failed-cases')).toBe(String(failing.length));
    for (const gate of report.gates) {
      expect(outputs.get(`gate-${gate.id}`)).toBe(gate.actual === null ? '' : String(gate.actual));
      expect(outputs.get(`gate-${gate.id}-status`)).toBe(gate.status);
    }
  });

  it('does not publish when the harness runs inside a test run (VITEST set), even under GitHub Actions', () => {
    const summaryFile = path.join(work, 'untouched-summary.md');
    writeFileSync(summaryFile, '');
    const child = spawnSync(process.execPath, ['harness/bin.mjs', 'run', '--suite', 'sample', '--filter', 'fee-top-of-book-professional', '--run-id', 'in-tests', '--config', configFile], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME ?? work, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile, VITEST: 'true' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.error).toBeUndefined();
    expect(readFileSync(summaryFile, 'utf8')).toBe('');
    expect(child.stdout).not.toMatch(/^::error/m);
  });
});
