import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClausegateConfig, createEmbedder, ingestSource } from '../../pipeline/index.ts';
import { startS3Server, type TestS3Server } from '../../pipeline/testing/start-s3-server.ts';
import { createService, type Service } from '../create-service.ts';
import { loadServiceSettings } from '../settings/service-settings.ts';
import { call, KEYS, SAMPLE_ROOT } from '../testing/create-test-service.ts';
import { startRedisServer, type TestRedis } from '../testing/start-redis-server.ts';
import { hashKey } from '../tenants/tenant-registry.ts';

// Two replicas of the service read one index on S3-compatible object storage (a real s3rver on
// loopback) and share one real redis-server: a reindex through one is served by both.

const FEE = 'What is the monthly fee for a non-professional display device?';
const NEW_CLAUSE = 'What is the archive retrieval fee?';
const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };

describe('two replicas over one index on object storage, sharing one Redis', () => {
  let s3: TestS3Server;
  let redis: TestRedis;
  let dir: string;
  let documents: string;
  let config: ClausegateConfig;
  const replicas: { service: Service; url: string }[] = [];
  const savedEnv: Record<string, string | undefined> = {};
  const ask = (url: string, query = FEE) => call(url, 'POST', '/api/v1/rag/query', { key: KEYS.harbour, body: { query } });

  beforeAll(async () => {
    [s3, redis] = await Promise.all([startS3Server(), startRedisServer()]);
    // The store of an s3:// location reads its endpoint and keys from the process environment, as a deployed replica does.
    for (const [name, value] of Object.entries(s3.env)) {
      savedEnv[name] = process.env[name];
      process.env[name] = value;
    }
    dir = mkdtempSync(path.join(tmpdir(), 'clausegate-replicas-'));
    documents = path.join(dir, 'documents');
    cpSync(SAMPLE_ROOT, documents, { recursive: true });
    config = ClausegateConfig.parse({
      paths: { indexDir: `s3://${s3.bucket}/replicas-${randomUUID()}/index`, logDir: path.join(dir, 'logs'), cacheDir: path.join(dir, 'cache') },
      sources: { sample: { root: documents, refusal: 'This is not addressed in the provided Harbourview documents.', documentHints: ['harbourview', 'fee schedule'] } },
    });
    await ingestSource({ source: 'sample', root: documents, config, embedder: createEmbedder(config, environment), now: () => new Date() });
    const tenantsFile = path.join(dir, 'tenants.json');
    writeFileSync(tenantsFile, JSON.stringify({ schemaVersion: 1, adminKeySha256: hashKey(KEYS.admin), tenants: [{ id: 'harbour', apiKeySha256: hashKey(KEYS.harbour), sources: ['sample'], canSeeConfidential: true }] }));
    for (const name of ['a', 'b']) {
      const settings = loadServiceSettings({
        RAG_PORT: '0',
        RAG_TENANTS_FILE: tenantsFile,
        RAG_REDIS_URL: redis.url,
        // No polling: replica B learns of A's reindex from the announcement on Redis alone.
        RAG_INDEX_POLL_SECONDS: '0',
        RAG_RATE_LIMIT_PER_MINUTE: '1000000',
        RAG_DATA_DIR: path.join(dir, `service-${name}`),
      });
      const service = await createService({ settings, config, environment, cwd: dir, logger: false });
      replicas.push({ service, url: await service.listen() });
    }
  });
  afterAll(async () => {
    for (const { service } of replicas) await service.close();
    await redis?.stop();
    await s3?.stop();
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('both replicas answer from the same version; a reindex through A is served by both; a load spread over both has 0 errors', async () => {
    const [a, b] = replicas as [{ service: Service; url: string }, { service: Service; url: string }];
    const first = await ask(a.url);
    expect(first.status).toBe(200);
    const version1 = first.body.provenance.index_version as string;
    expect(first.body.answer).toContain('$3.50');
    const fromB = await ask(b.url);
    expect(fromB.body.provenance.index_version).toBe(version1);
    // One shared cache: B answers the question A just answered from it.
    expect(fromB.body.flags.cache_hit).toBe(true);
    expect((await ask(b.url, NEW_CLAUSE)).body.citations.map((citation: { doc: string }) => citation.doc)).not.toContain('archive-addendum.txt');

    // A document added to the source, then a reindex through replica A only.
    writeFileSync(path.join(documents, 'archive-addendum.txt'), 'Archive Addendum (fictional sample document)\n\n1. Archive Retrieval\nThe archive retrieval fee is $41.00 per retrieval request for historical Market Data older than 5 years.\n');
    const reindex = await call(a.url, 'POST', '/api/v1/rag/admin/reindex', { key: KEYS.admin, body: { source: 'sample' } });
    expect(reindex.status).toBe(200);
    const version2 = reindex.body.index_version as string;
    expect(version2).not.toBe(version1);
    expect((await ask(a.url)).body.provenance.index_version).toBe(version2);

    let fromBAfter = await ask(b.url, NEW_CLAUSE);
    for (let attempt = 0; attempt < 100 && fromBAfter.body.provenance.index_version !== version2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fromBAfter = await ask(b.url, NEW_CLAUSE);
    }
    expect(fromBAfter.body.provenance.index_version).toBe(version2);
    expect(fromBAfter.body.refused).toBe(false);
    expect(fromBAfter.body.answer).toContain('$41.00');
    expect(fromBAfter.body.citations.map((citation: { doc: string }) => citation.doc)).toContain('archive-addendum.txt');
    expect(b.service.state.indexes.indexVersion('sample')).toBe(version2);

    // A short loopback load spread over both replicas at once: every request answered, from the new version.
    const bodies = [FEE, NEW_CLAUSE].map((query) => JSON.stringify({ query }));
    const load = (url: string) =>
      autocannon({
        url,
        connections: 4,
        amount: 300,
        timeout: 40,
        requests: bodies.map((body) => ({ method: 'POST' as const, path: '/api/v1/rag/query', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.harbour}` }, body })),
      });
    const results = await Promise.all([load(a.url), load(b.url)]);
    for (const result of results) {
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result['2xx']).toBe(300);
    }
    for (const { url } of replicas) expect((await ask(url)).body.provenance.index_version).toBe(version2);

    // A version published outside the replicas (an ingest from the command line, no announcement) is
    // found by the pointer check the poll runs (RAG_INDEX_POLL_SECONDS; run at once here).
    const outside = await ingestSource({ source: 'sample', root: documents, config, embedder: createEmbedder(config, environment), now: () => new Date() });
    await Promise.all(replicas.map(({ service }) => service.state.versions.checkNow()));
    for (const { url } of replicas) expect((await ask(url)).body.provenance.index_version).toBe(outside.indexVersion);
  });
});
