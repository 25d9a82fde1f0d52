import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, type AnswerPipeline } from './answer-question.ts';
import type { AnswerResult } from './answer-result.ts';
import { ClausegateConfig } from './config/config-schema.ts';
import { configForSource } from './open-answer-pipeline.ts';
import { createEmbedder } from './providers/create-embedder.ts';
import { createGenerator } from './providers/create-generator.ts';
import { createReranker } from './providers/create-reranker.ts';
import type { RerankCandidate, Reranker, RerankScore } from './providers/reranker.ts';
import { rememberStage, settingsKey, type StageMemo } from './remember-stage.ts';
import { openIndex, writeIndex, type SearchableIndex } from './store/index.ts';
import { createFixtureContent } from './store/store-fixtures.ts';
import { loadProjectSources } from './testing/load-project-sources.ts';

/** Wraps a reranker and counts its calls. */
class CountingReranker implements Reranker {
  calls = 0;
  constructor(private readonly inner: Reranker) {}
  get info() {
    return this.inner.info;
  }
  rerank(question: string, candidates: readonly RerankCandidate[]): Promise<RerankScore[]> {
    this.calls += 1;
    return this.inner.rerank(question, candidates);
  }
}

/** A result without its timings (the stages' and the generator's), which differ between any two answers. */
function withoutTimings(result: AnswerResult): Omit<AnswerResult, 'latencyMs'> {
  const { latencyMs: _latency, ...rest } = result;
  return { ...rest, generation: rest.generation === null ? null : { ...rest.generation, latencyMs: 0 } };
}

describe('rememberStage', () => {
  it('computes a stage once per key, holds nothing when the stage throws, and computes every time without a memo', async () => {
    const memo: StageMemo = new Map<string, unknown>();
    let runs = 0;
    const stage = async () => ({ run: ++runs });
    expect(await rememberStage(memo, () => 'a', stage)).toEqual({ run: 1 });
    expect(await rememberStage(memo, () => 'a', stage)).toEqual({ run: 1 });
    expect(await rememberStage(memo, () => 'b', stage)).toEqual({ run: 2 });
    await expect(rememberStage(memo, () => 'c', async () => Promise.reject(new Error('stage failed')))).rejects.toThrow('stage failed');
    expect(memo.get('c')).toBeUndefined();
    expect(await rememberStage(undefined, () => 'a', stage)).toEqual({ run: 3 });
    expect(await rememberStage(undefined, () => 'a', stage)).toEqual({ run: 4 });
  });
});

describe('settingsKey', () => {
  it('names settings by content, short: two copies alike, a changed copy apart, plain values by their JSON', () => {
    const anchors = [{ term: 'Display Device', kind: 'product' }];
    expect(settingsKey([anchors, 2, 'v1', undefined])).toBe(settingsKey([structuredClone(anchors), 2, 'v1', undefined]));
    expect(settingsKey([anchors])).not.toBe(settingsKey([[{ term: 'Display Device', kind: 'party' }]]));
    expect(settingsKey([2])).not.toBe(settingsKey([3]));
    expect(settingsKey([undefined])).not.toBe(settingsKey([[]]));
    expect(settingsKey([anchors]).length).toBeLessThan(JSON.stringify(anchors).length);
  });
});

describe('answerQuestion with a stage memo over a real LanceDB table', () => {
  const question = 'What is the Real Time Display Device fee per device per month?';
  let indexDir: string;
  let index: SearchableIndex;
  let pipeline: AnswerPipeline;
  let reranker: CountingReranker;

  beforeAll(async () => {
    indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-stage-memo-'));
    const config = configForSource(ClausegateConfig.parse({ paths: { indexDir }, sources: loadProjectSources() }), 'cme');
    const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
    const embedder = createEmbedder(config, environment, config.sources.cme);
    const content = createFixtureContent({ source: 'cme', indexVersion: 'v1', count: 200, embedder: embedder.info });
    content.vectors = await embedder.embedDocuments(content.chunks.map((chunk) => chunk.text));
    await writeIndex({ indexDir, source: 'cme', ...content });
    index = await openIndex(indexDir, 'cme', { embedder: embedder.info });
    const inner = createReranker(config, environment, config.sources.cme);
    inner.prepare?.(index.corpus.statistics);
    reranker = new CountingReranker(inner);
    pipeline = { config, source: 'cme', index, embedder, reranker, generator: createGenerator(config, environment, config.sources.cme) };
  }, 120_000);

  afterAll(async () => {
    await index?.close();
    rmSync(indexDir, { recursive: true, force: true });
  });

  it('reuses the rerank and gate outputs under settings they do not read, reruns them under one they do, and answers as without a memo', async () => {
    const memo: StageMemo = new Map<string, unknown>();
    const tighter = { ...pipeline, config: { ...pipeline.config, budget: { ...pipeline.config.budget, maxChunks: 1 } } };
    const stricter = { ...pipeline, config: { ...pipeline.config, gate: { ...pipeline.config.gate, relevanceThreshold: 3 } } };

    const before = reranker.calls;
    const first = await answerQuestion(pipeline, question, { stageMemo: memo });
    expect(first.candidates.length).toBeGreaterThan(0);
    expect(reranker.calls - before).toBeGreaterThan(0);
    const afterFirst = reranker.calls;

    // The evidence budget is read after the gate: the rerank stage is not run again.
    const tight = await answerQuestion(tighter, question, { stageMemo: memo });
    expect(reranker.calls).toBe(afterFirst);
    // The relevance threshold is read by the rerank stage: it runs again.
    const strict = await answerQuestion(stricter, question, { stageMemo: memo });
    expect(reranker.calls).toBeGreaterThan(afterFirst);

    // Each answer is the one a pipeline without a memo gives.
    expect(withoutTimings(first)).toEqual(withoutTimings(await answerQuestion(pipeline, question)));
    expect(withoutTimings(tight)).toEqual(withoutTimings(await answerQuestion(tighter, question)));
    expect(withoutTimings(strict)).toEqual(withoutTimings(await answerQuestion(stricter, question)));
    expect(tight.evidence.length).toBeLessThanOrEqual(1);
  });
});
