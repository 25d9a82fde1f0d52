import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDocumentChunkReader } from './read-document-chunks.ts';
import { openIndex } from './open-index.ts';
import { createFixtureContent, FIXTURE_EMBEDDER } from './store-fixtures.ts';
import { beginIndexWrite } from './write-index-in-batches.ts';
import { writeIndex } from './write-index.ts';

describe('beginIndexWrite (the batch writer) and openDocumentChunkReader', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-batches-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('publishes, from batches, the same version writeIndex publishes from the whole', async () => {
    const content = createFixtureContent({ source: 'sample', indexVersion: 'v2', count: 40 });
    const whole = path.join(work, 'whole');
    const batched = path.join(work, 'batched');
    await writeIndex({ indexDir: whole, source: 'sample', ...content });
    const writer = await beginIndexWrite({ indexDir: batched, source: 'sample', indexVersion: 'v2', dimensions: FIXTURE_EMBEDDER.dimensions });
    for (let offset = 0; offset < 40; offset += 15) await writer.append(content.chunks.slice(offset, offset + 15), content.vectors.slice(offset, offset + 15));
    expect(writer.chunkCount).toBe(40);
    await writer.publish(content.manifest, content.definitions);

    for (const file of ['manifest.json', 'keyword-index.bin', 'definitions.json']) {
      expect(readFileSync(path.join(batched, 'sample/versions/v2', file), 'utf8')).toBe(readFileSync(path.join(whole, 'sample/versions/v2', file), 'utf8'));
    }
    const index = await openIndex(batched, 'sample', { embedder: FIXTURE_EMBEDDER });
    try {
      expect(await index.readAllChunks()).toEqual(content.chunks);
      const stored = await index.vectorsFor(content.chunks.map((chunk) => chunk.chunkId));
      expect(stored.get(content.chunks[33]!.chunkId)).toEqual(content.vectors[33]);
    } finally {
      await index.close();
    }

    // What an incremental ingest reuses: one document's chunks, in order, with their vectors.
    const reader = await openDocumentChunkReader({ uri: path.join(batched, 'sample/versions/v2') }, FIXTURE_EMBEDDER.dimensions);
    try {
      const docHash = content.chunks[1]!.docHash;
      const found = await reader.read([docHash, 'not-a-hash', 'f'.repeat(64)]);
      expect([...found.keys()]).toEqual([docHash]);
      const expected = content.chunks.filter((chunk) => chunk.docHash === docHash);
      expect(found.get(docHash)!.chunks).toEqual(expected);
      expect(found.get(docHash)!.vectors[2]).toEqual(content.vectors[content.chunks.indexOf(expected[2]!)]);
    } finally {
      reader.close();
    }
  });

  it('an aborted write leaves the current version current and no folder behind; a bad batch is refused', async () => {
    const first = createFixtureContent({ source: 'sample', indexVersion: 'v1', count: 10 });
    await writeIndex({ indexDir: work, source: 'sample', ...first });
    const next = createFixtureContent({ source: 'sample', indexVersion: 'v2', count: 10, seed: 2 });
    const writer = await beginIndexWrite({ indexDir: work, source: 'sample', indexVersion: 'v2', dimensions: FIXTURE_EMBEDDER.dimensions });
    await writer.append(next.chunks.slice(0, 5), next.vectors.slice(0, 5));
    await expect(writer.append(next.chunks.slice(0, 1), next.vectors.slice(0, 1))).rejects.toThrow(/occurs twice/);
    await expect(writer.append(next.chunks.slice(5, 6), [new Float32Array(3)])).rejects.toThrow(/3 dimensions/);
    await writer.abort();
    expect(readdirSync(path.join(work, 'sample/versions'))).toEqual(['v1']);
    const index = await openIndex(work, 'sample');
    try {
      expect(index.manifest.indexVersion).toBe('v1');
      expect(index.chunkCount).toBe(10);
    } finally {
      await index.close();
    }
  });
});
