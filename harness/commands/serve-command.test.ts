import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const KEY = 'serve-test-key-123';

describe('harness serve as a process', () => {
  let dir: string;
  let configFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'clausegate-serve-'));
    configFile = path.join(dir, 'config.json');
    writeFileSync(configFile, JSON.stringify({ paths: { indexDir: path.join(dir, 'index'), logDir: path.join(dir, 'logs') } }));
    const code = await runCli(['ingest', '--source', 'sample', '--config', configFile], { env: {}, cwd: repoRoot, interactive: false, stdout: () => {}, stderr: () => {} });
    expect(code).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers, then on SIGTERM finishes the request in flight and exits 0; the key is never logged', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'harness/bin.mjs'), 'serve', '--config', configFile, '--port', '0'], {
      cwd: repoRoot,
      env: { ...process.env, RAG_API_KEY: KEY, RAG_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (data: Buffer) => {
        output += data.toString();
        const match = /service on (http:\/\/[\d.:]+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
    });
    const inFlight = fetch(`${url}/api/v1/rag/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ query: 'How long must usage records be retained?' }),
    });
    // SIGTERM once the service has received the request (Fastify logs it), so it is in flight:
    // a fixed delay raced the request on a loaded machine and the request met a closing server (503).
    const deadline = Date.now() + 20_000;
    while (!output.includes('"msg":"incoming request"') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refused: boolean }).refused).toBe(false);
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: draining in-flight requests');
    expect(output).toContain('"statusCode":200');
    expect(output).not.toContain(KEY);
  });
});
