// The service over the OpenAI provider: the real `openai` SDK talks to a local OpenAI-compatible
// HTTP server (embeddings from the offline embedder at 3072 dimensions, scripted chat replies).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClausegateConfig, createEmbedder, ingestSource } from '../../pipeline/index.ts';
import { createOfflineEmbedder } from '../../pipeline/providers/offline-embedder.ts';
import { chatCompletionBody, startOpenAITestServer, type OpenAITestServer, type RecordedRequest, type TestServerHandler, type TestServerReply } from '../../pipeline/testing/openai-test-server.ts';
import type { Service } from '../create-service.ts';
import { call, createTestWorld, KEYS, SAMPLE_ROOT, startTestService, type TestWorld } from '../testing/create-test-service.ts';

// The server embeds with the offline embedder at 3072 dimensions, so retrieval behaves like a real embedding model.
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

const FEE = 'What is the monthly fee for a non-professional display device?';
interface ChatBody {
  messages: { role: string; content: string }[];
  response_format?: unknown;
}
const isGeneration = (request: RecordedRequest) => (request.body as ChatBody).response_format !== undefined;
const promptOf = (request: RecordedRequest) => (request.body as ChatBody).messages.at(-1)!.content;

function anchorOf(prompt: string, needle: string): string {
  const block = prompt.split(/(?=\[C\d+ \| chunk_id=)/).find((part) => part.startsWith('[C') && part.includes(needle));
  return block?.match(/^\[(C\d+)/)?.[1] ?? 'C0';
}

describe('the service over the OpenAI provider (local OpenAI-compatible server)', () => {
  let world: TestWorld;
  let server: OpenAITestServer;
  let service: Service;
  let url: string;
  let answerSentence: string;

  beforeAll(async () => {
    world = await createTestWorld();
    server = await startOpenAITestServer({
      embeddings,
      chatCompletions: (request): TestServerReply => {
        if (!isGeneration(request)) {
          const passage = promptOf(request);
          return { status: 200, body: chatCompletionBody(passage.includes('$3.50') ? '3' : passage.includes('$') ? '2' : '0') };
        }
        const anchor = anchorOf(promptOf(request), '$3.50');
        return { status: 200, body: chatCompletionBody(JSON.stringify({ answer: [{ sentence: answerSentence, citations: [anchor] }], confidence: 'High', refusal: null })) };
      },
    });
    const config = ClausegateConfig.parse({ ...world.config, provider: 'openai', paths: { ...world.config.paths, indexDir: `${world.dir}/openai-index` }, openai: { maxRetries: 0, timeoutMs: 2000 }, generation: { cache: 'off' } });
    world.config = config;
    const environment = { openaiApiKey: 'sk-test-not-a-real-key', openaiBaseUrl: server.baseUrl };
    for (const source of ['sample', 'policy']) {
      await ingestSource({ source, root: source === 'sample' ? SAMPLE_ROOT : world.policyRoot, config, embedder: createEmbedder(config, environment), now: () => new Date() });
    }
    ({ service, url } = await startTestService(world, { RAG_COST_PER_1K_TOKENS: '0.01' }, { environment }));
  });
  afterAll(async () => {
    await service?.close();
    await server?.close();
    world?.remove();
  });
  beforeEach(() => {
    answerSentence = 'The Non-Professional Display Device fee is $3.50 per month.';
    server.requests.length = 0;
  });

  it('answers with the model named in provenance, its tokens and a cost estimate', async () => {
    const { body } = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE } });
    expect(body.refused).toBe(false);
    expect(body.answer).toContain('$3.50');
    expect(body.provenance.model).toBe('gpt-4.1');
    expect(body.provenance.tokens_used).toBeGreaterThan(0);
    expect(body.provenance.cost_estimate).toBeCloseTo((body.provenance.tokens_used / 1000) * 0.01, 6);
    expect(server.requests.filter(isGeneration)).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain('sk-test');
  });

  it('simulates without a model call: no generation request reaches the server', async () => {
    const { body } = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: FEE, dry_run: true, template_id: 'detailed' } });
    expect(body.model).toBe('gpt-4.1');
    expect(body.prompt).toContain('TEMPLATE RULE');
    expect(server.requests.filter(isGeneration)).toHaveLength(0);
  });

  it('re-runs once with the strict prompt on an uncited figure, then refuses with hallucination_detected', async () => {
    answerSentence = 'The Non-Professional Display Device fee is $9.99 per month.';
    const { body } = await call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query: `${FEE} (strict check)` } });
    expect(body.refused).toBe(true);
    expect(body.reason_code).toBe('hallucination_detected');
    expect(body.flags.hallucination_warning).toBe(true);
    const generations = server.requests.filter(isGeneration);
    expect(generations).toHaveLength(2);
    expect(promptOf(generations[0]!)).not.toContain('7. STRICT');
    expect(promptOf(generations[1]!)).toContain('7. STRICT');
    const metrics = await call(url, 'GET', '/api/v1/rag/admin/metrics', { key: KEYS.admin });
    expect(metrics.body).toMatch(/rag_hallucinations_detected_total 1/);
    expect(metrics.body).toMatch(/rag_refusals_total\{reason="hallucination_detected"\} 1/);
  });
});
