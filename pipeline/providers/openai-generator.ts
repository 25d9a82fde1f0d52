import type OpenAI from 'openai';
import { z } from 'zod';
import { ANSWER_SCHEMA } from '../answer/build-prompt.ts';
import { ClausegateError } from '../errors.ts';
import { withOpenAIRetries } from './create-openai-client.ts';
import { redactSecrets } from './redact-secrets.ts';
import type { GenerationOutput, GenerationRequest, GenerationResult, Generator, GeneratorInfo } from './generator.ts';
import type { ResponseCache } from './response-cache.ts';

/** Options of `createOpenAIGenerator`. */
export interface OpenAIGeneratorOptions {
  /** The `openai` SDK client (from `createOpenAIClient`, SDK retries off). */
  client: OpenAI;
  /** The chat model (config `openai.chatModel`, default `gpt-4.1`); never switched on failure. */
  model: string;
  /** Sampling temperature (config `generation.temperature`, default 0). */
  temperature: number;
  /** Retries of transient failures, each resending identical bytes (config `openai.maxRetries`, default 3). */
  maxRetries: number;
  /** One call's whole budget in ms, retries and waits included (config `openai.totalTimeoutMs`); default none. */
  totalTimeoutMs?: number;
  /** Cache of successful replies; without it every call goes to the API. */
  cache?: ResponseCache;
  /** The clock for `latencyMs` (default `performance.now`). */
  now?: () => number;
}

// Keywords every model with strict structured outputs accepts; length and size limits are left to zod.
const STRICT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description']);

/** The name the structured-output schema is sent under. */
const SCHEMA_NAME = 'clausegate_answer';

/**
 * The `response_format` sent with every generation: `ANSWER_SCHEMA` as a strict JSON schema. OpenAI's
 * strict mode wants an object at the root, every property required (optional ones written as
 * nullable) and `additionalProperties: false` on every object; `ANSWER_SCHEMA` is already that one
 * object with nullable `answer`, `confidence` and `refusal`. The schema is reduced to the keywords
 * every strict-mode model accepts (no length or size limits); zod re-validates the reply in full.
 */
export const ANSWER_RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: { name: SCHEMA_NAME, strict: true, schema: toStrictJsonSchema(z.toJSONSchema(ANSWER_SCHEMA)) },
} as const;

/**
 * Creates the OpenAI generator. It sends exactly `request.prompt` as the one user message (no system
 * message: the frozen prompt carries its own instruction section), with the configured temperature
 * and `ANSWER_RESPONSE_FORMAT`. Transient failures (429, 5xx, timeouts, connection errors) are
 * retried with the identical request bytes; any other failure, or retries running out, throws
 * (`provider_failed` / `provider_unreachable`), and the model is never switched. A reply that is not
 * JSON, does not match `ANSWER_SCHEMA`, mixes an answer with a refusal, was cut off, or was refused by
 * the model's safety layer throws `provider_bad_response` (the pipeline then fails closed).
 *
 * The reply maps to `GenerationOutput`: `answer[i].sentence` → `text`, `citations` → `anchors`
 * (unchecked here: citing an anchor outside the evidence, or none, is for the answer validator);
 * a refusal always carries `request.refusal` exactly, whatever wording the model used.
 *
 * With a cache, the key is the model, temperature, response format and the prompt bytes; a hit
 * makes no request (telemetry `cached: true`, `attempts: 0`), and only valid replies are stored.
 */
export function createOpenAIGenerator(options: OpenAIGeneratorOptions): Generator {
  const info: GeneratorInfo = { name: 'openai', model: options.model };
  const now = options.now ?? (() => performance.now());
  const parameters = { temperature: options.temperature, response_format: ANSWER_RESPONSE_FORMAT };

  return {
    info,
    async generate(request: GenerationRequest): Promise<GenerationResult> {
      const started = now();
      const cache = options.cache;
      const cacheKey = cache?.key({ model: options.model, parameters, prompt: request.prompt });
      if (cache && cacheKey !== undefined) {
        const hit = await cache.get(cacheKey);
        if (hit) {
          const output = parseAnswerReply(hit.content, request, `cached response ${cacheKey}`);
          return {
            output,
            telemetry: {
              model: hit.model,
              promptSha256: request.promptSha256,
              attempts: 0,
              latencyMs: now() - started,
              promptTokens: hit.promptTokens,
              completionTokens: hit.completionTokens,
              finishReason: hit.finishReason,
              cached: true,
            },
          };
        }
      }

      // One body object for every attempt: the SDK serialises it to the same bytes each time.
      const body = {
        model: options.model,
        messages: [{ role: 'user' as const, content: request.prompt }],
        ...parameters,
      };
      const { value: completion, attempts } = await withOpenAIRetries(
        `answer generation with ${options.model}`,
        (attempt) => options.client.chat.completions.create(body, attempt),
        { maxRetries: options.maxRetries, totalTimeoutMs: options.totalTimeoutMs, secrets: [options.client.apiKey] },
      );
      const choice = completion.choices[0];
      const finishReason = choice?.finish_reason ?? 'unknown';
      const what = `the reply of ${options.model}`;
      if (choice?.message.refusal) {
        throw badResponse(`${what} is a safety refusal instead of an answer: ${clip(choice.message.refusal)}`);
      }
      const content = choice?.message.content;
      if (typeof content !== 'string') throw badResponse(`${what} has no message content (finish_reason ${finishReason})`);
      if (finishReason === 'length') throw badResponse(`${what} was cut off at the token limit (finish_reason length): ${clip(content)}`);
      const output = parseAnswerReply(content, request, what);

      const model = completion.model || options.model;
      const promptTokens = completion.usage?.prompt_tokens ?? 0;
      const completionTokens = completion.usage?.completion_tokens ?? 0;
      if (cache && cacheKey !== undefined) {
        await cache.set(cacheKey, { model, content, finishReason, promptTokens, completionTokens });
      }
      return {
        output,
        telemetry: {
          model,
          promptSha256: request.promptSha256,
          attempts,
          latencyMs: now() - started,
          promptTokens,
          completionTokens,
          finishReason,
          cached: false,
        },
      };
    },
  };
}

/** Parses a reply with `ANSWER_SCHEMA` and maps it to a `GenerationOutput`; throws `provider_bad_response`. */
function parseAnswerReply(content: string, request: GenerationRequest, what: string): GenerationOutput {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw badResponse(`${what} is not JSON (${(error as Error).message}): ${clip(content)}`);
  }
  const parsed = ANSWER_SCHEMA.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw badResponse(`${what} does not match the answer schema (${issues}): ${clip(content)}`);
  }
  const { answer, confidence, refusal } = parsed.data;
  if (refusal !== null && answer === null) return { kind: 'refusal', text: request.refusal };
  if (refusal !== null) throw badResponse(`${what} holds both an answer and a refusal: ${clip(content)}`);
  if (answer === null) throw badResponse(`${what} holds neither an answer nor a refusal: ${clip(content)}`);
  if (answer.length === 0) throw badResponse(`${what} is an answer without sentences: ${clip(content)}`);
  if (confidence === null) throw badResponse(`${what} is an answer without a confidence: ${clip(content)}`);
  return {
    kind: 'answer',
    sentences: answer.map((sentence) => ({ text: sentence.sentence, anchors: [...sentence.citations] })),
    confidence,
  };
}

function badResponse(message: string): ClausegateError {
  return new ClausegateError('provider_bad_response', message, {
    hint: 'the answer was not produced (the pipeline fails closed); retry, or check that the model supports structured outputs',
  });
}

function clip(text: string): string {
  const flat = redactSecrets(text).replace(/\s+/g, ' ');
  return JSON.stringify(flat.length <= 200 ? flat : `${flat.slice(0, 199)}…`);
}

/**
 * Rewrites a JSON schema for OpenAI's strict mode: drops `$schema` and the keywords strict mode may
 * reject, and makes every object closed (`additionalProperties: false`) with all its properties
 * required. Throws `internal` when the root is not an object, which strict mode refuses.
 */
function toStrictJsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.type !== 'object') {
    throw new ClausegateError('internal', 'the answer schema must have an object at its root for OpenAI strict structured outputs');
  }
  return strictNode(schema) as Record<string, unknown>;
}

function strictNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictNode);
  if (node === null || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node as Record<string, unknown>)) {
    if (!STRICT_KEYWORDS.has(keyword)) continue;
    if (keyword === 'properties') {
      result.properties = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, strictNode(child)]));
    } else if (keyword === 'items' || keyword === 'anyOf') {
      result[keyword] = strictNode(value);
    } else {
      result[keyword] = value;
    }
  }
  if (result.type === 'object') {
    const properties = (result.properties ?? {}) as Record<string, unknown>;
    result.properties = properties;
    result.required = Object.keys(properties);
    result.additionalProperties = false;
  }
  return result;
}
