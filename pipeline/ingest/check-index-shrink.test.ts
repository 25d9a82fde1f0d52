import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { isClausegateError } from '../errors.ts';
import { createOfflineEmbedder } from '../providers/offline-embedder.ts';
import { readIndexManifest } from '../store/index.ts';
import { ingestSource } from './ingest-source.ts';

const sample = path.resolve(import.meta.dirname, '../../data/raw/sample');
const sampleFiles = readdirSync(sample).filter((name) => !name.startsWith('.') && !name.endsWith('.md')).sort();

describe('ingest never replaces a good index with a worse one by accident', () => {
  let work: string;
  let config: ClausegateConfig;
  let clock: number;
  const ingest = (root: string, allowShrink = false) =>
    ingestSource({
      source: 'sample',
      root,
      config,
      embedder: createOfflineEmbedder({ dimensions: config.offline.embeddingDimensions }),
      now: () => new Date((clock += 60_000)),
      allowShrink,
    });
  const folderWith = (name: string, files: readonly string[]) => {
    const folder = path.join(work, name);
    mkdirSync(folder, { recursive: true });
    for (const file of files) copyFileSync(path.join(sample, file), path.join(folder, file));
    return folder;
  };
  const versions = () => readdirSync(path.join(work, 'index', 'sample', 'versions')).sort();

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-shrink-'));
    config = ClausegateConfig.parse({ paths: { indexDir: path.join(work, 'index') } });
    clock = Date.parse('2026-11-22T10:00:00Z');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('refuses an empty folder over a good index (index_shrink_refused), keeping the current version', async () => {
    const good = await ingest(folderWith('good', sampleFiles));
    expect(good.counts.documents).toBe(sampleFiles.length);
    const error = await ingest(folderWith('empty', [])).catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'index_shrink_refused')).toBe(true);
    expect((error as Error).message).toContain('0 document(s)');
    expect((error as Error).message).toContain(`holds ${sampleFiles.length} document(s)`);
    expect((error as { hint: string }).hint).toContain('--allow-shrink');
    expect((await readIndexManifest(config.paths.indexDir, 'sample')).manifest.indexVersion).toBe(good.indexVersion);
  });

  it('refuses an empty first index, and a drop of more than half, but allows exactly half', async () => {
    expect(isClausegateError(await ingest(folderWith('empty', [])).catch((caught: unknown) => caught), 'index_shrink_refused')).toBe(true);
    await ingest(folderWith('good', sampleFiles));
    const one = await ingest(folderWith('one', sampleFiles.slice(0, 1))).catch((caught: unknown) => caught);
    expect(isClausegateError(one, 'index_shrink_refused')).toBe(true);
    expect((one as Error).message).toContain('More than half');
    const half = await ingest(folderWith('half', sampleFiles.slice(0, sampleFiles.length / 2)));
    expect(half.counts.documents).toBe(sampleFiles.length / 2);
  });

  it('with --allow-shrink publishes, and pruning always keeps the last version with documents', async () => {
    const good = await ingest(folderWith('good', sampleFiles));
    const empty = folderWith('empty', []);
    const first = await ingest(empty, true);
    expect(first.counts.documents).toBe(0);
    expect(first.notes.join('\n')).toContain('--allow-shrink');
    const second = await ingest(empty, true);
    const third = await ingest(empty, true);
    expect(versions()).toEqual([good.indexVersion, second.indexVersion, third.indexVersion].sort());
  });
});
