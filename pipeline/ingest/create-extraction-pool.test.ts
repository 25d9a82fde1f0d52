import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCorpus } from '../testing/locate-test-corpus.ts';
import { createExtractionPool } from './create-extraction-pool.ts';
import type { ExtractAndChunkTask } from './extract-and-chunk.ts';

describe.skipIf(!testCorpus.available)(testCorpus.title('createExtractionPool'), () => {
  let work: string;
  let tasks: ExtractAndChunkTask[];
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-pool-'));
    writeFileSync(path.join(work, 'notes.txt'), 'Notice\nThe Licensee shall report usage monthly.\n');
    writeFileSync(path.join(work, 'broken.pdf'), '%PDF-1.4\nnot really a pdf');
    const task = (absolutePath: string, relativePath: string): ExtractAndChunkTask => ({ absolutePath, relativePath, source: 'sample', sha256: 'ab'.repeat(32), maxTokens: 320, minTokens: 40 });
    tasks = [
      task(testCorpus.path('cme', 'schedule-7-appendix-d.pdf'), 'schedule-7-appendix-d.pdf'),
      task(path.join(work, 'notes.txt'), 'notes.txt'),
      task(path.join(work, 'broken.pdf'), 'broken.pdf'),
    ];
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('gives in worker threads exactly what extraction in place gives, bad files as values', async () => {
    const inPlace = createExtractionPool({ workers: 0 });
    const threads = createExtractionPool({ workers: 2 });
    try {
      const expected = await Promise.all(tasks.map((task) => inPlace.run(task)));
      const actual = await Promise.all(tasks.map((task) => threads.run(task)));
      expect(actual).toEqual(expected);
      expect(expected.map((result) => result.status)).toEqual(['chunked', 'chunked', 'skipped']);
      expect(expected[0]!.status === 'chunked' && expected[0]!.chunks.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([inPlace.close(), threads.close()]);
    }
    await expect(threads.run(tasks[1]!)).rejects.toThrow(/closed/);
  });
});
