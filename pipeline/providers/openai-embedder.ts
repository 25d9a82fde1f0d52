import type OpenAI from 'openai';
import { ClausegateError } from '../errors.ts';
import { withOpenAIRetries } from './create-openai-client.ts';
import type { Embedder, EmbedderInfo } from './embedder.ts';

/** Options of `createOpenAIEmbedder`. */
export interface OpenAIEmbedderOptions {
  /** An SDK client with its own retries off, from `createOpenAIClient`. */
  client: OpenAI;
  /** Embedding model, e.g. `text-embedding-3-large`. */
  model: string;
  /** Length of the vectors wanted; every returned vector is checked against it. */
  dimensions: number;
  /** Texts per request (the API takes at most 2048). */
  batchSize: number;
  /** Retries of one batch on transient failures (429, 5xx, timeouts), with the same request bytes. */
  maxRetries: number;
  /** One call's whole budget in ms, retries and waits included (config `openai.totalTimeoutMs`); default none. */
  totalTimeoutMs?: number;
  /** Batches in flight at once (default 1); results keep input order whatever finishes first. */
  concurrency?: number;
}

/**
 * Native output sizes of OpenAI's embedding models. For these, `dimensions` is sent only when it
 * asks for a shorter vector: `text-embedding-ada-002` rejects the parameter outright, and leaving
 * it out when it changes nothing keeps requests to what the model takes. Any other model (an
 * OpenAI-compatible server) gets `dimensions` always, since its native size is unknown here.
 */
const NATIVE_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-large': 3072,
  'text-embedding-3-small': 1536,
  'text-embedding-ada-002': 1536,
};

/**
 * Creates the embedder backed by the OpenAI embeddings API (or a compatible server). Texts go out
 * in batches of `batchSize`, with `encoding_format: 'base64'` asked for explicitly and decoded here
 * (little-endian float32; a server that answers with plain float arrays is accepted as well), so
 * what goes over the wire never depends on SDK defaults. Each batch is retried through
 * `withOpenAIRetries`; a response is checked (one item per input, every `index` present once,
 * `dimensions` finite numbers, not all zero) and reordered by `index`, else `provider_bad_response`.
 * Vectors are L2-normalised. An empty list sends no request; an empty or blank text is
 * `input_invalid` before any request.
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const { client, model, dimensions, batchSize, maxRetries } = options;
  const concurrency = options.concurrency ?? 1;
  for (const [field, value, minimum] of [
    ['dimensions', dimensions, 1],
    ['batchSize', batchSize, 1],
    ['maxRetries', maxRetries, 0],
    ['concurrency', concurrency, 1],
  ] as const) {
    if (!Number.isInteger(value) || value < minimum) {
      throw new ClausegateError('config_invalid', `OpenAI embedder ${field} must be an integer of at least ${minimum}, got ${value}`, {
        hint: 'check the openai section of the config',
      });
    }
  }
  const info: EmbedderInfo = { name: 'openai', model, dimensions, version: 'v1' };
  const sendDimensions = NATIVE_DIMENSIONS[model] !== dimensions;

  async function embedBatch(texts: readonly string[], label: string): Promise<Float32Array[]> {
    const body: OpenAI.EmbeddingCreateParams = {
      model,
      input: [...texts],
      encoding_format: 'base64',
      ...(sendDimensions ? { dimensions } : {}),
    };
    const { value: response } = await withOpenAIRetries(label, (attempt) => client.embeddings.create(body, attempt), {
      maxRetries,
      totalTimeoutMs: options.totalTimeoutMs,
      secrets: [client.apiKey],
    });
    return readEmbeddings(response as unknown, texts.length, dimensions, label);
  }

  async function embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    texts.forEach((text, index) => {
      if (typeof text !== 'string' || text.trim() === '') {
        throw new ClausegateError('input_invalid', `text ${index} to embed is empty; the embeddings API rejects empty input`, {
          hint: 'this is a bug upstream: chunks and questions are checked to be non-empty before embedding',
        });
      }
    });
    const batches: (readonly string[])[] = [];
    for (let start = 0; start < texts.length; start += batchSize) batches.push(texts.slice(start, start + batchSize));
    const results: Float32Array[][] = new Array(batches.length);
    let next = 0;
    let failed = false;
    async function worker(): Promise<void> {
      while (!failed && next < batches.length) {
        const index = next;
        next += 1;
        const label = `embedding batch ${index + 1}/${batches.length} with ${model}`;
        try {
          results[index] = await embedBatch(batches[index]!, label);
        } catch (error) {
          failed = true; // the other workers start no new batch
          throw error;
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
    return results.flat();
  }

  return {
    info,
    embedDocuments,
    async embedQuery(text) {
      const [vector] = await embedDocuments([text]);
      return vector!;
    },
  };
}

/** Validates a response body and returns its vectors in input order, L2-normalised. */
function readEmbeddings(response: unknown, expectedCount: number, dimensions: number, label: string): Float32Array[] {
  const bad = (problem: string): ClausegateError =>
    new ClausegateError('provider_bad_response', `${label}: the embeddings response ${problem}`, {
      hint: 'check that the server speaks the OpenAI embeddings API and that openai.embeddingDimensions is the size the model returns',
    });
  const data = (response as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw bad('has no data array');
  if (data.length !== expectedCount) throw bad(`holds ${data.length} embeddings for ${expectedCount} inputs`);
  const vectors: (Float32Array | undefined)[] = new Array(expectedCount).fill(undefined);
  for (const item of data as unknown[]) {
    const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= expectedCount) {
      throw bad(`has an item with index ${JSON.stringify(index)}, expected 0…${expectedCount - 1}`);
    }
    if (vectors[index] !== undefined) throw bad(`has index ${index} twice`);
    const values = decodeEmbedding(embedding);
    if (values === undefined) throw bad(`item ${index} has an embedding that is neither base64 float32 nor an array of numbers`);
    if (values.length !== dimensions) throw bad(`item ${index} has ${values.length} dimensions, expected ${dimensions}`);
    const vector = normalise(values);
    if (vector === undefined) throw bad(`item ${index} is not a usable vector (a non-finite number or all zeros)`);
    vectors[index] = vector;
  }
  return vectors as Float32Array[];
}

/** Reads a base64 string of little-endian float32 values, or an array of numbers. */
function decodeEmbedding(embedding: unknown): ArrayLike<number> | undefined {
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    if (bytes.length % 4 !== 0) return undefined;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const values = new Float64Array(bytes.length / 4);
    for (let index = 0; index < values.length; index += 1) values[index] = view.getFloat32(index * 4, true);
    return values;
  }
  if (Array.isArray(embedding) && embedding.every((value) => typeof value === 'number')) return embedding as number[];
  return undefined;
}

function normalise(values: ArrayLike<number>): Float32Array | undefined {
  let squares = 0;
  for (let index = 0; index < values.length; index += 1) squares += values[index]! * values[index]!;
  if (!Number.isFinite(squares) || squares === 0) return undefined;
  const scale = 1 / Math.sqrt(squares);
  const vector = new Float32Array(values.length);
  for (let index = 0; index < values.length; index += 1) vector[index] = values[index]! * scale;
  return vector;
}
