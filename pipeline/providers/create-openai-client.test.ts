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
