import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClausegateError } from '../errors.ts';
import { createKeywordIndex, KEYWORD_INDEX_KIND } from './keyword-index.ts';
import { encodeKeywordIndex } from './keyword-index-file.ts';
import { openIndex } from './open-index.ts';
import { readIndexManifest } from './read-index-manifest.ts';
import { createFixtureContent, FIXTURE_EMBEDDER } from './store-fixtures.ts';
import { writeIndex } from './write-index.ts';

const SOURCE = 'sample';
let indexDir: string;
let versionDir: string;

beforeEach(async () => {
  indexDir = await mkdtemp(path.join(tmpdir(), 'clausegate-open-'));
  ({ versionDir } = await writeIndex({ indexDir, source: SOURCE, ...createFixtureContent({ source: SOURCE, indexVersion: 'v1' }) }));
});
afterEach(async () => {
  await rm(indexDir, { recursive: true, force: true });
});

async function openError(promise: Promise<unknown>): Promise<ClausegateError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ClausegateError);
  return error as ClausegateError;
}

describe('SearchableIndex (contract, over a real LanceDB table)', () => {
  it('searchVectors ranks like exhaustive float64 cosine search, ties by chunk id', async () => {
    const content = createFixtureContent({ source: SOURCE, indexVersion: 'v1' });
    const index = await openIndex(indexDir, SOURCE);
    for (const [queryRow, k] of [[0, 3], [5, 8], [2, 50]] as const) {
      const query = content.vectors[queryRow]!;
      const exact = content.chunks
        .map((chunk, row) => ({ chunkId: chunk.chunkId, similarity: content.vectors[row]!.reduce((sum, value, at) => sum + value * query[at]!, 0) }))
        .sort((left, right) => right.similarity - left.similarity || (left.chunkId < right.chunkId ? -1 : 1))
        .slice(0, k);
      const hits = await index.searchVectors(query, k);
      expect(hits.map((hit) => hit.chunkId)).toEqual(exact.map((hit) => hit.chunkId));
      hits.forEach((hit, rank) => expect(hit.similarity).toBeCloseTo(exact[rank]!.similarity, 6));
    }
    expect(await index.searchVectors(content.vectors[0]!, 0)).toEqual([]);
    await index.close();
  });

  it('vectorsFor reads stored vectors by id, in the order asked, and never puts an unknown or malformed id in a filter', async () => {
    const content = createFixtureContent({ source: SOURCE, indexVersion: 'v1' });
    const index = await openIndex(indexDir, SOURCE);
    const wanted = [content.chunks[3]!.chunkId, content.chunks[0]!.chunkId];
    const vectors = await index.vectorsFor([...wanted, 'nope', "x' OR chunk_id != '", `${wanted[0]}' OR '1'='1`]);
    expect([...vectors.keys()]).toEqual(wanted);
    expect(Array.from(vectors.get(wanted[0]!)!)).toEqual(Array.from(content.vectors[3]!));
    expect((await index.readChunks([wanted[1]!])).get(wanted[1]!)).toEqual(content.chunks[0]);
    expect(index.manifest.store).toEqual({ format: 5, vectorIndex: 'flat' });
    await index.close();
    await expect(index.searchVectors(content.vectors[0]!, 3)).rejects.toThrow(/was closed/);
  });
});

describe('openIndex errors', () => {
  it('index_missing names the source and the command that builds it', async () => {
    const error = await openError(openIndex(indexDir, 'cme'));
    expect(error.code).toBe('index_missing');
    expect(error.message).toContain('"cme"');
    expect(error.hint).toBe('build it with: npx harness ingest --source cme');
    expect((await openError(readIndexManifest(path.join(indexDir, 'nowhere'), 'cme'))).code).toBe('index_missing');
  });

  it('index_embedder_mismatch names the embedder of the index and the one of the query', async () => {
    const openai = { name: 'openai', model: 'text-embedding-3-large', dimensions: 3072, version: '1' };
    const error = await openError(openIndex(indexDir, SOURCE, { embedder: openai }));
    expect(error.code).toBe('index_embedder_mismatch');
    expect(error.message).toBe(
      'the index of source "sample" was built with fixture-embedder/seeded-random (16 dims, version 1), but is queried with openai/text-embedding-3-large (3072 dims, version 1)',
    );
    expect(error.hint).toContain('npx harness ingest --source sample');

    const newerVersion = { ...FIXTURE_EMBEDDER, version: '2' };
    expect((await openError(openIndex(indexDir, SOURCE, { embedder: newerVersion }))).code).toBe('index_embedder_mismatch');
    await expect(openIndex(indexDir, SOURCE, { embedder: { ...FIXTURE_EMBEDDER } })).resolves.toBeDefined();
  });

  it('index_embedder_mismatch for a query vector of another width', async () => {
    const index = await openIndex(indexDir, SOURCE);
    const error = await openError(index.searchVectors(new Float32Array(8), 3));
    expect(error.code).toBe('index_embedder_mismatch');
  });

  it('index_corrupt for a manifest that is not JSON, naming the file', async () => {
    const manifestFile = path.join(versionDir, 'manifest.json');
    await writeFile(manifestFile, '{ "schemaVersion": 1, ');
    const error = await openError(openIndex(indexDir, SOURCE));
    expect(error.code).toBe('index_corrupt');
    expect(error.location?.file).toBe(manifestFile);
    expect(error.message).toContain('is not valid JSON');
    expect(error.hint).toContain('npx harness ingest --source sample');
    expect((await openError(readIndexManifest(indexDir, SOURCE))).code).toBe('index_corrupt');
  });

  it('index_corrupt for a manifest that breaks the schema, saying which field', async () => {
    const manifestFile = path.join(versionDir, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    delete manifest.embedder;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const error = await openError(openIndex(indexDir, SOURCE));
    expect(error.code).toBe('index_corrupt');
    expect(error.message).toContain('embedder');
  });

  it('index_corrupt for a missing keyword index, a damaged pointer, or a missing table', async () => {
    const keywordFile = path.join(versionDir, 'keyword-index.bin');
    const keywordContent = await readFile(keywordFile);
    await rm(keywordFile);
    expect((await openError(openIndex(indexDir, SOURCE))).message).toMatch(/keyword-index\.bin is missing/);
    await writeFile(keywordFile, keywordContent.subarray(0, keywordContent.length - 1));
    const truncated = await openError(openIndex(indexDir, SOURCE));
    expect(truncated.code).toBe('index_corrupt');
    expect(truncated.message).toMatch(/keyword-index\.bin is \d+ bytes, its header describes \d+: truncated or damaged/);
    await writeFile(keywordFile, keywordContent);

    const documentStatisticsFile = path.join(versionDir, 'document-statistics.bin');
    const documentStatistics = await readFile(documentStatisticsFile);
    await rm(documentStatisticsFile);
    const missing = await openError(openIndex(indexDir, SOURCE));
    expect(missing.code).toBe('index_corrupt');
    expect(missing.message).toMatch(/document-statistics\.bin is missing/);
    expect(missing.hint).toBe('rebuild it: npx harness ingest --source sample (a new version replaces the damaged one)');
    await writeFile(documentStatisticsFile, documentStatistics.subarray(0, documentStatistics.length - 4));
    expect((await openError(openIndex(indexDir, SOURCE))).message).toMatch(/document-statistics\.bin is \d+ bytes, its header describes \d+: truncated or damaged/);
    await writeFile(documentStatisticsFile, documentStatistics);

    await writeFile(path.join(indexDir, SOURCE, 'CURRENT'), 'v1');
    expect((await openError(openIndex(indexDir, SOURCE))).code).toBe('index_corrupt');

    await writeFile(path.join(indexDir, SOURCE, 'CURRENT'), JSON.stringify({ schemaVersion: 1, indexVersion: 'v1' }));
    await rm(path.join(versionDir, 'chunks.lance'), { recursive: true });
    const error = await openError(openIndex(indexDir, SOURCE));
    expect(error.code).toBe('index_corrupt');
    expect(error.location?.file).toBe(path.join(versionDir, 'chunks.lance'));
  });

  it('index_corrupt when the files of a version disagree on the chunks', async () => {
    const manifestFile = path.join(versionDir, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    manifest.counts.chunks = 9;
    await writeFile(manifestFile, JSON.stringify(manifest));
    expect((await openError(openIndex(indexDir, SOURCE))).message).toContain('holds 8 chunks, the manifest says 9');
  });

  it('rebuilds a keyword index written by an older tokenizer instead of refusing the index', async () => {
    const fresh = (await openIndex(indexDir, SOURCE)).searchKeywords('$134.50 device fee subscriber', 5);
    const keywordFile = path.join(versionDir, 'keyword-index.bin');
    await writeFile(keywordFile, encodeKeywordIndex(createKeywordIndex([{ chunkId: 'stale', text: 'stale' }]), KEYWORD_INDEX_KIND, 'bm25-k1.2-b0.75+t0'));
    const index = await openIndex(indexDir, SOURCE);
    expect(index.searchKeywords('$134.50 device fee subscriber', 5)).toEqual(fresh);
  });

  it('index_outdated for a version written by an older clausegate (no store format), with the re-ingest command', async () => {
    const manifestFile = path.join(versionDir, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    expect(manifest.store).toEqual({ format: 5, vectorIndex: 'flat' });
    delete manifest.store;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const error = await openError(openIndex(indexDir, SOURCE));
    expect(error.code).toBe('index_outdated');
    expect(error.message).toBe('the index of source "sample" (version v1) was built by an older clausegate (index format 1); this one reads format 5');
    expect(error.hint).toBe('re-ingest it: npx harness ingest --source sample');
    // Format 2 kept its keyword index as keyword-index.json: refused the same way, not read as damaged.
    await writeFile(manifestFile, JSON.stringify({ ...manifest, store: { format: 2, vectorIndex: 'flat' } }));
    const format2 = await openError(openIndex(indexDir, SOURCE));
    expect(format2.code).toBe('index_outdated');
    expect(format2.message).toContain('(index format 2); this one reads format 5');
    // Format 4 kept every document's stems in corpus-statistics.json, without document-statistics.bin: refused the same way.
    await writeFile(manifestFile, JSON.stringify({ ...manifest, store: { format: 4, vectorIndex: 'flat' } }));
    const format4 = await openError(openIndex(indexDir, SOURCE));
    expect(format4.code).toBe('index_outdated');
    expect(format4.message).toBe('the index of source "sample" (version v1) was built by an older clausegate (index format 4); this one reads format 5');
    expect(format4.hint).toBe('re-ingest it: npx harness ingest --source sample');
    await writeIndex({ indexDir, source: SOURCE, ...createFixtureContent({ source: SOURCE, indexVersion: 'v2' }) });
    expect((await openIndex(indexDir, SOURCE)).manifest.indexVersion).toBe('v2');
  });

  it('a new write replaces a damaged current version', async () => {
    await writeFile(path.join(versionDir, 'manifest.json'), 'garbage');
    await writeIndex({ indexDir, source: SOURCE, ...createFixtureContent({ source: SOURCE, indexVersion: 'v2' }) });
    expect((await openIndex(indexDir, SOURCE)).manifest.indexVersion).toBe('v2');
  });
});
