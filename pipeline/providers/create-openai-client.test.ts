import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { isClausegateError } from '../errors.ts';
import { startOpenAITestServer, type OpenAITestServer } from '../testing/openai-test-server.ts';
import { createOpenAIClient, withOpenAIRetries } from './create-openai-client.ts';

describe('withOpenAIRetries at the boundary where provider errors enter', () => {
  let server: OpenAITestServer;
  const fakeKey = 'sk-proj-FAKEfakeFAKE0123456789abcdef';
  beforeAll(async () => {
    server = await startOpenAITestServer();
  });
  afterAll(() => server.close());

  it('the defaults bound one call, retries included, to 45 s (20 s per attempt)', () => {
    const config = ClausegateConfig.parse({});
    expect(config.openai.totalTimeoutMs).toBe(45_000);
    expect(config.openai.timeoutMs).toBe(20_000);
  });

  it('stops retrying a hanging API once the total budget is spent, and says so', async () => {
    server.setHandlers({ embeddings: () => ({ hang: true }) });
    const client = createOpenAIClient({ openaiApiKey: fakeKey, openaiBaseUrl: server.baseUrl }, { ...ClausegateConfig.parse({}).openai, timeoutMs: 300 });
    server.requests.length = 0;
    const error = await withOpenAIRetries('embedding 1 text', (attempt) => client.embeddings.create({ model: 'm', input: ['x'] }, attempt), {
      maxRetries: 10,
      totalTimeoutMs: 900,
    }).catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'provider_unreachable')).toBe(true);
    expect((error as Error).message).toContain('within its budget of 0.9 s (openai.totalTimeoutMs)');
    // 10 retries were allowed; the budget let only a few attempts start (300 ms each, then the SDK's backoff).
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('masks a key echoed in an error body and keeps no raw SDK error', async () => {
    server.setHandlers({
      embeddings: () => ({ status: 401, body: { error: { message: `Incorrect API key provided: ${fakeKey}. Authorization: Bearer ${fakeKey}`, type: 'invalid_request_error', code: 'invalid_api_key' } } }),
    });
    const client = createOpenAIClient({ openaiApiKey: fakeKey, openaiBaseUrl: server.baseUrl }, ClausegateConfig.parse({}).openai);
    const error = await withOpenAIRetries('embedding 1 text', (attempt) => client.embeddings.create({ model: 'm', input: ['x'] }, attempt), {
      maxRetries: 3,
      secrets: [client.apiKey],
    }).catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'provider_failed')).toBe(true);
    expect((error as Error).message).toContain('(HTTP 401)');
    expect((error as Error).message).toContain('Incorrect API key provided: [redacted]');
    expect(JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack, cause: (error as Error).cause })).not.toContain('FAKEfakeFAKE');
  });
});

describe('loading the SDK', () => {
  it('the offline providers never load it; an OpenAI client does, once', () => {
    // A fresh process (this file's other tests load the SDK in their own), where importing the SDK
    // as an ES module fails: the offline factories must not import it, a client requires it.
    const refuseImport = `export async function resolve(specifier, context, next) {
      if (specifier === 'openai' && context.conditions.includes('import')) throw new Error('the openai SDK was imported');
      return next(specifier, context);
    }`;
    const script = `
      import { createRequire, register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(refuseImport)}));
      const { ClausegateConfig } = await import('./pipeline/config/config-schema.ts');
      const { createEmbedder } = await import('./pipeline/providers/create-embedder.ts');
      const { createGenerator } = await import('./pipeline/providers/create-generator.ts');
      const { createReranker } = await import('./pipeline/providers/create-reranker.ts');
      const { createOpenAIClient, isTransientOpenAIError } = await import('./pipeline/providers/create-openai-client.ts');
      const cache = createRequire(import.meta.url).cache;
      const sdkFiles = () => Object.keys(cache).filter((file) => file.includes('/node_modules/openai/')).length;
      const config = ClausegateConfig.parse({});
      createEmbedder(config, {});
      createGenerator(config, {});
      createReranker(config, {});
      const offline = sdkFiles();
      const client = createOpenAIClient({ openaiApiKey: 'sk-test' }, config.openai);
      const { APIConnectionError } = createRequire(import.meta.url)('openai');
      console.log(JSON.stringify({ offline, online: sdkFiles() > 0, chat: typeof client.chat.completions.create, transient: isTransientOpenAIError(new APIConnectionError({ message: 'x' })) }));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({ offline: 0, online: true, chat: 'function', transient: true });
  });
});
