import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../cli.ts';
import { COMMENT_MARKER } from './render-pull-request-comment.ts';

// The workflow file as GitHub reads it, checked for what the gate relies on, and every harness
// invocation in it checked against the real CLI (a misspelt command or flag fails here, not in CI).
const root = path.resolve(import.meta.dirname, '../..');
const file = path.join(root, '.github/workflows/quality-gate.yml');
const reusableFile = path.join(root, '.github/workflows/clausegate-gate.yml');

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
  uses?: string;
  with?: Record<string, unknown>;
  'timeout-minutes'?: number;
  needs?: string | string[];
  strategy?: { matrix?: Record<string, unknown> };
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(file, 'utf8')) as Workflow;
const reusable = parse(readFileSync(reusableFile, 'utf8')) as Workflow;
const stepsOf = (job: Job) => job.steps ?? [];
const runs = (job: Job) => stepsOf(job).map((step) => step.run ?? '').join('\n');

/** The majors of the actions used, each the first on the Node 24 runtime (Node 20 actions are retired). */
const CURRENT_MAJORS: Record<string, number> = { 'actions/checkout': 6, 'actions/setup-node': 6, 'actions/cache': 5, 'actions/upload-artifact': 7, 'actions/download-artifact': 8 };

/** Every `npx harness …` command line of the workflow, as argument lists (expressions and variables replaced by a value). */
function harnessInvocations(): { job: string; args: string[] }[] {
  const invocations: { job: string; args: string[] }[] = [];
  for (const [name, job] of [...Object.entries(workflow.jobs), ...Object.entries(reusable.jobs)]) {
    for (const step of stepsOf(job)) {
      for (const command of (step.run ?? '').split(/\n|&&|\|\||;|>>?|\||\bthen\b|\belse\b|\bif !/)) {
        const match = /^(?:npx )?harness (.*)$/.exec(command.trim());
        if (match === null) continue;
        const text = match[1]!.replace(/\$\{\{[^}]*\}\}/g, '1').replace(/\$[a-z_]*args\b/g, '').replace(/"?\$[A-Za-z_]+"?/g, 'value').replace(/["']/g, '');
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
    expect(stepsOf(job).map((step) => step.uses?.split('@')[0])).toEqual(expect.arrayContaining(['actions/checkout', 'actions/setup-node']));
    expect(stepsOf(job).find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe('${{ matrix.node }}');
    const commands = stepsOf(job).map((step) => step.run?.trim());
    expect(commands.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(commands.indexOf('npm test')).toBeGreaterThan(commands.indexOf('npm ci'));
  });

  it('gates every suite through the reusable workflow, fetching the real corpora first', () => {
    const job = workflow.jobs['quality-gate']!;
    expect(job.uses).toBe('./.github/workflows/clausegate-gate.yml');
    expect(String(job.with?.suites).split(' ')).toEqual(['sample', 'cme', 'cme-fresh', 'cme-fresh-2', 'cme-fresh-3', 'cme-fresh-4', 'cme-fresh-5', 'cme-fresh-6', 'cme-fresh-7', 'cme-fresh-8', 'cme-fresh-9', 'cme-fresh-10', 'cme-fresh-11', 'cme-fresh-12', 'cme-fresh-13', 'cme-fresh-14', 'cme-fresh-15', 'cme-fresh-16', 'cme-fresh-17', 'cme-fresh-18', 'cme-fresh-19', 'cme-fresh-20', 'cme-fresh-21', 'cme-fresh-22', 'cme-fresh-23', 'cme-fresh-24', 'cme-ocr', 'cuad', 'cuad-fresh', 'cuad-fresh-2', 'cuad-fresh-3', 'cuad-fresh-4', 'cuad-fresh-5', 'cuad-fresh-6', 'cuad-fresh-7', 'cuad-fresh-8', 'cuad-fresh-9', 'cuad-fresh-10', 'cuad-fresh-11', 'cuad-fresh-12', 'cuad-fresh-13', 'cuad-fresh-14', 'cuad-fresh-15', 'cuad-fresh-16', 'cuad-fresh-17', 'cuad-fresh-18', 'cuad-fresh-19', 'cuad-fresh-20', 'cuad-fresh-21', 'cuad-fresh-22']);
    expect(job.with?.corpora).toBe('cme cuad');
    expect(Object.keys(reusable.on)).toEqual(['workflow_call']);
    const gate = reusable.jobs.gate!;
    const steps = stepsOf(gate);
    const position = (text: string) => steps.findIndex((step) => step.run?.includes(text));
    expect(position('npm ci --prefix')).toBeGreaterThan(-1);
    expect(position('harness corpus fetch --dest "$CORPUS_ROOT"')).toBeGreaterThan(position('npm ci --prefix'));
    expect(position('harness run --suite "$suite" --perturb')).toBeGreaterThan(position('harness corpus fetch'));
    const cache = steps.find((step) => step.uses?.startsWith('actions/cache'))!;
    expect(String(cache.with?.key)).toContain("hashFiles('harness/corpus/corpus-manifest.json'");
    // Every suite is ingested from the corpus root when its source is there, and a failed suite fails the job.
    const suites = steps.find((step) => step.id === 'suites')!;
    expect(suites.run).toContain('[ -d "$CORPUS_ROOT/$source" ]');
    expect(suites.run).toContain('exit 1');
  });

  it('gives every job a timeout and uses each action at its current major', () => {
    for (const [name, job] of [...Object.entries(workflow.jobs), ...Object.entries(reusable.jobs)]) {
      if (job.uses !== undefined) continue;
      expect(job['timeout-minutes'], name).toBeGreaterThan(0);
      for (const step of stepsOf(job)) {
        if (step.uses === undefined) continue;
        const [action, version] = step.uses.split('@');
        expect(CURRENT_MAJORS[action!], `${name}: ${step.uses}`).toBeDefined();
        expect(version, `${name}: ${step.uses}`).toBe(`v${CURRENT_MAJORS[action!]}`);
      }
    }
  });

  it('posts one pull-request comment and updates it in place', () => {
    const comment = stepsOf(reusable.jobs.gate!).find((step) => step.name === 'comment on the pull request')!;
    expect(comment.if).toContain("github.event_name == 'pull_request'");
    expect(comment.run).toContain('harness comment $runs');
    expect(comment.run).toContain(`startswith("${COMMENT_MARKER}")`);
    expect(comment.run).toContain('gh api -X PATCH "repos/$REPO/issues/comments/$id"');
    expect(comment.env?.GH_TOKEN).toBe('${{ github.token }}');
  });

  it('passes the GitHub workflow schema check (@action-validator/cli)', () => {
    for (const workflowFile of [file, reusableFile]) {
      const result = spawnSync(path.join(root, 'node_modules/.bin/action-validator'), [workflowFile], { encoding: 'utf8' });
      expect(result.status, `${workflowFile}: ${result.stdout}${result.stderr}`).toBe(0);
    }
  });

  it('compares pull requests with the base branch baseline and uploads the reports whatever happened', () => {
    const job = reusable.jobs.gate!;
    const compare = stepsOf(job).find((step) => step.run?.includes('harness compare'))!;
    expect(compare.if).toContain("github.event_name == 'pull_request'");
    expect(compare.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(compare.run).toContain('reports/baseline/$suite.json');
    expect(stepsOf(job).find((step) => step.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth']).toBe(0);
    const upload = stepsOf(job).find((step) => step.uses?.startsWith('actions/upload-artifact'))!;
    expect(upload.if).toContain('!cancelled()');
    expect(String(upload.with?.path)).toContain('reports/');
  });

  it('requires the comparison of a pull request that changes the QA contract: no base baseline fails the step', () => {
    const compare = stepsOf(reusable.jobs.gate!).find((step) => step.run?.includes('harness compare'))!;
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
        const result = spawnSync('bash', ['-e', '-c', compare.run!], { cwd: directory, encoding: 'utf8', env: { ...process.env, BASE_REF: 'main', SUITES: 'sample', GITHUB_STEP_SUMMARY: summary } });
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
    const [check, ...rest] = stepsOf(job);
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
    expect(new Set(invocations.map((invocation) => invocation.args[0]))).toEqual(new Set(['ingest', 'run', 'compare', 'merge', 'corpus', 'comment']));
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
