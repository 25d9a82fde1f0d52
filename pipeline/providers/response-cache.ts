import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ClausegateError } from '../errors.ts';

/**
 * One cached provider response on disk: the reply exactly as the provider gave it (the assistant
 * message text, re-parsed on every hit) and the numbers its telemetry needs. Only successful,
 * valid replies are ever stored.
 */
export const CachedResponse = z
  .object({
    schemaVersion: z.literal(1),
    /** The cache key this entry answers (sha256 hex); checked on read. */
    key: z.string().regex(/^[0-9a-f]{64}$/),
    /** The model that answered, as the provider reported it. */
    model: z.string().min(1),
    /** The assistant message text. */
    content: z.string(),
    finishReason: z.string(),
    promptTokens: z.number().int().min(0),
    completionTokens: z.number().int().min(0),
  })
  .strict();
export type CachedResponse = z.infer<typeof CachedResponse>;

/** What a provider stores: a cached response without the fields the cache fills in. */
export type CachedResponseValue = Omit<CachedResponse, 'schemaVersion' | 'key'>;

/** What identifies a provider request: the model, every request parameter that shapes the reply, and the prompt bytes. */
export interface ResponseCacheKeyParts {
  model: string;
  parameters: unknown;
  prompt: string;
}

/**
 * `read-write` reads hits and stores new successful responses; `replay` only reads, and a miss is a
 * `cache_miss` error (for runs that must not call the provider); `off` neither reads nor writes.
 */
export type ResponseCacheMode = 'read-write' | 'replay' | 'off';

/** A cache of provider responses keyed by what was sent. */
export interface ResponseCache {
  readonly mode: ResponseCacheMode;
  /** sha256 (hex) of the canonical JSON (sorted keys, no spaces) of `{ model, parameters, prompt }`. */
  key(parts: ResponseCacheKeyParts): string;
  /**
   * The stored response for `key`, or undefined on a miss (always undefined in `off` mode). In
   * `replay` mode a miss, or an entry that fails validation, throws `ClausegateError('cache_miss')`;
   * in `read-write` mode an invalid entry counts as a miss and is overwritten by the next `set`.
   */
  get(key: string): Promise<CachedResponseValue | undefined>;
  /** Stores a successful response atomically (temporary file, then rename). A no-op in `replay` and `off` modes. */
  set(key: string, value: CachedResponseValue): Promise<void>;
}

/** Options of `createResponseCache`. */
export interface ResponseCacheOptions {
  /** The folder holding one `<key>.json` file per response (the factories use `<paths.cacheDir>/responses`). */
  dir: string;
  mode: ResponseCacheMode;
}

/**
 * Creates the response cache: one JSON file per key under `dir`, validated with `CachedResponse`
 * (and its `schemaVersion`) on every read. The folder is created on the first write.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { dir, mode } = options;
  let temporaryCounter = 0;
  const fileOf = (key: string) => {
    if (!/^[0-9a-f]{64}$/.test(key)) {
      throw new ClausegateError('internal', `response cache key must be 64 lowercase hex digits, got ${JSON.stringify(key)}`);
    }
    return path.join(dir, `${key}.json`);
  };

  const replayMiss = (key: string, why: string) =>
    new ClausegateError('cache_miss', `replay mode: no usable cached response for key ${key} (${why}) in ${dir}`, {
      hint: 'record it by running once with generation.cache set to "read-write" (and a provider key), then replay again',
      location: { file: fileOf(key) },
    });

  return {
    mode,
    key(parts) {
      const canonical = canonicalJson({ model: parts.model, parameters: parts.parameters, prompt: parts.prompt });
      return createHash('sha256').update(canonical, 'utf8').digest('hex');
    },
    async get(key) {
      const file = fileOf(key);
      if (mode === 'off') return undefined;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        if (mode === 'replay') throw replayMiss(key, 'not recorded');
        return undefined;
      }
      let parsed: ReturnType<typeof CachedResponse.safeParse>;
      try {
        parsed = CachedResponse.safeParse(JSON.parse(text));
      } catch {
        parsed = CachedResponse.safeParse(undefined);
      }
      if (!parsed.success || parsed.data.key !== key) {
        if (mode === 'replay') throw replayMiss(key, parsed.success ? 'the entry belongs to another key' : 'the entry is not a valid cached response');
        return undefined;
      }
      const { model, content, finishReason, promptTokens, completionTokens } = parsed.data;
      return { model, content, finishReason, promptTokens, completionTokens };
    },
    async set(key, value) {
      const file = fileOf(key);
      if (mode !== 'read-write') return;
      const entry: CachedResponse = CachedResponse.parse({ schemaVersion: 1, key, ...value });
      await mkdir(dir, { recursive: true });
      temporaryCounter += 1;
      const temporary = path.join(dir, `.${key}.${process.pid}.${temporaryCounter}.tmp`);
      try {
        await writeFile(temporary, `${JSON.stringify(entry, null, 2)}\n`, 'utf8');
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/** JSON with object keys sorted at every level and no whitespace, so equal values give equal bytes. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}
