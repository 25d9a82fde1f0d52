import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { isClausegateError } from '../errors.ts';
import { chatCompletionBody, startOpenAITestServer } from '../testing/openai-test-server.ts';
import type { OpenAITestServer, RecordedRequest, TestServerHandler } from '../testing/openai-test-server.ts';
import { createOpenAIClient } from './create-openai-client.ts';
import { createReranker } from './create-reranker.ts';
import { createOfflineReranker } from './offline-reranker.ts';
import { RERANK_INSTRUCTION, createOpenAIReranker } from './openai-reranker.ts';
import type { OpenAIRerankerOptions } from './openai-reranker.ts';
import type { RerankCandidate } from './reranker.ts';
import { RERANK_CONTRACT_QUESTION, describeRerankerContract } from './reranker.contract.ts';
import { createResponseCache } from './response-cache.ts';

const DEFAULTS = ClausegateConfig.parse({});

interface ChatBody {
  model: string;
  temperature: number;
  max_completion_tokens: number;
  messages: { role: string; content: string }[];
}

function bodyOf(request: RecordedRequest): ChatBody {
  return request.body as ChatBody;
}

/** Reads question and passage back out of the user message (the format `createOpenAIReranker` writes). */
function partsOf(request: RecordedRequest): { question: string; section: string; passage: string } {
  const user = bodyOf(request).messages[1]?.content ?? '';
  const question = /^Question: (.*)$/m.exec(user)?.[1] ?? '';
  const section = /^Section: (.*)$/m.exec(user)?.[1] ?? '';
  const passage = user.slice(user.indexOf('Passage:\n') + 'Passage:\n'.length);
  return { question, section, passage };
}

/** A server that answers like a sensible grader: the offline reranker's score of the passage, as one digit. */
const gradeLikeOffline: TestServerHandler = async (request) => {
  const { question, section, passage } = partsOf(request);
  const [score] = await createOfflineReranker().rerank(question, [{ chunkId: 'x', doc: 'x', sectionHeading: section, text: passage }]);
  return { status: 200, body: chatCompletionBody(String(score?.score ?? 0)) };
};

function clientFor(server: OpenAITestServer, timeoutMs = 10_000) {
  return createOpenAIClient({ openaiApiKey: 'test-key', openaiBaseUrl: server.baseUrl }, { ...DEFAULTS.openai, timeoutMs });
}

function rerankerFor(server: OpenAITestServer, options: Partial<OpenAIRerankerOptions> = {}) {
  return createOpenAIReranker({
    client: clientFor(server),
    model: 'gpt-4.1',
    chunkCharacterCap: 2000,
    concurrency: 4,
    maxRetries: 2,
    ...options,
  });
}

function candidates(count: number): RerankCandidate[] {
  return Array.from({ length: count }, (_, index) => ({
    chunkId: `chunk-${index}`,
    doc: 'fees.pdf',
    sectionHeading: 'Display Device',
    text: `Row ${index} | Device | $${index}.00`,
  }));
}

describeRerankerContract('openai (local test server)', async () => {
  const server = await startOpenAITestServer({ chatCompletions: gradeLikeOffline });
  return { reranker: rerankerFor(server), teardown: () => server.close() };
});

describe('createOpenAIReranker', () => {
  let server: OpenAITestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends one request per candidate: temperature 0, the fixed instruction, the chunk capped at 2,000 characters', async () => {
    server = await startOpenAITestServer({ chatCompletions: () => ({ status: 200, body: chatCompletionBody('2') }) });
    const long: RerankCandidate = { chunkId: 'long', doc: 'policy.pdf', sectionHeading: 'Audit', text: 'a'.repeat(2500) };
    const short: RerankCandidate = { chunkId: 'short', doc: 'fees.pdf', sectionHeading: '', text: 'Real Time | Device | $134.50' };
    const scores = await rerankerFor(server).rerank('What is the device fee?', [long, short]);
    expect(scores).toEqual([
      { chunkId: 'long', score: 2, detail: 'reply "2"' },
      { chunkId: 'short', score: 2, detail: 'reply "2"' },
    ]);
    expect(server.requests).toHaveLength(2);
    const bodies = server.requests.map(bodyOf).sort((left, right) => (left.messages[1]!.content.length < right.messages[1]!.content.length ? 1 : -1));
    const [longBody, shortBody] = bodies;
    expect(longBody?.model).toBe('gpt-4.1');
    expect(longBody?.temperature).toBe(0);
    expect(longBody?.messages[0]).toEqual({ role: 'system', content: RERANK_INSTRUCTION });
    expect(longBody?.messages[1]?.content).toContain(`Passage:\n${'a'.repeat(2000)}\n(passage cut at 2000 characters)`);
    expect(longBody?.messages[1]?.content).not.toContain('a'.repeat(2001));
    expect(shortBody?.messages[1]?.content).toBe(
      'Question: What is the device fee?\n\nDocument: fees.pdf\nSection: (none)\nPassage:\nReal Time | Device | $134.50',
    );
  });

  it('defines the 0–3 scale in its instruction', () => {
    for (const digit of ['0 =', '1 =', '2 =', '3 =']) expect(RERANK_INSTRUCTION).toContain(digit);
  });

  it('scores an unparseable reply 0 and says so', async () => {
    server = await startOpenAITestServer({
      chatCompletions: (request) => ({
        status: 200,
        body: chatCompletionBody(partsOf(request).passage.includes('$0.00') ? 'Relevant, I would say.' : '3'),
      }),
    });
    const scores = await rerankerFor(server).rerank('What is the device fee?', candidates(2));
    expect(scores[0]).toEqual({ chunkId: 'chunk-0', score: 0, detail: 'unparseable reply "Relevant, I would say.", scored 0' });
    expect(scores[1]?.score).toBe(3);
  });

  it.each(['5', '2 or 3', ''])('scores the reply %j 0', async (reply) => {
    server = await startOpenAITestServer({ chatCompletions: () => ({ status: 200, body: chatCompletionBody(reply) }) });
    const [score] = await rerankerFor(server).rerank('What is the device fee?', candidates(1));
    expect(score?.score).toBe(0);
    expect(score?.detail).toMatch(/^unparseable reply/);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const total = 10;
    const bound = 3;
    let inFlight = 0;
    let maxInFlight = 0;
    let arrived = 0;
    let waiting: (() => void)[] = [];
    // Requests wait until a full wave of `bound` has arrived (or the last one did): a pool that
    // sends fewer at a time never completes a wave, one that sends more raises the maximum.
    server = await startOpenAITestServer({
      chatCompletions: async () => {
        inFlight += 1;
        arrived += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const released = new Promise<void>((resolve) => waiting.push(resolve));
        if (waiting.length === bound || arrived === total) {
          const wave = waiting;
          waiting = [];
          for (const release of wave) release();
        }
        await released;
        inFlight -= 1;
        return { status: 200, body: chatCompletionBody('1') };
      },
    });
    const scores = await rerankerFor(server, { concurrency: bound }).rerank('What is the device fee?', candidates(total));
    expect(scores.map((score) => score.chunkId)).toEqual(candidates(total).map((candidate) => candidate.chunkId));
    expect(server.requests).toHaveLength(total);
    expect(maxInFlight).toBe(bound);
  }, 20_000);

  it('retries a transient failure with identical bytes', async () => {
    server = await startOpenAITestServer({
      chatCompletions: (_request, attempt) =>
        attempt === 1
          ? { status: 429, body: { error: { message: 'slow down', type: 'rate_limit_error' } } }
          : { status: 200, body: chatCompletionBody('3') },
    });
    const [score] = await rerankerFor(server).rerank('What is the device fee?', candidates(1));
    expect(score).toEqual({ chunkId: 'chunk-0', score: 3, detail: 'reply "3" (after 2 attempts)' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.rawBody).toBe(server.requests[0]?.rawBody);
  });

  it('throws the provider error when a request still fails after its retries, and starts no new ones', async () => {
    server = await startOpenAITestServer({
      chatCompletions: (request) =>
        partsOf(request).passage.includes('$1.00')
          ? { status: 500, body: { error: { message: 'boom', type: 'server_error' } } }
          : { status: 200, body: chatCompletionBody('2') },
    });
    const error = await rerankerFor(server, { concurrency: 1, maxRetries: 2 })
      .rerank('What is the device fee?', candidates(5))
      .catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'provider_failed')).toBe(true);
    expect((error as Error).message).toContain('chunk-1');
    expect((error as Error).message).toContain('3 attempt(s)');
    // chunk-0 once, chunk-1 three times; with one request at a time, chunk-2… never start.
    expect(server.requests).toHaveLength(4);
  });

  it('replays cached replies without a request', async () => {
    server = await startOpenAITestServer({ chatCompletions: gradeLikeOffline });
    const dir = await mkdtemp(path.join(tmpdir(), 'clausegate-rerank-cache-'));
    try {
      const cache = createResponseCache({ dir, mode: 'read-write' });
      const first = await rerankerFor(server, { cache }).rerank(RERANK_CONTRACT_QUESTION, candidates(3));
      expect(server.requests).toHaveLength(3);
      const replayed = await rerankerFor(server, { cache: createResponseCache({ dir, mode: 'replay' }) }).rerank(RERANK_CONTRACT_QUESTION, candidates(3));
      expect(server.requests).toHaveLength(3);
      expect(replayed.map((score) => score.score)).toEqual(first.map((score) => score.score));
      expect(replayed[0]?.detail).toContain('(cached)');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('createReranker', () => {
  it('gives the offline reranker for the offline provider', () => {
    expect(createReranker(DEFAULTS, { openaiApiKey: undefined, openaiBaseUrl: undefined }).info).toEqual({ name: 'offline-lexical', model: 'lexical-v1' });
  });

  it('needs OPENAI_API_KEY for the openai provider', () => {
    const config = ClausegateConfig.parse({ provider: 'openai' });
    expect(() => createReranker(config, { openaiApiKey: undefined, openaiBaseUrl: undefined })).toThrow(
      expect.objectContaining({ code: 'provider_missing_key' }),
    );
  });

  it('gives the OpenAI reranker, talking to OPENAI_BASE_URL with the configured model', async () => {
    const server = await startOpenAITestServer({ chatCompletions: () => ({ status: 200, body: chatCompletionBody('3') }) });
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'clausegate-rerank-factory-'));
    try {
      const config = ClausegateConfig.parse({ provider: 'openai', paths: { cacheDir }, generation: { cache: 'off' } });
      const reranker = createReranker(config, { openaiApiKey: 'test-key', openaiBaseUrl: server.baseUrl });
      expect(reranker.info).toEqual({ name: 'openai', model: 'gpt-4.1' });
      const [score] = await reranker.rerank('What is the device fee?', candidates(1));
      expect(score?.score).toBe(3);
      expect(bodyOf(server.requests[0]!).model).toBe('gpt-4.1');
    } finally {
      await server.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
