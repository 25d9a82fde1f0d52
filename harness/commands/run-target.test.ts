import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../../pipeline/config/index.ts';
import { loadProjectSources } from '../../pipeline/testing/load-project-sources.ts';
import { testCorpus } from '../../pipeline/testing/locate-test-corpus.ts';
import { BUILT_IN_TEMPLATES, createService, hashKey, loadServiceSettings, type Service } from '../../service/index.ts';
import { runCli } from '../cli.ts';


const KEY = 'cme-tenant-key';

/** Runs `harness` with the test's config; returns the exit code and the run folder it wrote. */
async function harness(args: string[]): Promise<{ code: number; stderr: string }> {
  const errors: string[] = [];
  const code = await runCli(args, { env: {}, cwd: process.cwd(), interactive: false, stdout: () => {}, stderr: (text) => errors.push(text) });
  return { code, stderr: errors.join('\n') };
}

function outcomes(reportDir: string, runId: string): Map<string, string> {
  const lines = (JSON.parse(readFileSync(path.join(reportDir, runId, 'report.json'), 'utf8')) as { cases: { id: string; outcome: string }[] }).cases;
  return new Map(lines.map((entry) => [entry.id, entry.outcome]));
}

describe.skipIf(!testCorpus.available)(testCorpus.title('harness run --target gates a deployed service exactly as in process (golden/cme)'), () => {
  let dir: string;
  let configFile: string;
  let config: ClausegateConfig;
  let service: Service;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'clausegate-target-'));
    const sources = loadProjectSources() as Record<string, { root?: string }>;
    sources.cme = { ...sources.cme, root: testCorpus.path('cme') };
    const fileConfig = { paths: { indexDir: path.join(dir, 'index'), reportDir: path.join(dir, 'reports'), logDir: path.join(dir, 'logs'), cacheDir: path.join(dir, 'cache') }, sources };
    configFile = path.join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify(fileConfig));
    config = ClausegateConfig.parse(fileConfig);
    const ingest = await harness(['ingest', '--source', 'cme', '--config', configFile]);
    expect(ingest.code, ingest.stderr).toBe(0);
    const tenantsFile = path.join(dir, 'tenants.json');
    writeFileSync(tenantsFile, JSON.stringify({ schemaVersion: 1, tenants: [{ id: 'cme', apiKeySha256: hashKey(KEY), sources: ['cme'], canSeeConfidential: true }] }));
    const settings = loadServiceSettings({ RAG_PORT: '0', RAG_TENANTS_FILE: tenantsFile, RAG_RATE_LIMIT_PER_MINUTE: '100000' });
    service = await createService({ settings, config, environment: { openaiApiKey: undefined, openaiBaseUrl: undefined }, cwd: dir, logger: false });
    url = await service.listen();
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same outcome for every case through the service as in process', async () => {
    const local = await harness(['run', '--suite', 'cme', '--config', configFile, '--run-id', 'in-process']);
    const remote = await harness(['run', '--suite', 'cme', '--config', configFile, '--run-id', 'target', '--target', url, '--api-key', KEY]);
    expect(remote.code).toBe(local.code);
    const inProcess = outcomes(config.paths.reportDir, 'in-process');
    const target = outcomes(config.paths.reportDir, 'target');
    expect(inProcess.size).toBe(143);
    expect([...target.entries()]).toEqual([...inProcess.entries()]);
    expect(remote.stderr).not.toContain(KEY);
  });

  it('refuses --target without a key (exit 2)', async () => {
    const noKey = await harness(['run', '--suite', 'cme', '--config', configFile, '--target', url, '--filter', 'cme-ref-01']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('--api-key');
  });
});

describe('harness run --template (sample suite, offline)', () => {
  let dir: string;
  let configFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'clausegate-template-run-'));
    configFile = path.join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify({ paths: { indexDir: path.join(dir, 'index'), reportDir: path.join(dir, 'reports'), logDir: path.join(dir, 'logs') } }));
    expect((await harness(['ingest', '--source', 'sample', '--config', configFile])).code).toBe(0);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('the default template gives the in-process outcomes; the run folder names the template by sha256', async () => {
    const plain = await harness(['run', '--suite', 'sample', '--config', configFile, '--run-id', 'plain']);
    const templated = await harness(['run', '--suite', 'sample', '--config', configFile, '--run-id', 'balanced', '--template', 'balanced']);
    expect(templated.code).toBe(plain.code);
    const reportDir = path.join(dir, 'reports');
    expect([...outcomes(reportDir, 'balanced').entries()]).toEqual([...outcomes(reportDir, 'plain').entries()]);
    const written = JSON.parse(readFileSync(path.join(reportDir, 'balanced', 'template.json'), 'utf8'));
    expect(written).toMatchObject({ id: 'balanced', sha256: BUILT_IN_TEMPLATES[0]!.sha256 });
    const unknown = await harness(['run', '--suite', 'sample', '--config', configFile, '--template', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('balanced, terse, detailed');
  });
});
