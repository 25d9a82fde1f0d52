import { afterEach, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { isClausegateError } from '../errors.ts';
import {
  deterministicEmbeddings,
  startOpenAITestServer,
  type OpenAITestServer,
  type RecordedRequest,
  type TestServerHandler,
  type TestServerReply,
} from '../testing/openai-test-server.ts';
import { createEmbedder } from './create-embedder.ts';
import { createOpenAIClient } from './create-openai-client.ts';
import { describeEmbedderContract } from './embedder.contract.ts';
import { createOpenAIEmbedder, type OpenAIEmbedderOptions } from './openai-embedder.ts';

const MODEL = 'text-embedding-3-large';

for (const concurrency of [1, 3]) {
  describeEmbedderContract(`OpenAI against a local test server (concurrency ${concurrency})`, async () => {
    const server = await startOpenAITestServer({ embeddings: deterministicEmbeddings() });
    const embedder = createOpenAIEmbedder({ ...baseOptions(server), dimensions: 64, batchSize: 4, concurrency });
    return { embedder, batchSize: 4, teardown: () => server.close() };
  });
}

describe('createOpenAIEmbedder', () => {
  let server: OpenAITestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(embeddings: TestServerHandler): Promise<OpenAITestServer> {
    server = await startOpenAITestServer({ embeddings });
    return server;
  }

  it('identifies the model and dimensions, so stored vectors are never mixed with another model', async () => {
    const running = await start(deterministicEmbeddings());
    const embedder = createOpenAIEmbedder({ ...baseOptions(running), dimensions: 256 });
    expect(embedder.info).toEqual({ name: 'openai', model: MODEL, dimensions: 256, version: 'v1' });
  });

  it('sends batches of batchSize asking for base64 and a shorter size, and decodes the floats exactly', async () => {
    const running = await start(deterministicEmbeddings());
    const texts = Array.from({ length: 10 }, (_, index) => `clause ${index}`);
    const vectors = await createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64, batchSize: 4 }).embedDocuments(texts);

    expect(running.requests.map((request) => request.path)).toEqual(['/v1/embeddings', '/v1/embeddings', '/v1/embeddings']);
    expect(running.requests.map((request) => request.body)).toEqual([
      { model: MODEL, input: texts.slice(0, 4), encoding_format: 'base64', dimensions: 64 },
      { model: MODEL, input: texts.slice(4, 8), encoding_format: 'base64', dimensions: 64 },
      { model: MODEL, input: texts.slice(8), encoding_format: 'base64', dimensions: 64 },
    ]);
    const expected = await floatEmbeddings(texts, 64);
    vectors.forEach((vector, index) => expect(bytes(vector)).toEqual(bytes(expected[index]!)));
  });

  it("leaves dimensions out when they are the model's native size", async () => {
    const running = await start(deterministicEmbeddings());
    const [vector] = await createOpenAIEmbedder({ ...baseOptions(running), dimensions: 3072 }).embedDocuments(['Device fee']);
    expect(running.requests[0]!.body).toEqual({ model: MODEL, input: ['Device fee'], encoding_format: 'base64' });
    expect(vector!.length).toBe(3072);
  });

  it('sends dimensions for a model whose native size it does not know', async () => {
    const running = await start(deterministicEmbeddings());
    await createOpenAIEmbedder({ ...baseOptions(running), model: 'local-embedder', dimensions: 3072 }).embedDocuments(['Device fee']);
    expect(running.requests[0]!.body).toMatchObject({ model: 'local-embedder', dimensions: 3072 });
  });

  it('accepts a server that ignores encoding_format and answers with float arrays', async () => {
    const floats = deterministicEmbeddings();
    const running = await start((request, attempt) =>
      floats({ ...request, body: { ...(request.body as object), encoding_format: 'float' } }, attempt),
    );
    const texts = ['Real Time Device $134.50', 'Delayed Device $0'];
    const vectors = await createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64 }).embedDocuments(texts);
    const expected = await floatEmbeddings(texts, 64);
    vectors.forEach((vector, index) => {
      expect(maximumDifference(vector, expected[index]!)).toBeLessThan(1e-6);
      expect(norm(vector)).toBeCloseTo(1, 6);
    });
  });

  it('puts vectors back in input order by their index when the server shuffles them', async () => {
    const running = await start(transformed(deterministicEmbeddings(), (data) => [...data].reverse()));
    const texts = ['first', 'second', 'third'];
    const vectors = await createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64 }).embedDocuments(texts);
    const expected = await floatEmbeddings(texts, 64);
    vectors.forEach((vector, index) => expect(bytes(vector)).toEqual(bytes(expected[index]!)));
  });

  it('L2-normalises vectors the server did not normalise', async () => {
    const running = await start(() => ({
      status: 200,
      body: { object: 'list', model: MODEL, data: [{ object: 'embedding', index: 0, embedding: [3, 4, 0, 0] }] },
    }));
    const [vector] = await createOpenAIEmbedder({ ...baseOptions(running), model: 'local-embedder', dimensions: 4 }).embedDocuments(['x']);
    expect(Array.from(vector!)).toEqual([0.6000000238418579, 0.800000011920929, 0, 0]);
  });

  it.each<[string, (data: EmbeddingItem[]) => unknown]>([
    ['vectors of the wrong size', (data) => data.map((item) => ({ ...item, embedding: (item.embedding as number[]).slice(0, 32) }))],
    ['fewer embeddings than inputs', (data) => data.slice(1)],
    ['an index given twice', (data) => data.map((item) => ({ ...item, index: 0 }))],
    ['an index out of range', (data) => data.map((item, position) => ({ ...item, index: position + 1 }))],
    ['an embedding that is not numbers', (data) => data.map((item) => ({ ...item, embedding: { values: item.embedding } }))],
    ['an all-zero vector', (data) => data.map((item) => ({ ...item, embedding: (item.embedding as number[]).map(() => 0) }))],
    ['no data array', () => undefined],
  ])('reports provider_bad_response for %s', async (_problem, change) => {
    const floats = deterministicEmbeddings();
    const running = await start(
      transformed((request, attempt) => floats({ ...request, body: { ...(request.body as object), encoding_format: 'float' } }, attempt), change),
    );
    const error = await caught(createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64 }).embedDocuments(['one', 'two']));
    expect(isClausegateError(error, 'provider_bad_response')).toBe(true);
    expect(running.requests).toHaveLength(1); // a malformed answer is not retried
  });

  it('reports a wrong-sized base64 vector as provider_bad_response', async () => {
    const running = await start((request, attempt) =>
      deterministicEmbeddings()({ ...request, body: { ...(request.body as object), dimensions: 48 } }, attempt),
    );
    const error = await caught(createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64 }).embedQuery('Device fee'));
    expect(isClausegateError(error, 'provider_bad_response')).toBe(true);
    expect((error as Error).message).toContain('48 dimensions, expected 64');
  });

  it('retries a 429 with identical request bytes and then succeeds', async () => {
    const succeed = deterministicEmbeddings();
    const running = await start((request, attempt) =>
      attempt === 1 ? { status: 429, body: { error: { message: 'Rate limit reached', type: 'requests' } } } : succeed(request, attempt),
    );
    const vector = await createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64, maxRetries: 2 }).embedQuery('Device fee');
    expect(running.requests).toHaveLength(2);
    expect(running.requests[1]!.rawBody).toBe(running.requests[0]!.rawBody);
    expect(bytes(vector)).toEqual(bytes((await floatEmbeddings(['Device fee'], 64))[0]!));
  });

  it('gives up with provider_failed after maxRetries + 1 attempts of a 500', async () => {
    const running = await start(() => ({ status: 500, body: { error: { message: 'server exploded', type: 'server_error' } } }));
    const error = await caught(createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64, maxRetries: 2 }).embedQuery('Device fee'));
    expect(isClausegateError(error, 'provider_failed')).toBe(true);
    expect((error as Error).message).toContain('after 3 attempt(s)');
    expect(running.requests).toHaveLength(3);
    expect(new Set(running.requests.map((request) => request.rawBody)).size).toBe(1);
  });

  it('does not retry a 400', async () => {
    const running = await start(() => ({ status: 400, body: { error: { message: 'bad dimensions', type: 'invalid_request_error' } } }));
    const error = await caught(createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64, maxRetries: 3 }).embedQuery('Device fee'));
    expect(isClausegateError(error, 'provider_failed')).toBe(true);
    expect(running.requests).toHaveLength(1);
  });

  it('keeps input order when batches finish out of order', async () => {
    const succeed = deterministicEmbeddings();
    let releaseFirst: () => void = () => {};
    const firstMayAnswer = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const running = await start(async (request, attempt) => {
      const inputs = (request.body as { input: string[] }).input;
      if (running.requests.length >= 3) releaseFirst();
      if (inputs.includes('text 0')) await firstMayAnswer; // batch 1 answers after batches 2 and 3 arrived
      return succeed(request, attempt);
    });
    const texts = Array.from({ length: 10 }, (_, index) => `text ${index}`);
    const vectors = await createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64, batchSize: 2, concurrency: 3 }).embedDocuments(texts);
    expect(running.requests).toHaveLength(5);
    const expected = await floatEmbeddings(texts, 64);
    vectors.forEach((vector, index) => expect(bytes(vector)).toEqual(bytes(expected[index]!)));
  });

  it('sends no request for an empty list', async () => {
    const running = await start(deterministicEmbeddings());
    await expect(createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64 }).embedDocuments([])).resolves.toEqual([]);
    expect(running.requests).toHaveLength(0);
  });

  it('refuses an empty or blank text with input_invalid before any request', async () => {
    const running = await start(deterministicEmbeddings());
    const error = await caught(createOpenAIEmbedder({ ...baseOptions(running), dimensions: 64 }).embedDocuments(['fee', '  ']));
    expect(isClausegateError(error, 'input_invalid')).toBe(true);
    expect(running.requests).toHaveLength(0);
  });

  it('refuses options that are not positive integers with config_invalid', async () => {
    const running = await start(deterministicEmbeddings());
    for (const change of [{ dimensions: 0 }, { batchSize: 0 }, { maxRetries: -1 }, { concurrency: 1.5 }]) {
      expect(isClausegateError(caughtSync(() => createOpenAIEmbedder({ ...baseOptions(running), ...change })), 'config_invalid')).toBe(true);
    }
  });
});

describe('createEmbedder', () => {
  it('creates the offline embedder with offline.embeddingDimensions by default, without a key', () => {
    const config = ClausegateConfig.parse({ offline: { embeddingDimensions: 512 } });
    const embedder = createEmbedder(config, { openaiApiKey: undefined, openaiBaseUrl: undefined });
    expect(embedder.info).toMatchObject({ name: 'offline-hashed-ngram', dimensions: 512 });
  });

  it('refuses the OpenAI provider without OPENAI_API_KEY with provider_missing_key', () => {
    const config = ClausegateConfig.parse({ provider: 'openai' });
    const error = caughtSync(() => createEmbedder(config, { openaiApiKey: undefined, openaiBaseUrl: undefined }));
    expect(isClausegateError(error, 'provider_missing_key')).toBe(true);
    expect((error as { hint?: string }).hint).toContain('OPENAI_API_KEY');
  });

  it('creates the OpenAI embedder from the openai section, talking to OPENAI_BASE_URL', async () => {
    const server = await startOpenAITestServer({ embeddings: deterministicEmbeddings() });
    try {
      const config = ClausegateConfig.parse({ provider: 'openai', openai: { embeddingDimensions: 256, embeddingBatchSize: 2 } });
      const environment: ProviderEnvironment = { openaiApiKey: 'test-key', openaiBaseUrl: server.baseUrl };
      const embedder = createEmbedder(config, environment);
      expect(embedder.info).toEqual({ name: 'openai', model: 'text-embedding-3-large', dimensions: 256, version: 'v1' });
      const vectors = await embedder.embedDocuments(['a fee', 'a device', 'a licensee']);
      expect(vectors.map((vector) => vector.length)).toEqual([256, 256, 256]);
      expect(server.requests.map((request) => (request.body as { input: string[] }).input.length).sort()).toEqual([1, 2]);
      expect(server.requests[0]!.headers.authorization).toBe('Bearer test-key');
    } finally {
      await server.close();
    }
  });
});

type EmbeddingItem = { object: string; index: number; embedding: unknown };

function baseOptions(server: OpenAITestServer): OpenAIEmbedderOptions {
  const environment: ProviderEnvironment = { openaiApiKey: 'test-key', openaiBaseUrl: server.baseUrl };
  return {
    client: createOpenAIClient(environment, ClausegateConfig.parse({}).openai),
    model: MODEL,
    dimensions: 3072,
    batchSize: 64,
    maxRetries: 0,
  };
}

/** Wraps a handler and rewrites the `data` array of its successful replies. */
function transformed(handler: TestServerHandler, change: (data: EmbeddingItem[]) => unknown): TestServerHandler {
  return async (request, attempt) => {
    const reply = await handler(request, attempt);
    if ('hang' in reply) return reply;
    const body = reply.body as { data: EmbeddingItem[] };
    return { ...reply, body: { ...body, data: change(body.data) } };
  };
}

/**
 * What the embedder must return for `texts`: the test server's float32 values, L2-normalised in
 * double precision and rounded to float32, as the embedder does with the base64 it receives.
 */
async function floatEmbeddings(texts: string[], dimensions: number): Promise<Float32Array[]> {
  const request: RecordedRequest = {
    method: 'POST',
    path: '/v1/embeddings',
    headers: {},
    rawBody: '',
    body: { model: MODEL, input: texts, dimensions, encoding_format: 'float' },
  };
  const reply = (await deterministicEmbeddings()(request, 1)) as Extract<TestServerReply, { status: number }>;
  return (reply.body as { data: { embedding: number[] }[] }).data.map(({ embedding }) => {
    const stored = embedding.map(Math.fround);
    const scale = 1 / Math.sqrt(stored.reduce((sum, value) => sum + value * value, 0));
    return Float32Array.from(stored, (value) => value * scale);
  });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function caughtSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function bytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}

function maximumDifference(left: Float32Array, right: Float32Array): number {
  let largest = 0;
  for (let index = 0; index < left.length; index += 1) largest = Math.max(largest, Math.abs(left[index]! - right[index]!));
  return largest;
}
