import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClausegateError } from '../errors.ts';
import { IndexManifest } from './index-manifest.ts';
import { KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION } from './keyword-index.ts';
import { openIndex, type SearchableIndex } from './open-index.ts';
import { readIndexManifest } from './read-index-manifest.ts';
import { createFixtureContent, FIXTURE_EMBEDDER } from './store-fixtures.ts';
import { writeIndex, type WriteIndexStep } from './write-index.ts';

const SOURCE = 'cme';
let indexDir: string;

beforeEach(async () => {
  indexDir = await mkdtemp(path.join(tmpdir(), 'clausegate-store-'));
});
afterEach(async () => {
  await rm(indexDir, { recursive: true, force: true });
});

async function writeFixture(indexVersion: string, options: { count?: number; seed?: number } = {}) {
  const content = createFixtureContent({ source: SOURCE, indexVersion, ...options });
  const result = await writeIndex({ indexDir, source: SOURCE, ...content });
  return { content, result };
}

async function versionFolders(): Promise<string[]> {
  return (await readdir(path.join(indexDir, SOURCE, 'versions'))).sort();
}

/** Every observable answer of an index, to compare two opens of the same version. */
async function snapshotSearches(index: SearchableIndex, queryVectors: Float32Array[]) {
  return {
    manifest: index.manifest,
    chunks: await index.readAllChunks(),
    definitions: index.definitions,
    keywords: ['$134.50 device fee', 'Subscriber means', '4+ applications', 'records retain audit'].map((query) => index.searchKeywords(query, 5)),
    vectors: await Promise.all(queryVectors.map((vector) => index.searchVectors(vector, 5))),
  };
}

describe('writeIndex → openIndex', () => {
  it('stores chunks, vectors, keywords and definitions, and searches them both ways', async () => {
    const { content, result } = await writeFixture('v1');
    expect(result.versionDir).toBe(path.join(indexDir, SOURCE, 'versions', 'v1'));
    expect(existsSync(path.join(result.versionDir, 'chunks.lance'))).toBe(true);

    const index = await openIndex(indexDir, SOURCE, { embedder: FIXTURE_EMBEDDER });
    expect(index.manifest.keywordIndex).toEqual({ kind: KEYWORD_INDEX_KIND, version: KEYWORD_INDEX_VERSION });
    expect(index.manifest.indexVersion).toBe('v1');
    expect(await index.readAllChunks()).toEqual(content.chunks);
    expect(index.definitions).toEqual(content.definitions);
    expect(index.definitions.map((entry) => entry.term)).toEqual(['Subscriber', 'Unit of Count']);

    // Vector search: the query equal to a stored vector finds its chunk first, similarity ≈ 1.
    const target = content.chunks[5]!;
    const hits = await index.searchVectors(content.vectors[5]!, 3);
    expect(hits[0]!.chunkId).toBe(target.chunkId);
    expect(hits[0]!.similarity).toBeCloseTo(1, 6);
    expect(hits).toHaveLength(3);
    for (const hit of hits) expect(Math.abs(hit.similarity)).toBeLessThanOrEqual(1);
    expect(hits[1]!.similarity).toBeGreaterThanOrEqual(hits[2]!.similarity);
    const negated = content.vectors[5]!.map((value) => -value);
    expect((await index.searchVectors(negated, 8)).at(-1)).toEqual({ chunkId: target.chunkId, similarity: expect.closeTo(-1, 6) });

    // Keyword search over heading + text, money kept whole.
    const feeHits = index.searchKeywords('What is the real-time device fee of $134.50?', 3);
    expect(feeHits[0]!.chunkId).toBe(content.chunks[0]!.chunkId);
    // The section heading is indexed with the text: only document 0's four chunks carry "Tariff".
    expect(index.searchKeywords('tariff', 10).map((hit) => hit.chunkId).sort()).toEqual(content.chunks.filter((chunk) => chunk.sectionHeading !== '').map((chunk) => chunk.chunkId).sort());

    // Stored vectors come back exactly, for reuse by the ingest.
    const stored = await index.vectorsFor([content.chunks[2]!.chunkId, 'no-such-chunk']);
    expect([...stored.keys()]).toEqual([content.chunks[2]!.chunkId]);
    expect(stored.get(content.chunks[2]!.chunkId)).toEqual(content.vectors[2]);
    await index.close();
    await index.close();
    await expect(index.searchVectors(content.vectors[0]!, 1)).rejects.toThrow(/closed/);
  });

  it('breaks vector ties by chunk id', async () => {
    const content = createFixtureContent({ source: SOURCE, indexVersion: 'v1' });
    content.vectors[3] = content.vectors[6]!.slice();
    await writeIndex({ indexDir, source: SOURCE, ...content });
    const index = await openIndex(indexDir, SOURCE);
    const hits = await index.searchVectors(content.vectors[6]!, 2);
    const expected = [content.chunks[3]!.chunkId, content.chunks[6]!.chunkId].sort();
    expect(hits.map((hit) => hit.chunkId)).toEqual(expected);
    expect(hits[0]!.similarity).toBe(hits[1]!.similarity);
  });

  it('writes a manifest that parses with the schema, last and with schemaVersion', async () => {
    const { result } = await writeFixture('v1');
    const manifest = IndexManifest.parse(JSON.parse(await readFile(path.join(result.versionDir, 'manifest.json'), 'utf8')));
    expect(manifest.schemaVersion).toBe(1);
    expect(await readIndexManifest(indexDir, SOURCE)).toMatchObject({ manifest, versionDir: result.versionDir });
    const pointer = JSON.parse(await readFile(path.join(indexDir, SOURCE, 'CURRENT'), 'utf8'));
    expect(pointer).toEqual({ schemaVersion: 1, indexVersion: 'v1' });
  });

  it('switches readers to the new version and keeps exactly one previous version', async () => {
    await writeFixture('v1', { seed: 1 });
    const first = await openIndex(indexDir, SOURCE);
    const { content: second } = await writeFixture('v2', { seed: 2, count: 12 });
    expect(await versionFolders()).toEqual(['v1', 'v2']);

    const reopened = await openIndex(indexDir, SOURCE);
    expect(reopened.manifest.indexVersion).toBe('v2');
    expect(reopened.chunkCount).toBe(12);
    expect((await reopened.searchVectors(second.vectors[11]!, 1))[0]!.chunkId).toBe(second.chunks[11]!.chunkId);
    // An index opened before the switch keeps answering from its own version.
    expect(first.manifest.indexVersion).toBe('v1');
    expect(first.chunkCount).toBe(8);

    const { result } = await writeFixture('v3', { seed: 3 });
    expect(result.removed).toEqual(['v1']);
    expect(await versionFolders()).toEqual(['v2', 'v3']);
  });

  it('writes and opens an index without chunks (a source where nothing could be read)', async () => {
    const content = createFixtureContent({ source: SOURCE, indexVersion: 'v1', count: 0 });
    await writeIndex({ indexDir, source: SOURCE, ...content });
    const index = await openIndex(indexDir, SOURCE);
    expect(index.chunkCount).toBe(0);
    expect(await index.searchVectors(new Float32Array(FIXTURE_EMBEDDER.dimensions).fill(0.25), 5)).toEqual([]);
    expect(index.searchKeywords('fee', 5)).toEqual([]);
  });

  it('refuses inconsistent input as a bug of the caller', async () => {
    const content = createFixtureContent({ source: SOURCE, indexVersion: 'v1' });
    const attempts = [
      { ...content, vectors: content.vectors.slice(1) },
      { ...content, vectors: content.vectors.map((vector) => vector.slice(1)) },
      { ...content, manifest: { ...content.manifest, counts: { ...content.manifest.counts, chunks: 99 } } },
      { ...content, chunks: [...content.chunks.slice(1), content.chunks[1]!], manifest: content.manifest },
      { ...content, manifest: { ...content.manifest, indexVersion: '../escape' } },
    ];
    for (const attempt of attempts) {
      await expect(writeIndex({ indexDir, source: SOURCE, ...attempt })).rejects.toMatchObject({ code: 'internal' });
    }
    await expect(writeIndex({ indexDir, source: '../other', ...content })).rejects.toMatchObject({ code: 'input_invalid' });
  });
});

describe('writeIndex atomicity', () => {
  const childScript = fileURLToPath(new URL('./write-index-child.fixture.ts', import.meta.url));

  /** Runs a child process that writes `indexVersion`, and SIGKILLs it once it reports reaching `step`. */
  function killChildAt(indexVersion: string, step: WriteIndexStep): Promise<NodeJS.Signals | null> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', childScript, indexDir, SOURCE, indexVersion, '600', '7', step], {
        cwd: path.resolve(path.dirname(childScript), '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let errors = '';
      child.stdout.on('data', (data: Buffer) => {
        output += data.toString();
        if (output.includes(`reached ${step}`)) child.kill('SIGKILL');
      });
      child.stderr.on('data', (data: Buffer) => {
        errors += data.toString();
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (signal === 'SIGKILL') resolve(signal);
        else reject(new Error(`the child exited with ${code} before reaching ${step}: ${output}${errors}`));
      });
    });
  }

  for (const step of ['table-written', 'files-written', 'version-renamed'] as const) {
    it(`a write killed (SIGKILL) after "${step}" leaves the previous version current and intact`, async () => {
      const { content } = await writeFixture('v1');
      const queries = [content.vectors[0]!, content.vectors[4]!];
      const before = await snapshotSearches(await openIndex(indexDir, SOURCE), queries);

      expect(await killChildAt('v2', step)).toBe('SIGKILL');
      const leftover = step === 'version-renamed' ? 'v2' : 'v2.partial';
      expect(await versionFolders()).toEqual(['v1', leftover]);

      const after = await openIndex(indexDir, SOURCE, { embedder: FIXTURE_EMBEDDER });
      expect(after.manifest.indexVersion).toBe('v1');
      expect(await snapshotSearches(after, queries)).toEqual(before);

      // The next write cleans what the crash left.
      const { result } = await writeFixture('v3', { seed: 3 });
      expect(result.removed).toContain(leftover);
      expect(await versionFolders()).toEqual(['v1', 'v3']);
      expect((await openIndex(indexDir, SOURCE)).manifest.indexVersion).toBe('v3');
    });
  }

  it('a write that fails before the switch removes its folder and leaves the previous version current', async () => {
    const { content } = await writeFixture('v1');
    const before = await snapshotSearches(await openIndex(indexDir, SOURCE), [content.vectors[1]!]);
    const failing = createFixtureContent({ source: SOURCE, indexVersion: 'v2', seed: 2 });
    await expect(
      writeIndex({
        indexDir,
        source: SOURCE,
        ...failing,
        onStep: (step) => {
          if (step === 'files-written') throw new Error('disk full (injected)');
        },
      }),
    ).rejects.toThrow('disk full (injected)');
    expect(await versionFolders()).toEqual(['v1']);
    expect(await snapshotSearches(await openIndex(indexDir, SOURCE), [content.vectors[1]!])).toEqual(before);
  });

  it('a write of the version that is already current is refused', async () => {
    await writeFixture('v1');
    await expect(writeFixture('v1')).rejects.toSatisfy((error: unknown) => isClausegateError(error, 'internal'));
    expect((await openIndex(indexDir, SOURCE)).manifest.indexVersion).toBe('v1');
  });
});
