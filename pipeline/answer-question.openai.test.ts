// The OpenAI path end to end: the real `openai` SDK talks to a real HTTP server on 127.0.0.1 that
// speaks the OpenAI API (embeddings, rerank chat calls, structured answers). The server's
// embeddings come from the offline embedder at 3072 dimensions, so retrieval behaves like a real
// embedding model would; its chat replies are scripted per test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerQuestion } from './answer-question.ts';
import { ClausegateConfig } from './config/config-schema.ts';
import { isClausegateError } from './errors.ts';
import { ingestSource } from './ingest/index.ts';
import { openAnswerPipeline, type OpenedAnswerPipeline } from './open-answer-pipeline.ts';
import { createEmbedder } from './providers/create-embedder.ts';
import { createOfflineEmbedder } from './providers/offline-embedder.ts';
import {
  chatCompletionBody,
  startOpenAITestServer,
  type OpenAITestServer,
  type RecordedRequest,
  type TestServerHandler,
  type TestServerReply,
} from './testing/openai-test-server.ts';

const sampleCorpus = path.resolve(import.meta.dirname, '../data/raw/sample');
const question = 'What is the monthly fee for a non-professional display device?';
const serverEmbedder = createOfflineEmbedder({ dimensions: 3072 });

const embeddings: TestServerHandler = async (request) => {
  const body = request.body as { input: string[]; model: string; encoding_format?: string };
  const vectors = await serverEmbedder.embedDocuments(body.input);
  const data = vectors.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: body.encoding_format === 'base64' ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64') : [...vector],
  }));
  return { status: 200, body: { object: 'list', data, model: body.model, usage: { prompt_tokens: 10, total_tokens: 10 } } };
};

interface ChatBody {
  messages: { role: string; content: string }[];
  response_format?: unknown;
  model: string;
  temperature?: number;
}

/** The anchor of the evidence block that contains `needle`, read from the frozen prompt. */
function anchorContaining(prompt: string, needle: string): string | undefined {
  const blocks = prompt.split(/(?=\[C\d+ \| chunk_id=)/);
  const block = blocks.find((part) => part.startsWith('[C') && part.includes(needle));
  return block?.match(/^\[(C\d+)/)?.[1];
}

function answerReply(sentence: string, citations: string[]): TestServerReply {
  return { status: 200, body: chatCompletionBody(JSON.stringify({ answer: [{ sentence, citations }], confidence: 'High', refusal: null })) };
}

/** Reranks like a careful model: 3 for the non-professional fee row, 2 for other fee rows, 0 otherwise. */
function rerankReply(request: RecordedRequest): TestServerReply {
  const passage = (request.body as ChatBody).messages.at(-1)?.content ?? '';
  const score = passage.includes('Non-Professional') && passage.includes('$3.50') ? '3' : passage.includes('$') ? '2' : '0';
  return { status: 200, body: chatCompletionBody(score) };
}

function isGeneration(request: RecordedRequest): boolean {
  return (request.body as ChatBody).response_format !== undefined;
}

describe('answerQuestion through the OpenAI provider (local OpenAI-compatible server)', () => {
  let server: OpenAITestServer;
  let indexDir: string;
  let config: ClausegateConfig;
  let pipeline: OpenedAnswerPipeline;
  let generationReply: (request: RecordedRequest, attempt: number) => TestServerReply;
  let rerank: (request: RecordedRequest) => TestServerReply;

  const chatCompletions: TestServerHandler = (request, attempt) => (isGeneration(request) ? generationReply(request, attempt) : rerank(request));

  beforeAll(async () => {
    server = await startOpenAITestServer({ embeddings, chatCompletions });
    indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-openai-'));
    config = ClausegateConfig.parse({
      provider: 'openai',
      paths: { indexDir, cacheDir: path.join(indexDir, 'cache') },
      openai: { maxRetries: 2, timeoutMs: 1500 },
      generation: { cache: 'off' },
    });
    const environment = { openaiApiKey: 'sk-test-not-a-real-key', openaiBaseUrl: server.baseUrl };
    await ingestSource({ source: 'sample', root: sampleCorpus, config, embedder: createEmbedder(config, environment), now: () => new Date('2026-11-22T00:00:00Z') });
    pipeline = await openAnswerPipeline(config, environment, 'sample');
  });

  afterAll(async () => {
    await pipeline?.close();
    await server?.close();
    rmSync(indexDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    rerank = rerankReply;
    generationReply = (request) => {
      const prompt = (request.body as ChatBody).messages.at(-1)!.content;
      const anchor = anchorContaining(prompt, '$3.50') ?? 'C0';
      return answerReply('The Non-Professional fee for Real-Time Top of Book is $3.50 per Display Device per month.', [anchor]);
    };
    server.requests.length = 0;
  });

  const generations = () => server.requests.filter(isGeneration);

  it('embeds, reranks and answers with a validated, cited answer', async () => {
    const result = await answerQuestion(pipeline, question);
    expect(result.status).toBe('answered');
    expect(result.answer).toContain('$3.50');
    expect(result.citations[0]).toMatchObject({ doc: 'harbourview-fee-schedule-2026.pdf', page: 1 });
    expect(result.retrieval.rerankMode).toBe('reranked');
    expect(server.requests.some((request) => request.path === '/v1/embeddings')).toBe(true);
    const reranks = server.requests.filter((request) => request.path === '/v1/chat/completions' && !isGeneration(request));
    expect(reranks.length).toBe(result.candidates.length);
    const [generation] = generations();
    expect(generations()).toHaveLength(1);
    const body = generation!.body as ChatBody;
    expect(body.model).toBe('gpt-4.1');
    expect(body.temperature).toBe(0);
    expect(result.generation).toMatchObject({ calls: 1, attempts: 1, model: 'gpt-4.1' });
  });

  it('retries a 429 with byte-identical requests, then answers', async () => {
    let calls = 0;
    generationReply = (request) => {
      calls += 1;
      if (calls === 1) return { status: 429, body: { error: { message: 'rate limited', type: 'rate_limit_error' } } };
      const prompt = (request.body as ChatBody).messages.at(-1)!.content;
      return answerReply('The fee is $3.50 per Display Device.', [anchorContaining(prompt, '$3.50') ?? 'C0']);
    };
    const result = await answerQuestion(pipeline, question);
    expect(result.status).toBe('answered');
    expect(result.generation?.attempts).toBe(2);
    const [first, second] = generations();
    expect(second?.rawBody).toBe(first?.rawBody);
  });

  it('fails (never falls back) after repeated 500s, with identical bytes on every attempt', async () => {
    generationReply = () => ({ status: 500, body: { error: { message: 'upstream exploded', type: 'server_error' } } });
    const result = await answerQuestion(pipeline, question);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('provider_failed');
    expect(result.answer).toBeNull();
    expect(generations()).toHaveLength(3);
    expect(new Set(generations().map((request) => request.rawBody)).size).toBe(1);
  });

  it('fails with provider_unreachable when the server never answers (timeouts retried)', async () => {
    generationReply = () => ({ hang: true });
    const result = await answerQuestion(pipeline, question);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('provider_unreachable');
    expect(generations()).toHaveLength(3);
  });

  it('catches an invented anchor: one stricter regeneration, then a refusal', async () => {
    generationReply = () => answerReply('The fee is $3.50 per Display Device.', ['C7']);
    const result = await answerQuestion(pipeline, question);
    expect(result.status).toBe('refused');
    expect(result.refusal?.reason).toBe('hallucination_detected');
    expect(result.flags.hallucinationDetected).toBe(true);
    expect(result.flags.regenerated).toBe(true);
    expect(result.validation?.violations.map((violation) => violation.code)).toContain('unknown_anchor');
    expect(generations()).toHaveLength(2);
    const [first, second] = generations();
    expect(second!.rawBody).not.toBe(first!.rawBody);
  });

  it('catches an invented amount', async () => {
    generationReply = (request) => {
      const prompt = (request.body as ChatBody).messages.at(-1)!.content;
      return answerReply('The fee is $999.00 per Display Device.', [anchorContaining(prompt, '$3.50') ?? 'C0']);
    };
    const result = await answerQuestion(pipeline, question);
    expect(result.status).toBe('refused');
    expect(result.refusal?.reason).toBe('hallucination_detected');
    expect(result.validation?.violations.map((violation) => violation.code)).toContain('unsupported_number');
    expect(result.answer).toBeNull();
  });

  it('falls back to retrieval scores when reranking fails, and says so', async () => {
    rerank = () => ({ status: 500, body: { error: { message: 'rerank down', type: 'server_error' } } });
    const result = await answerQuestion(pipeline, question);
    expect(result.flags.rerankFallback).toBe(true);
    expect(result.retrieval.rerankMode).toBe('rerank_fallback');
    expect(result.gate.tier === 'retrieval' || result.gate.tier === 'coverage').toBe(true);
  });

  it('refuses in code before any generation when the documents are silent', async () => {
    const result = await answerQuestion(pipeline, 'What is the monthly fee for Nasdaq TotalView in 2027?');
    expect(result.status).toBe('refused');
    expect(generations()).toHaveLength(0);
  });

  it('says clearly that the OpenAI provider needs OPENAI_API_KEY', async () => {
    const error = await openAnswerPipeline(config, { openaiApiKey: undefined, openaiBaseUrl: server.baseUrl }, 'sample').catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'provider_missing_key')).toBe(true);
    expect((error as Error).message).toContain('OPENAI_API_KEY');
  });
});
