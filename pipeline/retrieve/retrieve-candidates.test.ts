import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, readAndRetrieve } from '../answer-question.ts';
import { ClausegateConfig } from '../config/config-schema.ts';
import { ingestSource } from '../ingest/index.ts';
import { openAnswerPipeline, type OpenedAnswerPipeline } from '../open-answer-pipeline.ts';
import { createEmbedder } from '../providers/create-embedder.ts';
import { retrieveCandidates } from './retrieve-candidates.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../data/raw/sample');
const FEE = 'What is the monthly fee for a non-professional display device?';
const FEES = 'harbourview-fee-schedule-2026.pdf';
const POLICY = 'harbourview-data-policy.txt';
const DEFINITIONS = 'harbourview-definitions-schedule.docx';

describe('retrieval limited to a document allow-list (the real sample index)', () => {
  let indexDir: string;
  let pipeline: OpenedAnswerPipeline;

  beforeAll(async () => {
    indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-retrieve-'));
    const config = ClausegateConfig.parse({ paths: { indexDir } });
    const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
    await ingestSource({ source: 'sample', root: SAMPLE, config, embedder: createEmbedder(config, environment, config.sources.sample), now: () => new Date('2026-11-26T00:00:00Z') });
    pipeline = await openAnswerPipeline(config, environment, 'sample');
  });
  afterAll(async () => {
    await pipeline?.close();
    rmSync(indexDir, { recursive: true, force: true });
  });

  it('pools only chunks of the allowed documents, and every document without the list', async () => {
    const all = await readAndRetrieve(pipeline, FEE, { rerank: true });
    expect(new Set(all.retrieval.candidates.map((candidate) => candidate.chunk.doc)).size).toBeGreaterThan(1);
    const only = await readAndRetrieve(pipeline, FEE, { rerank: true, documents: new Set([POLICY]) });
    expect(only.retrieval.candidates.length).toBeGreaterThan(0);
    expect(only.retrieval.candidates.every((candidate) => candidate.chunk.doc === POLICY)).toBe(true);
    expect((await readAndRetrieve(pipeline, FEE, { rerank: true, documents: new Set() })).retrieval.candidates).toEqual([]);
  });

  it('searches deeper than k when the nearest chunks belong to other documents', async () => {
    const forms = [{ text: 'monthly fee display device', vector: await pipeline.embedder.embedQuery('monthly fee display device') }];
    const settings = { ...pipeline.config.retrieval, vectorK: 1, keywordK: 1, candidatePool: 4, linkDefinitions: false, minSimilarity: 0, fallbackMinSimilarity: 0 };
    const nearest = await retrieveCandidates({ index: pipeline.index, forms, question: FEE, documentHints: [], settings });
    expect(nearest.candidates.map((candidate) => candidate.chunk.doc)).toContain(FEES);
    const within = await retrieveCandidates({ index: pipeline.index, forms, question: FEE, documentHints: [], settings, documents: new Set([POLICY]) });
    expect(within.candidates.length).toBeGreaterThanOrEqual(1);
    expect(within.candidates.every((candidate) => candidate.chunk.doc === POLICY)).toBe(true);
  });

  it('links no definition of a document outside the list', async () => {
    const question = 'What is the fee for a Device showing Real-Time data?';
    const forms = [{ text: question, vector: await pipeline.embedder.embedQuery(question) }];
    const settings = { ...pipeline.config.retrieval, vectorK: 1, keywordK: 1, candidatePool: 3, linkDefinitions: true, minSimilarity: 0, fallbackMinSimilarity: 0 };
    const linked = (result: Awaited<ReturnType<typeof retrieveCandidates>>) => result.candidates.filter((candidate) => candidate.linkedDefinition !== undefined).map((candidate) => candidate.chunk.doc);
    const open = await retrieveCandidates({ index: pipeline.index, forms, question, documentHints: [], settings });
    expect(linked(open)).toContain(DEFINITIONS);
    const limited = await retrieveCandidates({ index: pipeline.index, forms, question, documentHints: [], settings, documents: new Set([FEES, POLICY]) });
    expect(limited.candidates.length).toBeGreaterThan(0);
    expect(limited.candidates.every((candidate) => candidate.chunk.doc !== DEFINITIONS)).toBe(true);
  });

  it('answers from the allowed documents and refuses when they are silent', async () => {
    const fees = await answerQuestion(pipeline, FEE, { documents: new Set([FEES]) });
    expect(fees.status).toBe('answered');
    expect(fees.citations.every((citation) => citation.doc === FEES)).toBe(true);
    const policyOnly = await answerQuestion(pipeline, FEE, { documents: new Set([POLICY]) });
    expect(policyOnly.status).toBe('refused');
    expect(policyOnly.citations).toEqual([]);
  });
});
