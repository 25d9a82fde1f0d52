// A provider that echoes the API key in an error body (a 401, as a misconfigured proxy or a real
// API can) must never get the key into anything the program writes or prints: the journal, the
// reports CI uploads, the query logs, the cache, stdout and stderr. The real CLI runs against a
// local OpenAI-compatible server; then every file of the run is read and searched for the key.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineEmbedder } from '../pipeline/providers/offline-embedder.ts';
import { chatCompletionBody, startOpenAITestServer, type OpenAITestServer, type RecordedRequest } from '../pipeline/testing/openai-test-server.ts';
import { runCli, type CommandIo } from './cli.ts';
import { gunzipSync } from 'node:zlib';

const repository = path.resolve(import.meta.dirname, '..');
const FAKE_KEY = 'sk-proj-PLANTEDfakeKEY0123456789abcdefXYZ';
/** A part of the key no masking leaves behind. */
const KEY_MARK = 'PLANTEDfakeKEY';
const serverEmbedder = createOfflineEmbedder({ dimensions: 256 });

function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(folder, entry))
    .filter((file) => statSync(file).isFile());
}

describe('a key echoed in a provider error body reaches no artifact, log or terminal', () => {
  let work: string;
  let server: OpenAITestServer;
  const out: string[] = [];
  const err: string[] = [];
  const exitCodes: number[] = [];
  let generationCalls = 0;
  const unauthorized = () => ({
    status: 401,
    body: { error: { message: `Incorrect API key provided: ${FAKE_KEY}. Sent header Authorization: Bearer ${FAKE_KEY}; {"api_key": "${FAKE_KEY}"}`, type: 'invalid_request_error', code: 'invalid_api_key' } },
  });

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-secrets-'));
    server = await startOpenAITestServer({
      embeddings: async (request: RecordedRequest) => {
        const body = request.body as { input: string[]; model: string };
        const vectors = await serverEmbedder.embedDocuments(body.input);
        const data = vectors.map((vector, index) => ({ object: 'embedding', index, embedding: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') }));
        return { status: 200, body: { object: 'list', data, model: body.model, usage: { prompt_tokens: 10, total_tokens: 10 } } };
      },
      // Every rerank call and the first answer generation are refused with the key in the body;
      // later generations refuse politely, so the run finishes and writes every report.
      chatCompletions: (request) => {
        if ((request.body as { response_format?: unknown }).response_format === undefined) return unauthorized();
        generationCalls += 1;
        if (generationCalls === 1) return unauthorized();
        return { status: 200, body: chatCompletionBody(JSON.stringify({ answer: null, confidence: null, refusal: 'not in the evidence' })) };
      },
    });
    const config = path.join(work, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        paths: { indexDir: path.join(work, 'index'), logDir: path.join(work, 'logs'), reportDir: path.join(work, 'reports'), cacheDir: path.join(work, 'cache'), rawRoot: path.join(repository, 'data/raw'), goldenDir: path.join(repository, 'golden') },
        openai: { embeddingDimensions: 256, maxRetries: 1, timeoutMs: 5000 },
        generation: { cache: 'read-write' },
      }),
    );
    const io: CommandIo = { env: { OPENAI_API_KEY: FAKE_KEY, OPENAI_BASE_URL: server.baseUrl }, cwd: work, interactive: false, stdout: (text) => out.push(text), stderr: (text) => err.push(text) };
    const common = ['--provider', 'openai', '--config', config];
    exitCodes.push(await runCli(['ingest', '--source', 'sample', ...common], io));
    exitCodes.push(await runCli(['run', '--suite', 'sample', ...common], io));
    exitCodes.push(await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--debug', ...common], io));
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('ran the real commands against the stand-in server, which refused with the key', () => {
    expect(exitCodes[0]).toBe(0);
    expect(exitCodes[1]).toBe(3); // the failed generation is an infrastructure error
    expect(server.requests.filter((request) => request.path === '/v1/chat/completions').length).toBeGreaterThan(10);
    expect(generationCalls).toBeGreaterThan(1);
  });

  it('stores the errors, masked, in every artifact of the run and in the logs', () => {
    const files = listFiles(work);
    const names = files.map((file) => path.relative(work, file).replace(/sample-[^/]+/, '<run>'));
    for (const expected of ['reports/<run>/traces.jsonl.gz', 'reports/<run>/report.json', 'reports/<run>/report.html', 'reports/<run>/junit.xml', 'reports/<run>/summary.md', 'logs/queries.jsonl', 'logs/debug.jsonl']) {
      expect(names).toContain(expected);
    }
    // Compressed files (the run's traces) are searched as the text they hold.
    const read = (file: string) => (file.endsWith('.gz') ? gunzipSync(readFileSync(file)) : readFileSync(file)).toString('latin1');
    const everything = files.map(read).join('\n');
    // The errors are there, so the search below is not vacuous.
    expect(everything).toContain('(HTTP 401)');
    expect(everything).toContain('Incorrect API key provided: [redacted]');
    for (const file of files) expect(read(file), path.relative(work, file)).not.toContain(KEY_MARK);
  });

  it('prints no key on stdout or stderr', () => {
    const printed = [...out, ...err].join('\n');
    expect(printed).toContain('HTTP 401');
    expect(printed).not.toContain(KEY_MARK);
  });
});
