import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isClausegateError } from '../errors.ts';
import { startS3Server } from '../testing/start-s3-server.ts';
import { testIndexStore } from './index-store.contract.ts';
import { resolveIndexStore } from './index-store.ts';
import { createLocalIndexStore } from './local-index-store.ts';
import { createS3IndexStore, readS3Settings } from './s3-index-store.ts';

testIndexStore('local folder', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'clausegate-store-'));
  return { store: createLocalIndexStore(root), close: () => rm(root, { recursive: true, force: true }) };
});

testIndexStore('S3 (s3rver on loopback)', async () => {
  const server = await startS3Server();
  return { store: createS3IndexStore(`s3://${server.bucket}/contract-${randomUUID()}`, readS3Settings(server.env)), close: () => server.stop() };
}, { replacesAtomically: false });

describe('resolveIndexStore and the S3 settings', () => {
  it('takes a path for a local folder and an s3:// URI for object storage', () => {
    expect(resolveIndexStore('.clausegate/index').renamesFolders).toBe(true);
    expect(resolveIndexStore('.clausegate/index').root).toBe(path.resolve('.clausegate/index'));
    const store = resolveIndexStore('s3://bucket-name/some/prefix/', { AWS_REGION: 'eu-west-1' });
    expect(store.renamesFolders).toBe(false);
    expect(store.root).toBe('s3://bucket-name/some/prefix');
    expect(store.join(store.root, 'sample', 'CURRENT')).toBe('s3://bucket-name/some/prefix/sample/CURRENT');
    expect(store.database(store.join(store.root, 'v1')).storageOptions).toEqual({ aws_region: 'eu-west-1', allow_http: 'false' });
  });

  it('passes the endpoint and keys to LanceDB, never into a location', () => {
    const settings = readS3Settings({ RAG_S3_ENDPOINT: 'http://127.0.0.1:9000/', RAG_S3_ALLOW_HTTP: 'true', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret-value' });
    expect(settings).toEqual({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', allowHttp: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret-value' } });
    const store = createS3IndexStore('s3://bucket-name/p', settings);
    const database = store.database(store.join(store.root, 'v1'));
    expect(database.uri).toBe('s3://bucket-name/p/v1');
    expect(database.storageOptions).toMatchObject({ aws_endpoint: 'http://127.0.0.1:9000', allow_http: 'true', aws_access_key_id: 'id', aws_secret_access_key: 'secret-value' });
  });

  it('refuses a plain-HTTP endpoint unless allowed, half a key pair, and a bad flag, naming the variable and never the secret', () => {
    const refused = (env: Record<string, string>) => {
      try {
        readS3Settings(env);
      } catch (error) {
        if (isClausegateError(error, 'env_invalid')) return error.message;
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refused({ RAG_S3_ENDPOINT: 'http://minio.local:9000' })).toMatch(/RAG_S3_ENDPOINT is a plain-HTTP URL.*RAG_S3_ALLOW_HTTP/);
    expect(refused({ RAG_S3_ENDPOINT: 'not a url' })).toMatch(/RAG_S3_ENDPOINT is not a URL/);
    expect(refused({ RAG_S3_ALLOW_HTTP: 'yes' })).toMatch(/RAG_S3_ALLOW_HTTP must be true or false/);
    const half = refused({ AWS_SECRET_ACCESS_KEY: 'top-secret-value' });
    expect(half).toMatch(/AWS_ACCESS_KEY_ID is not set/);
    expect(half).not.toContain('top-secret-value');
    expect(refused({ RAG_S3_ENDPOINT: 'https://user:pw-secret@minio.local' })).not.toContain('pw-secret');
  });

  it('says which location could not be reached, and what to check', async () => {
    const store = createS3IndexStore('s3://bucket-name/p', readS3Settings({ RAG_S3_ENDPOINT: 'http://127.0.0.1:9', RAG_S3_ALLOW_HTTP: 'true', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret-value' }));
    const error = await store.writeText(store.join(store.root, 'CURRENT'), '{}').catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'provider_unreachable')).toBe(true);
    expect((error as Error).message).toContain('s3://bucket-name/p/CURRENT');
    expect((error as Error).message).not.toContain('secret-value');
  });
});
