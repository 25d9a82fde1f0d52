import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test server received, with its raw body bytes (to check retries resend identical bytes). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: unknown;
}

/** What a handler answers: a JSON body with a status, or `hang` to never answer (timeouts). */
export type TestServerReply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { hang: true };

/** Answers one request; `attempt` counts requests to the same path with the same body, from 1. */
export type TestServerHandler = (request: RecordedRequest, attempt: number) => TestServerReply | Promise<TestServerReply>;

/** Options of the test server: handlers per endpoint; missing ones answer 404. */
export interface OpenAITestServerOptions {
  embeddings?: TestServerHandler;
  chatCompletions?: TestServerHandler;
}

/** A running OpenAI-compatible server on 127.0.0.1. */
export interface OpenAITestServer {
  /** Base URL with `/v1`, for the `openai` SDK's `baseURL`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces the handlers (for a test that changes behaviour midway). */
  setHandlers(options: OpenAITestServerOptions): void;
  close(): Promise<void>;
}

/**
 * Starts a real HTTP server on 127.0.0.1 that speaks the parts of the OpenAI API clausegate uses
 * (`POST /v1/embeddings`, `POST /v1/chat/completions`). Every request is recorded.
 */
export async function startOpenAITestServer(options: OpenAITestServerOptions = {}): Promise<OpenAITestServer> {
  let handlers = { ...options };
  const requests: RecordedRequest[] = [];
  const attempts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  const server = createServer((incoming, response) => {
    void handle(incoming, response);
  });

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown = undefined;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const request: RecordedRequest = { method: incoming.method ?? 'GET', path, headers: incoming.headers, rawBody, body };
    requests.push(request);
    const key = `${path}\n${rawBody}`;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);

    const handler =
      path === '/v1/embeddings' ? handlers.embeddings : path === '/v1/chat/completions' ? handlers.chatCompletions : undefined;
    const reply: TestServerReply = handler
      ? await handler(request, attempt)
      : { status: 404, body: { error: { message: `no handler for ${path}`, type: 'invalid_request_error' } } };
    if ('hang' in reply) {
      hanging.add(response);
      return;
    }
    // Errors ask the SDK to retry after 5 ms (its `retry-after-ms` rule), so retrying tests need not wait its default backoff.
    const retryAfter = reply.status >= 400 ? { 'retry-after-ms': '5' } : {};
    response.writeHead(reply.status, { 'content-type': 'application/json', ...retryAfter, ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setHandlers(next) {
      handlers = { ...next };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A deterministic embeddings handler: each input gets a unit vector derived from its sha256, of the
 * requested `dimensions` (default 3072), as floats or base64 depending on `encoding_format`.
 */
export function deterministicEmbeddings(defaultDimensions = 3072): TestServerHandler {
  return (request) => {
    const body = request.body as { input: string | string[]; model: string; dimensions?: number; encoding_format?: string };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    const dimensions = body.dimensions ?? defaultDimensions;
    const data = inputs.map((text, index) => {
      const vector = hashedUnitVector(text, dimensions);
      const embedding =
        body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    return { status: 200, body: { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } } };
  };
}

/** A chat completion response body in the OpenAI shape, with the given assistant content. */
export function chatCompletionBody(content: string, model = 'gpt-4.1', usage = { prompt_tokens: 100, completion_tokens: 20 }): unknown {
  return {
    id: `chatcmpl-${createHash('sha256').update(content).digest('hex').slice(0, 12)}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function hashedUnitVector(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions);
  let seed = createHash('sha256').update(text).digest();
  for (let index = 0; index < dimensions; index += 1) {
    if (index % 32 === 0 && index > 0) seed = createHash('sha256').update(seed).digest();
    vector[index] = (seed[index % 32]! - 127.5) / 127.5;
  }
  const norm = Math.hypot(...vector.slice(0, Math.min(dimensions, 4096))) || 1;
  return vector.map((value) => value / norm);
}
