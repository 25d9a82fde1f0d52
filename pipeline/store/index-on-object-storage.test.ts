import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClausegateError } from '../errors.ts';
import { startS3Server, type TestS3Server } from '../testing/start-s3-server.ts';
import type { IndexStore } from './index-store.ts';
import { openIndex } from './open-index.ts';
import { readIndexManifest } from './read-index-manifest.ts';
import { createS3IndexStore, readS3Settings } from './s3-index-store.ts';
import { createFixtureContent, FIXTURE_EMBEDDER, fixtureVector } from './store-fixtures.ts';
import { writeIndex } from './write-index.ts';
import { beginIndexWrite } from './write-index-in-batches.ts';

const SOURCE = 'cme';
let server: TestS3Server;
let store: IndexStore;

beforeAll(async () => {
  server = await startS3Server();
  store = createS3IndexStore(`s3://${server.bucket}/indexes-${randomUUID()}`, readS3Settings(server.env));
});
afterAll(async () => {
  await server?.stop();
});

describe('an index on S3-compatible object storage (s3rver on loopback)', () => {
  it('is written, opened and searched as a local one is; a new version replaces it, and old versions are pruned', async () => {
    const first = createFixtureContent({ source: SOURCE, indexVersion: 'v1', count: 24, seed: 1 });
    const written = await writeIndex({ indexDir: store, source: SOURCE, ...first });
    expect(written.versionDir).toBe(`${store.root}/${SOURCE}/versions/v1`);
    const steps: string[] = [];
    await writeIndex({ indexDir: store, source: SOURCE, ...createFixtureContent({ source: SOURCE, indexVersion: 'v2', count: 24, seed: 2 }), onStep: (step) => void steps.push(step) });
    // No folder rename on object storage, but the pointer still switches last.
    expect(steps).toEqual(['table-written', 'files-written', 'version-renamed', 'pointer-switched', 'cleaned']);

    // The third, batched, version is what an ingest writes.
    const third = createFixtureContent({ source: SOURCE, indexVersion: 'v3', count: 30, seed: 3 });
    const writer = await beginIndexWrite({ indexDir: store, source: SOURCE, indexVersion: 'v3', dimensions: FIXTURE_EMBEDDER.dimensions });
    await writer.append(third.chunks.slice(0, 10), third.vectors.slice(0, 10));
    await writer.append(third.chunks.slice(10), third.vectors.slice(10));
    const published = await writer.publish(third.manifest, third.definitions);
    // v1 is neither current nor the one replaced: deleted from the bucket.
    expect(published.removed).toEqual(['v1']);
    expect(await store.list(`${store.root}/${SOURCE}/versions`)).toEqual(['v2', 'v3']);

    const index = await openIndex(store, SOURCE, { embedder: FIXTURE_EMBEDDER });
    try {
      expect(index.manifest.indexVersion).toBe('v3');
      expect(await index.readAllChunks()).toEqual(third.chunks);
      const hits = await index.searchVectors(third.vectors[7]!, 3);
      expect(hits[0]!.chunkId).toBe(third.chunks[7]!.chunkId);
      expect(index.searchKeywords(third.chunks[4]!.text, 1)[0]!.chunkId).toBeDefined();
      expect((await index.vectorsFor([third.chunks[12]!.chunkId])).get(third.chunks[12]!.chunkId)).toEqual(third.vectors[12]);
    } finally {
      await index.close();
    }
    expect((await readIndexManifest(store, SOURCE)).manifest.counts.chunks).toBe(30);
  });

  it('a write that fails before the switch leaves the previous version current and readable', async () => {
    const failing = createFixtureContent({ source: SOURCE, indexVersion: 'v4', count: 24, seed: 4 });
    const error = await writeIndex({
      indexDir: store,
      source: SOURCE,
      ...failing,
      onStep: (step) => {
        if (step === 'files-written') throw new Error('crash before the switch');
      },
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('crash before the switch');
    const index = await openIndex(store, SOURCE);
    try {
      expect(index.manifest.indexVersion).toBe('v3');
      expect((await index.searchVectors(fixtureVector(99, FIXTURE_EMBEDDER.dimensions), 2)).length).toBe(2);
    } finally {
      await index.close();
    }
    expect(await store.list(`${store.root}/${SOURCE}/versions`)).toEqual(['v2', 'v3']);
  });

  it('names the bucket location when a source was never ingested there', async () => {
    const error = await openIndex(store, 'never-ingested').catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'index_missing')).toBe(true);
    expect((error as Error).message).toContain(`${store.root}/never-ingested/CURRENT`);
  });
});
