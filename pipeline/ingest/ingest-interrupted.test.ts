import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { createOfflineEmbedder } from '../providers/offline-embedder.ts';
import { openIndex } from '../store/index.ts';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { ingestSource, type IngestSummary } from './ingest-source.ts';

const cme = testCorpus.path('cme');
const child = path.join(import.meta.dirname, 'ingest-child.fixture.ts');
const first = ['schedule-5-to-the-ila-january-2026.pdf', 'schedule-7-appendix-d.pdf', 'information-policies-v5-04.pdf', 'schedule-3-v5.0.pdf'];
const added = ['appendix-b-to-schedule-7-of-the-ila.pdf', 'information-license-agreement-schedule-1a-sample.pdf', 'information-license-agreement-schedule-3-sample.pdf', 'schedule-5-to-the-ila-february-2025.pdf'];

/** Starts the child ingest and SIGKILLs it as soon as its unpublished version folder appears. */
function killMidway(root: string, indexDir: string): Promise<{ signal: NodeJS.Signals | null; sawPartial: boolean }> {
  const versions = path.join(indexDir, 'sample', 'versions');
  return new Promise((resolve) => {
    const process_ = spawn(process.execPath, ['--import', 'tsx', child, root, indexDir], { stdio: 'ignore' });
    let sawPartial = false;
    const poll = setInterval(() => {
      if (readdirSync(versions).some((entry) => entry.endsWith('.partial'))) {
        sawPartial = true;
        clearInterval(poll);
        process_.kill('SIGKILL');
      }
    }, 10);
    process_.on('exit', (_code, signal) => {
      clearInterval(poll);
      resolve({ signal, sawPartial });
    });
  });
}

describe.skipIf(!testCorpus.available)(testCorpus.title('an incremental ingest killed mid-way'), () => {
  let work: string;
  let root: string;
  let config: ClausegateConfig;
  let before: IngestSummary;
  const embedder = () => createOfflineEmbedder({ dimensions: 1024 });

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-interrupted-'));
    root = path.join(work, 'raw');
    mkdirSync(root);
    for (const name of first) copyFileSync(path.join(cme, name), path.join(root, name));
    config = ClausegateConfig.parse({ paths: { indexDir: path.join(work, 'index') } });
    before = await ingestSource({ source: 'sample', root, config, embedder: embedder(), now: () => new Date('2026-11-26T07:00:00Z') });
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('leaves the previous version current and readable, and the next ingest removes the deleted file and reuses the rest', async () => {
    // The change: one file deleted, four added (extracted in worker threads, so the kill lands during the batches).
    rmSync(path.join(root, first[0]!));
    for (const name of added) copyFileSync(path.join(cme, name), path.join(root, name));

    const killed = await killMidway(root, config.paths.indexDir);
    expect(killed).toEqual({ signal: 'SIGKILL', sawPartial: true });

    const index = await openIndex(config.paths.indexDir, 'sample');
    try {
      expect(index.manifest.indexVersion).toBe(before.indexVersion);
      expect(index.chunkCount).toBe(before.counts.chunks);
      expect(index.manifest.documents.map((document) => document.doc).sort()).toEqual([...first].sort());
      expect(index.searchKeywords('information policies', 5).length).toBeGreaterThan(0);
    } finally {
      await index.close();
    }

    const after = await ingestSource({ source: 'sample', root, config, embedder: embedder(), now: () => new Date('2026-11-26T07:05:00Z') });
    expect(after.documents.map((document) => document.doc).sort()).toEqual([...first.slice(1), ...added].sort());
    expect(after.counts.reusedDocuments).toBe(3);
    const reusedChunks = before.documents.filter((document) => document.doc !== first[0]).reduce((sum, document) => sum + document.chunks, 0);
    expect(after.counts.embeddedChunks).toBe(after.counts.chunks - reusedChunks);
    const versions = readdirSync(path.join(config.paths.indexDir, 'sample', 'versions'));
    expect(versions.some((entry) => entry.endsWith('.partial'))).toBe(false);
    expect(existsSync(path.join(config.paths.indexDir, 'sample', 'versions', after.indexVersion))).toBe(true);
  });
});
