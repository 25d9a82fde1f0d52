import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClausegateError } from '../errors.ts';
import { CachedResponse, createResponseCache } from './response-cache.ts';
import type { CachedResponseValue } from './response-cache.ts';

const VALUE: CachedResponseValue = {
  model: 'gpt-4.1-2025-04-14',
  content: '{"answer":null,"confidence":null,"refusal":"No."}',
  finishReason: 'stop',
  promptTokens: 900,
  completionTokens: 12,
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'clausegate-response-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rejectionOf(promise: Promise<unknown>): Promise<ClausegateError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ClausegateError)) throw new Error(`expected a ClausegateError, got ${String(error)}`);
  return error;
}

describe('key', () => {
  const cache = () => createResponseCache({ dir, mode: 'off' });

  it('is the sha256 of a canonical JSON: key order does not matter', () => {
    const one = cache().key({ model: 'gpt-4.1', parameters: { temperature: 0, response_format: { type: 'json_schema', strict: true } }, prompt: 'p' });
    const two = cache().key({ model: 'gpt-4.1', parameters: { response_format: { strict: true, type: 'json_schema' }, temperature: 0 }, prompt: 'p' });
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(two).toBe(one);
  });

  it('changes with the model, any parameter and any byte of the prompt', () => {
    const base = { model: 'gpt-4.1', parameters: { temperature: 0 }, prompt: 'What is the fee?' };
    const key = cache().key(base);
    expect(cache().key({ ...base, model: 'gpt-4.1-mini' })).not.toBe(key);
    expect(cache().key({ ...base, parameters: { temperature: 0.1 } })).not.toBe(key);
    expect(cache().key({ ...base, prompt: 'What is the fee? ' })).not.toBe(key);
  });
});

describe('read-write mode', () => {
  it('misses, stores atomically, then hits', async () => {
    const cache = createResponseCache({ dir, mode: 'read-write' });
    const key = cache.key({ model: 'gpt-4.1', parameters: {}, prompt: 'p' });
    await expect(cache.get(key)).resolves.toBeUndefined();
    await cache.set(key, VALUE);
    await expect(cache.get(key)).resolves.toEqual(VALUE);
    expect(await readdir(dir)).toEqual([`${key}.json`]);
    const stored = CachedResponse.parse(JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')));
    expect(stored).toEqual({ schemaVersion: 1, key, ...VALUE });
  });

  it('creates the folder on the first write', async () => {
    const nested = path.join(dir, 'cache', 'responses');
    const cache = createResponseCache({ dir: nested, mode: 'read-write' });
    const key = cache.key({ model: 'm', parameters: null, prompt: 'p' });
    await cache.set(key, VALUE);
    await expect(cache.get(key)).resolves.toEqual(VALUE);
  });

  it('treats an invalid or foreign entry as a miss', async () => {
    const cache = createResponseCache({ dir, mode: 'read-write' });
    const key = cache.key({ model: 'm', parameters: {}, prompt: 'broken' });
    await writeFile(path.join(dir, `${key}.json`), '{"schemaVersion": 0}');
    await expect(cache.get(key)).resolves.toBeUndefined();
    const other = cache.key({ model: 'm', parameters: {}, prompt: 'other' });
    await writeFile(path.join(dir, `${key}.json`), JSON.stringify({ schemaVersion: 1, key: other, ...VALUE }));
    await expect(cache.get(key)).resolves.toBeUndefined();
    await writeFile(path.join(dir, `${key}.json`), 'not json');
    await expect(cache.get(key)).resolves.toBeUndefined();
    await cache.set(key, VALUE);
    await expect(cache.get(key)).resolves.toEqual(VALUE);
  });

  it('refuses to store an invalid value', async () => {
    const cache = createResponseCache({ dir, mode: 'read-write' });
    const key = cache.key({ model: 'm', parameters: {}, prompt: 'p' });
    await expect(cache.set(key, { ...VALUE, promptTokens: -1 })).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('replay mode', () => {
  it('fails a miss with cache_miss, naming the key and how to record it', async () => {
    const cache = createResponseCache({ dir, mode: 'replay' });
    const key = cache.key({ model: 'gpt-4.1', parameters: {}, prompt: 'never recorded' });
    const error = await rejectionOf(cache.get(key));
    expect(error.code).toBe('cache_miss');
    expect(error.message).toContain(key);
    expect(error.hint).toContain('"read-write"');
  });

  it('fails an invalid entry with cache_miss', async () => {
    const cache = createResponseCache({ dir, mode: 'replay' });
    const key = cache.key({ model: 'gpt-4.1', parameters: {}, prompt: 'p' });
    await writeFile(path.join(dir, `${key}.json`), '{}');
    const error = await rejectionOf(cache.get(key));
    expect(error.code).toBe('cache_miss');
    expect(error.message).toContain('not a valid cached response');
  });

  it('reads what read-write recorded and never writes', async () => {
    const recorder = createResponseCache({ dir, mode: 'read-write' });
    const key = recorder.key({ model: 'gpt-4.1', parameters: {}, prompt: 'p' });
    await recorder.set(key, VALUE);
    const replay = createResponseCache({ dir, mode: 'replay' });
    await expect(replay.get(key)).resolves.toEqual(VALUE);
    const other = replay.key({ model: 'gpt-4.1', parameters: {}, prompt: 'q' });
    await replay.set(other, VALUE);
    expect(await readdir(dir)).toEqual([`${key}.json`]);
  });
});

describe('off mode', () => {
  it('neither reads nor writes', async () => {
    const recorder = createResponseCache({ dir, mode: 'read-write' });
    const key = recorder.key({ model: 'gpt-4.1', parameters: {}, prompt: 'p' });
    await recorder.set(key, VALUE);
    const off = createResponseCache({ dir, mode: 'off' });
    await expect(off.get(key)).resolves.toBeUndefined();
    const other = off.key({ model: 'gpt-4.1', parameters: {}, prompt: 'q' });
    await off.set(other, VALUE);
    expect(await readdir(dir)).toEqual([`${key}.json`]);
  });
});

it('rejects a key that is not a sha256', async () => {
  const cache = createResponseCache({ dir, mode: 'read-write' });
  const error = await rejectionOf(cache.get('../../etc/passwd'));
  expect(error.code).toBe('internal');
});
