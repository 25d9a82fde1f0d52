import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, type AnswerPipeline } from './answer-question.ts';
import { ClausegateConfig } from './config/config-schema.ts';
import { configForSource } from './open-answer-pipeline.ts';
import { createEmbedder } from './providers/create-embedder.ts';
import { createGenerator } from './providers/create-generator.ts';
import { createReranker } from './providers/create-reranker.ts';
import { openIndex, writeIndex, type SearchableIndex, type TableRead } from './store/index.ts';
import { createFixtureContent } from './store/store-fixtures.ts';
import { loadProjectSources } from './testing/load-project-sources.ts';

const CHUNKS = 400;

/** Every read of chunk rows the index reports, in order. */
class TableReadLog {
  readonly reads: TableRead[] = [];
  readonly record = (read: TableRead) => {
    this.reads.push(read);
  };
  rows(purpose?: TableRead['purpose']): number {
    return this.reads.filter((read) => purpose === undefined || read.purpose === purpose).reduce((sum, read) => sum + read.rows, 0);
  }
}

describe('answering over a real LanceDB table reads only the rows a question needs', () => {
  let indexDir: string;
  let index: SearchableIndex;
  let pipeline: AnswerPipeline;
  const log = new TableReadLog();

  beforeAll(async () => {
    indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-reads-'));
    const config = configForSource(ClausegateConfig.parse({ paths: { indexDir }, sources: loadProjectSources() }), 'cme');
    const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
    const embedder = createEmbedder(config, environment, config.sources.cme);
    const content = createFixtureContent({ source: 'cme', indexVersion: 'v1', count: CHUNKS, embedder: embedder.info });
    // Vectors of the real texts, so the vector search finds what the question asks about.
    content.vectors = await embedder.embedDocuments(content.chunks.map((chunk) => chunk.text));
    await writeIndex({ indexDir, source: 'cme', ...content });
    index = await openIndex(indexDir, 'cme', { embedder: embedder.info }, { onTableRead: log.record });
    const reranker = createReranker(config, environment, config.sources.cme);
    reranker.prepare?.(index.corpus.statistics);
    pipeline = { config, source: 'cme', index, embedder, reranker, generator: createGenerator(config, environment, config.sources.cme) };
  }, 120_000);

  afterAll(async () => {
    await index?.close();
    rmSync(indexDir, { recursive: true, force: true });
  });

  it('opens without reading a chunk row, then reads the texts and vectors of the candidates only', async () => {
    expect(log.reads).toEqual([]);
    expect(index.chunkCount).toBe(CHUNKS);
    const first = await answerQuestion(pipeline, 'What is the Real Time Display Device fee per device per month?');
    expect(first.status).not.toBe('failed');
    expect(first.candidates.length).toBeGreaterThan(0);
    expect(log.rows('all-chunks')).toBe(0);
    const textRows = log.rows('chunks-by-id');
    expect(textRows).toBeGreaterThanOrEqual(first.candidates.length);
    expect(textRows).toBeLessThan(CHUNKS / 4);
    expect(log.rows('vectors-by-id')).toBeLessThan(CHUNKS / 4);

    // A question comparing two years, and one about records, read no more than their own candidates either.
    for (const question of ['How do the 2025 and 2026 Display Device fees compare?', 'How long must the Licensee retain records of Subscribers?']) {
      const before = log.rows();
      const result = await answerQuestion(pipeline, question);
      expect(result.status).not.toBe('failed');
      expect(log.rows() - before).toBeLessThan(CHUNKS / 4);
    }
    expect(log.rows('all-chunks')).toBe(0);
  });

  it('reads a chunk by id once: the second question over the same candidates reads no text again', async () => {
    const before = log.rows('chunks-by-id');
    await answerQuestion(pipeline, 'What is the Real Time Display Device fee per device per month?');
    expect(log.rows('chunks-by-id')).toBe(before);
  });

  it('reads the whole table only when asked to (the harness), and reports it', async () => {
    expect((await index.readAllChunks()).length).toBe(CHUNKS);
    expect(log.reads.at(-1)).toEqual({ purpose: 'all-chunks', rows: CHUNKS });
  });
});
