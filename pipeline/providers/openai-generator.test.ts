import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANSWER_SCHEMA } from '../answer/build-prompt.ts';
import type { AnswerJson } from '../answer/build-prompt.ts';
import { ClausegateConfig } from '../config/config-schema.ts';
import { ClausegateError, isClausegateError } from '../errors.ts';
import { chatCompletionBody, startOpenAITestServer } from '../testing/openai-test-server.ts';
import type { OpenAITestServer, RecordedRequest, TestServerHandler } from '../testing/openai-test-server.ts';
import { createGenerator } from './create-generator.ts';
import { createOpenAIClient } from './create-openai-client.ts';
import { createExtractiveGenerator } from './extractive-generator.ts';
import { GENERATOR_CONTRACT_REQUESTS, describeGeneratorContract } from './generator.contract.ts';
import type { GenerationRequest } from './generator.ts';
import { ANSWER_RESPONSE_FORMAT, createOpenAIGenerator } from './openai-generator.ts';
import type { OpenAIGeneratorOptions } from './openai-generator.ts';
import { createResponseCache } from './response-cache.ts';

const DEFAULTS = ClausegateConfig.parse({});
const FEE = GENERATOR_CONTRACT_REQUESTS.fee;

interface ChatBody {
  model: string;
  temperature: number;
  messages: { role: string; content: string }[];
  response_format: unknown;
}

function promptOf(request: RecordedRequest): string {
  return (request.body as ChatBody).messages[0]?.content ?? '';
}

/** The reply of a sensible model: the extractive generator's answer to the request whose prompt arrived, in the wire format. */
function answerLikeExtractive(requests: readonly GenerationRequest[]): TestServerHandler {
  const extractive = createExtractiveGenerator();
  return async (recorded) => {
    const request = requests.find((candidate) => candidate.prompt === promptOf(recorded));
    if (!request) return { status: 400, body: { error: { message: 'unknown prompt', type: 'invalid_request_error' } } };
    const { output } = await extractive.generate(request);
    const json: AnswerJson =
      output.kind === 'refusal'
        ? { answer: null, confidence: null, refusal: output.text }
        : {
            answer: output.sentences.map((sentence) => ({ sentence: sentence.text, citations: sentence.anchors })),
            confidence: output.confidence,
            refusal: null,
          };
    return { status: 200, body: chatCompletionBody(JSON.stringify(json)) };
  };
}

const FEE_REPLY = JSON.stringify({
  answer: [{ sentence: 'The real-time display device fee is $134.50.', citations: ['C1'] }],
  confidence: 'High',
  refusal: null,
});

function replyWith(content: string, finishReason = 'stop'): TestServerHandler {
  return () => {
    const body = chatCompletionBody(content, 'gpt-4.1-2025-04-14', { prompt_tokens: 812, completion_tokens: 31 }) as {
      choices: { finish_reason: string }[];
    };
    body.choices[0]!.finish_reason = finishReason;
    return { status: 200, body };
  };
}

function clientFor(server: OpenAITestServer, timeoutMs = 10_000) {
  return createOpenAIClient({ openaiApiKey: 'test-key', openaiBaseUrl: server.baseUrl }, { ...DEFAULTS.openai, timeoutMs });
}

function generatorFor(server: OpenAITestServer, options: Partial<OpenAIGeneratorOptions> = {}) {
  return createOpenAIGenerator({ client: clientFor(server), model: 'gpt-4.1', temperature: 0, maxRetries: 2, ...options });
}

async function failureOf(promise: Promise<unknown>): Promise<ClausegateError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ClausegateError)) throw new Error(`expected a ClausegateError, got ${String(error)}`);
  return error;
}

describeGeneratorContract('openai (local test server)', async () => {
  const server = await startOpenAITestServer({ chatCompletions: answerLikeExtractive(Object.values(GENERATOR_CONTRACT_REQUESTS)) });
  return { generator: generatorFor(server), teardown: () => server.close() };
});

describe('ANSWER_RESPONSE_FORMAT', () => {
  it('is ANSWER_SCHEMA as a strict json_schema: one closed object, every property required, unused ones null', () => {
    expect(ANSWER_RESPONSE_FORMAT).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'clausegate_answer',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            answer: {
              anyOf: [
                {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { sentence: { type: 'string' }, citations: { type: 'array', items: { type: 'string' } } },
                    required: ['sentence', 'citations'],
                    additionalProperties: false,
                  },
                },
                { type: 'null' },
              ],
            },
            confidence: { anyOf: [{ type: 'string', enum: ['High', 'Medium', 'Low'] }, { type: 'null' }] },
            refusal: { type: ['string', 'null'] },
          },
          required: ['answer', 'confidence', 'refusal'],
          additionalProperties: false,
        },
      },
    });
  });

  it('accepts both reply shapes of the prompt', () => {
    expect(ANSWER_SCHEMA.safeParse(JSON.parse(FEE_REPLY)).success).toBe(true);
    expect(ANSWER_SCHEMA.safeParse({ answer: null, confidence: null, refusal: FEE.refusal }).success).toBe(true);
  });
});

describe('createOpenAIGenerator', () => {
  let server: OpenAITestServer;
  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends exactly the prompt as the one user message, with the temperature and the strict response format', async () => {
    server.setHandlers({ chatCompletions: replyWith(FEE_REPLY) });
    await generatorFor(server, { temperature: 0.2 }).generate(FEE);
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body as ChatBody;
    expect(body).toEqual({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: FEE.prompt }],
      temperature: 0.2,
      response_format: JSON.parse(JSON.stringify(ANSWER_RESPONSE_FORMAT)),
    });
  });

  it('maps the reply to sentences and anchors, with telemetry from usage, finish_reason and the clock', async () => {
    server.setHandlers({ chatCompletions: replyWith(FEE_REPLY) });
    let tick = 100;
    const result = await generatorFor(server, { now: () => (tick += 7) }).generate(FEE);
    expect(result).toEqual({
      output: { kind: 'answer', sentences: [{ text: 'The real-time display device fee is $134.50.', anchors: ['C1'] }], confidence: 'High' },
      telemetry: {
        model: 'gpt-4.1-2025-04-14',
        promptSha256: FEE.promptSha256,
        attempts: 1,
        latencyMs: 7,
        promptTokens: 812,
        completionTokens: 31,
        finishReason: 'stop',
        cached: false,
      },
    });
  });

  it('returns the exact refusal of the request whatever words the model refused with', async () => {
    server.setHandlers({ chatCompletions: replyWith(JSON.stringify({ answer: null, confidence: null, refusal: 'Not in the documents.' })) });
    const { output } = await generatorFor(server).generate(FEE);
    expect(output).toEqual({ kind: 'refusal', text: FEE.refusal });
  });

  it('retries a 429 with identical bytes and counts two attempts', async () => {
    server.setHandlers({
      chatCompletions: (_request, attempt) =>
        attempt === 1 ? { status: 429, body: { error: { message: 'rate limited', type: 'rate_limit_error' } } } : replyWith(FEE_REPLY)(_request, attempt),
    });
    const { telemetry } = await generatorFor(server).generate(FEE);
    expect(telemetry.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.rawBody).toBe(server.requests[0]!.rawBody);
  });

  it('gives up after maxRetries + 1 server errors with provider_failed, every attempt identical, same model', async () => {
    server.setHandlers({ chatCompletions: () => ({ status: 500, body: { error: { message: 'internal', type: 'server_error' } } }) });
    const error = await failureOf(generatorFor(server, { maxRetries: 2 }).generate(FEE));
    expect(error.code).toBe('provider_failed');
    expect(error.message).toContain('3 attempt(s)');
    expect(server.requests).toHaveLength(3);
    const bodies = new Set(server.requests.map((request) => request.rawBody));
    expect(bodies.size).toBe(1);
    expect((server.requests[0]!.body as ChatBody).model).toBe('gpt-4.1');
  });

  it('does not retry a request the API rejects (400)', async () => {
    server.setHandlers({ chatCompletions: () => ({ status: 400, body: { error: { message: 'bad schema', type: 'invalid_request_error' } } }) });
    const error = await failureOf(generatorFor(server).generate(FEE));
    expect(error.code).toBe('provider_failed');
    expect(server.requests).toHaveLength(1);
  });

  it('times out on a hanging server, retries, then fails with provider_unreachable', async () => {
    server.setHandlers({ chatCompletions: () => ({ hang: true }) });
    const generator = createOpenAIGenerator({ client: clientFor(server, 200), model: 'gpt-4.1', temperature: 0, maxRetries: 1 });
    const error = await failureOf(generator.generate(FEE));
    expect(error.code).toBe('provider_unreachable');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.rawBody).toBe(server.requests[0]!.rawBody);
  });

  it.each([
    ['a reply that is not JSON', '{"answer": [ {"sentence": "The fee is', 'stop', 'is not JSON'],
    ['a reply outside the schema', JSON.stringify({ answer: 'The fee is $134.50', confidence: 'High', refusal: null }), 'stop', 'does not match the answer schema'],
    ['an answer and a refusal at once', JSON.stringify({ answer: [{ sentence: 'x', citations: ['C0'] }], confidence: 'High', refusal: 'No.' }), 'stop', 'both an answer and a refusal'],
    ['neither an answer nor a refusal', JSON.stringify({ answer: null, confidence: null, refusal: null }), 'stop', 'neither an answer nor a refusal'],
    ['an answer without confidence', JSON.stringify({ answer: [{ sentence: 'x', citations: ['C0'] }], confidence: null, refusal: null }), 'stop', 'without a confidence'],
    ['an empty answer', JSON.stringify({ answer: [], confidence: 'High', refusal: null }), 'stop', 'without sentences'],
    ['a reply cut off at the token limit', FEE_REPLY, 'length', 'cut off'],
  ])('rejects %s with provider_bad_response', async (_label, content, finishReason, message) => {
    server.setHandlers({ chatCompletions: replyWith(content, finishReason) });
    const error = await failureOf(generatorFor(server).generate(FEE));
    expect(error.code).toBe('provider_bad_response');
    expect(error.message).toContain(message);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a safety refusal of the model with provider_bad_response', async () => {
    server.setHandlers({
      chatCompletions: () => {
        const body = chatCompletionBody('') as { choices: { message: { content: string | null; refusal: string | null } }[] };
        body.choices[0]!.message = { ...body.choices[0]!.message, content: null, refusal: 'I cannot help with that.' };
        return { status: 200, body };
      },
    });
    const error = await failureOf(generatorFor(server).generate(FEE));
    expect(error.code).toBe('provider_bad_response');
    expect(error.message).toContain('safety refusal');
  });

  describe('with a response cache', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'clausegate-generator-cache-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('answers a repeated prompt from the cache without any HTTP request', async () => {
      server.setHandlers({ chatCompletions: replyWith(FEE_REPLY) });
      const first = await generatorFor(server, { cache: createResponseCache({ dir, mode: 'read-write' }) }).generate(FEE);
      expect(server.requests).toHaveLength(1);
      const again = await generatorFor(server, { cache: createResponseCache({ dir, mode: 'read-write' }) }).generate(FEE);
      expect(server.requests).toHaveLength(1);
      expect(again.output).toEqual(first.output);
      expect(again.telemetry).toMatchObject({ cached: true, attempts: 0, model: 'gpt-4.1-2025-04-14', promptTokens: 812, completionTokens: 31, finishReason: 'stop' });
      const replayed = await generatorFor(server, { cache: createResponseCache({ dir, mode: 'replay' }) }).generate(FEE);
      expect(replayed.output).toEqual(first.output);
      expect(server.requests).toHaveLength(1);
    });

    it('keys on the temperature as well as the prompt', async () => {
      server.setHandlers({ chatCompletions: replyWith(FEE_REPLY) });
      const cache = createResponseCache({ dir, mode: 'read-write' });
      await generatorFor(server, { cache, temperature: 0 }).generate(FEE);
      await generatorFor(server, { cache, temperature: 0.7 }).generate(FEE);
      expect(server.requests).toHaveLength(2);
    });

    it('fails a replay miss with cache_miss and makes no request', async () => {
      server.setHandlers({ chatCompletions: replyWith(FEE_REPLY) });
      const error = await failureOf(generatorFor(server, { cache: createResponseCache({ dir, mode: 'replay' }) }).generate(FEE));
      expect(error.code).toBe('cache_miss');
      expect(error.hint).toContain('read-write');
      expect(server.requests).toHaveLength(0);
    });

    it('never caches a bad reply or a failure', async () => {
      const cache = createResponseCache({ dir, mode: 'read-write' });
      server.setHandlers({ chatCompletions: replyWith('not json') });
      await failureOf(generatorFor(server, { cache }).generate(FEE));
      server.setHandlers({ chatCompletions: () => ({ status: 500, body: { error: { message: 'down', type: 'server_error' } } }) });
      await failureOf(generatorFor(server, { cache, maxRetries: 0 }).generate(FEE));
      expect(await readdir(dir).catch(() => [])).toEqual([]);
      server.setHandlers({ chatCompletions: replyWith(FEE_REPLY) });
      const { telemetry } = await generatorFor(server, { cache }).generate(FEE);
      expect(telemetry.cached).toBe(false);
      expect(await readdir(dir)).toHaveLength(1);
    });
  });
});

describe('createGenerator', () => {
  it('gives the extractive generator for the offline provider, naming the answer-unit weights when it uses them', () => {
    const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
    const rules = ClausegateConfig.parse({ generation: { offlineUnitChoice: 'rules' } });
    expect(createGenerator(rules, environment).info).toEqual({ name: 'offline-extractive', model: 'extractive-v1' });
    const learned = ClausegateConfig.parse({ generation: { offlineUnitChoice: 'learned' } });
    expect(createGenerator(learned, environment).info.model).toMatch(/^extractive-v1\+u1-[0-9a-f]{12}$/);
  });

  it('needs OPENAI_API_KEY for the openai provider', () => {
    const config = ClausegateConfig.parse({ provider: 'openai' });
    let error: unknown;
    try {
      createGenerator(config, { openaiApiKey: undefined, openaiBaseUrl: undefined });
    } catch (caught) {
      error = caught;
    }
    expect(isClausegateError(error, 'provider_missing_key')).toBe(true);
  });

  it('gives the OpenAI generator with the configured model, caching under <cacheDir>/responses', async () => {
    const server = await startOpenAITestServer({ chatCompletions: replyWith(FEE_REPLY) });
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'clausegate-generator-factory-'));
    try {
      const config = ClausegateConfig.parse({ provider: 'openai', paths: { cacheDir } });
      const environment = { openaiApiKey: 'test-key', openaiBaseUrl: server.baseUrl };
      const generator = createGenerator(config, environment);
      expect(generator.info).toEqual({ name: 'openai', model: 'gpt-4.1' });
      await generator.generate(FEE);
      expect(await readdir(path.join(cacheDir, 'responses'))).toHaveLength(1);
      const again = await createGenerator(config, environment).generate(FEE);
      expect(again.telemetry.cached).toBe(true);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
