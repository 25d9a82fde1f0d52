import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../cli.ts';

// The workflow file as GitHub reads it, checked for what the gate relies on, and every harness
// invocation in it checked against the real CLI (a misspelt command or flag fails here, not in CI).
const root = path.resolve(import.meta.dirname, '../..');
const file = path.join(root, '.github/workflows/quality-gate.yml');

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  strategy?: { matrix?: Record<string, unknown> };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(file, 'utf8')) as Workflow;
const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');

/** Every `npx harness …` command line of the workflow, as argument lists (expressions and variables replaced by a value). */
function harnessInvocations(): { job: string; args: string[] }[] {
  const invocations: { job: string; args: string[] }[] = [];
  for (const [name, job] of Object.entries(workflow.jobs)) {
    for (const step of job.steps) {
      for (const command of (step.run ?? '').split(/\n|&&|\|\||;|>>?|\|/)) {
        const match = /npx harness (.*)$/.exec(command.trim());
        if (match === null) continue;
        const text = match[1]!.replace(/\$\{\{[^}]*\}\}/g, '1').replace(/"?\$[A-Z_]+"?/g, 'value').replace(/["']/g, '');
        invocations.push({ job: name, args: text.split(/\s+/).filter((word) => word.length > 0) });
      }
    }
  }
  return invocations;
}

describe('.github/workflows/quality-gate.yml', () => {
  it('runs on pull requests and on pushes to main', () => {
    expect(Object.keys(workflow.on)).toContain('pull_request');
    expect((workflow.on.push as { branches: string[] }).branches).toContain('main');
  });

  it('runs the unit tests on Node 20 and 22 after npm ci', () => {
    const job = workflow.jobs['unit-tests']!;
    expect(job.strategy?.matrix?.node).toEqual([20, 22]);
    expect(job.steps.map((step) => step.uses?.split('@')[0])).toEqual(expect.arrayContaining(['actions/checkout', 'actions/setup-node']));
    expect(job.steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe('${{ matrix.node }}');
    const commands = job.steps.map((step) => step.run?.trim());
    expect(commands.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(commands.indexOf('npm test')).toBeGreaterThan(commands.indexOf('npm ci'));
  });

  it('gates the sample suite always and the CME suite only when its corpus exists', () => {
    const job = workflow.jobs['quality-gate']!;
    const script = runs(job);
    expect(script).toContain('npm ci');
    expect(script).toContain('npx harness ingest --source sample');
    expect(script).toMatch(/npx harness run --suite sample --perturb/);
    const sample = job.steps.find((step) => step.id === 'sample')!;
    expect(sample.if).toBeUndefined();
    expect(script).toContain('[ -d "$CORPUS_ROOT/cme" ]');
    for (const id of ['cme']) expect(job.steps.find((step) => step.id === id)?.if).toContain("steps.corpus.outputs.cme == 'true'");
    expect(job.steps.find((step) => step.run?.includes('--source cme'))?.if).toContain("steps.corpus.outputs.cme == 'true'");
  });

  it('compares pull requests with the base branch baseline and uploads the reports whatever happened', () => {
    const job = workflow.jobs['quality-gate']!;
    const compare = job.steps.find((step) => step.run?.includes('npx harness compare'))!;
    expect(compare.if).toContain("github.event_name == 'pull_request'");
    expect(compare.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(compare.run).toContain('reports/baseline/$suite.json');
    expect(job.steps.find((step) => step.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth']).toBe(0);
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.if).toContain('!cancelled()');
    expect(String(upload.with?.path)).toContain('reports/');
  });

  it('requires the comparison of a pull request that changes the QA contract: no base baseline fails the step', () => {
    const compare = workflow.jobs['quality-gate']!.steps.find((step) => step.run?.includes('npx harness compare'))!;
    const runStep = (changed: string) => {
      // A scratch repository: the base branch (origin/main) without a committed baseline, and a head
      // commit changing one file; the step's own script runs there as Actions runs it (bash -e).
      const directory = mkdtempSync(path.join(tmpdir(), 'clausegate-compare-step-'));
      try {
        const git = (...args: string[]) => execFileSync('git', args, { cwd: directory, stdio: 'pipe' });
        git('init', '-q', '-b', 'main');
        git('config', 'user.email', 'ci@example.invalid');
        git('config', 'user.name', 'ci');
        mkdirSync(path.join(directory, 'golden'));
        writeFileSync(path.join(directory, 'golden/gates.json'), '{"version":"qa-contract-1"}\n');
        writeFileSync(path.join(directory, 'README.md'), 'base\n');
        git('add', '.');
        git('commit', '-q', '-m', 'base');
        git('update-ref', 'refs/remotes/origin/main', 'HEAD');
        writeFileSync(path.join(directory, changed), 'changed\n');
        git('commit', '-q', '-am', 'head');
        mkdirSync(path.join(directory, 'reports/ci-sample'), { recursive: true });
        writeFileSync(path.join(directory, 'reports/ci-sample/report.json'), '{}');
        const summary = path.join(directory, 'summary.md');
        const result = spawnSync('bash', ['-e', '-c', compare.run!], { cwd: directory, encoding: 'utf8', env: { ...process.env, BASE_REF: 'main', GITHUB_STEP_SUMMARY: summary } });
        return { status: result.status, stdout: result.stdout, summary: readFileSync(summary, { encoding: 'utf8', flag: 'a+' }) };
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    };
    const contract = runStep('golden/gates.json');
    expect(contract.status).toBe(1);
    expect(contract.stdout).toContain('::error title=comparison required::');
    expect(contract.stdout).toContain('golden/gates.json');
    const other = runStep('README.md');
    expect(other.status).toBe(0);
    expect(other.summary).toContain('No baseline of suite sample on main yet');
  });

  it('runs the OpenAI gate only when the secret exists, skipping with a notice otherwise', () => {
    const job = workflow.jobs.openai!;
    expect(job.if).toBeUndefined();
    const [check, ...rest] = job.steps;
    expect(check!.env?.OPENAI_API_KEY).toBe('${{ secrets.OPENAI_API_KEY }}');
    expect(check!.run).toContain('available=true');
    expect(check!.run).toContain('::notice');
    for (const step of rest) expect(step.if, step.name ?? step.uses).toContain("steps.key.outputs.available == 'true'");
    expect(runs(job)).toMatch(/npx harness run --suite sample --perturb --provider openai/);
  });

  it('has the optional shard matrix and a merge job that checks the gates once', () => {
    const shard = workflow.jobs.shard!;
    const merge = workflow.jobs.merge!;
    expect(shard.if).toContain('vars.CLAUSEGATE_SHARDED_SUITE');
    expect(shard.strategy?.matrix?.shard).toEqual([1, 2, 3, 4]);
    expect(runs(shard)).toContain('--shard ${{ matrix.shard }}/4');
    expect(merge.needs).toBe('shard');
    expect(runs(merge)).toContain('npx harness merge reports/shard-1 reports/shard-2 reports/shard-3 reports/shard-4');
  });

  it('calls only harness commands and flags that exist', async () => {
    const invocations = harnessInvocations();
    expect(new Set(invocations.map((invocation) => invocation.args[0]))).toEqual(new Set(['ingest', 'run', 'compare', 'merge']));
    for (const invocation of invocations) {
      // Strict parsing names every unknown command or flag before any handler runs; the probe flag
      // makes sure parsing stops there.
      const errors: string[] = [];
      const code = await runCli([...invocation.args, '--zz-probe'], { env: {}, cwd: root, interactive: false, stdout: () => {}, stderr: (text) => errors.push(text) });
      expect(code, invocation.args.join(' ')).toBe(2);
      expect(errors.join('\n'), `${invocation.job}: harness ${invocation.args.join(' ')}`).toMatch(/^harness: Unknown arguments: zz-probe, zzProbe$/m);
    }
  });
});
