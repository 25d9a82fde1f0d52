import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The package as another project gets it: `npm pack`, installed from the tarball into an empty
// folder (dependencies from the registry or npm's cache), then used from that folder's own
// .clausegate.json: `harness --help`, an ingest of a document written here, and a query.
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'clausegate-packed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });

describe('the packed tarball', () => {
  it('installs into an empty project and answers from that project’s documents', { timeout: 600_000 }, () => {
    npm(['pack', '--pack-destination', work], root);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    expect(tarball).toMatch(/^clausegate-\d+\.\d+\.\d+\.tgz$/);

    const project = path.join(work, 'project');
    mkdirSync(path.join(project, 'docs'), { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    npm(['install', '--prefer-offline', '--no-save', path.join(work, tarball)], project);

    const harness = (...args: string[]) => spawnSync(path.join(project, 'node_modules/.bin/harness'), args, { cwd: project, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME ?? work } });
    const help = harness('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('harness <command> [options]');
    expect(help.stdout).toContain('harness query');

    writeFileSync(path.join(project, 'docs', 'terms.txt'), 'LICENCE TERMS\n\n1. Fees\n\nThe monthly display fee is $12.50 per device.\n\n2. Term\n\nThis licence runs for one year from the Effective Date.\n');
    writeFileSync(path.join(project, '.clausegate.json'), JSON.stringify({ sources: { mine: { root: 'docs', refusal: 'Not in my documents.' } } }));
    const ingest = harness('ingest', '--source', 'mine');
    expect(ingest.status, ingest.stderr).toBe(0);
    const answer = harness('query', '--source', 'mine', 'What is the monthly display fee?');
    expect(answer.status, answer.stderr).toBe(0);
    expect(answer.stdout).toContain('$12.50');
    expect(answer.stdout).toContain('[C0] terms.txt');
    const silent = harness('query', '--source', 'mine', 'Who may audit the licensee?');
    expect(silent.stdout).toContain('Not in my documents.');
  });
});
