import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from './answer-question.ts';
import type { AnswerResult } from './answer-result.ts';
import { loadProjectSources } from './testing/load-project-sources.ts';
import { ClausegateConfig } from './config/config-schema.ts';
import { ingestSource } from './ingest/index.ts';
import { openAnswerPipeline, type OpenedAnswerPipeline } from './open-answer-pipeline.ts';
import { createEmbedder } from './providers/create-embedder.ts';
import type { GenerationRequest, GenerationResult, Generator } from './providers/generator.ts';
import { testCorpus } from './testing/locate-test-corpus.ts';

const corpus = testCorpus.path('cme');
const refusal = 'This is not addressed in the provided CME documents.';

/** Wraps a generator and records every request it receives. */
class RecordingGenerator implements Generator {
  readonly requests: GenerationRequest[] = [];
  constructor(private readonly inner: Generator) {}
  get info() {
    return this.inner.info;
  }
  generate(request: GenerationRequest): Promise<GenerationResult> {
    this.requests.push(request);
    return this.inner.generate(request);
  }
}

/** The ingest's default OCR (the tesseract CLI on PATH) can run here. */
const ocrReady = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout?.includes('eng') === true && spawnSync('pdftoppm', ['-v']).status === 0;

describe.skipIf(!testCorpus.available)(testCorpus.title('answerQuestion over the real CME index (offline)'), () => {
  let indexDir: string;
  let pipeline: OpenedAnswerPipeline;
  let generator: RecordingGenerator;

  beforeAll(async () => {
    indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-answer-'));
    const config = ClausegateConfig.parse({ paths: { indexDir }, sources: loadProjectSources() });
    const environment = { openaiApiKey: undefined, openaiBaseUrl: undefined };
    await ingestSource({ source: 'cme', root: corpus, config, embedder: createEmbedder(config, environment, config.sources.cme), now: () => new Date('2026-11-22T00:00:00Z') });
    pipeline = await openAnswerPipeline(config, environment, 'cme');
    generator = new RecordingGenerator(pipeline.generator);
    pipeline.generator = generator;
    // The ingest recognises the pages without a usable text layer (tesseract): minutes on a loaded machine.
  }, 900_000);

  afterAll(async () => {
    await pipeline?.close();
    rmSync(indexDir, { recursive: true, force: true });
  });

  async function ask(question: string): Promise<{ result: AnswerResult; generatorCalls: number }> {
    const before = generator.requests.length;
    const result = await answerQuestion(pipeline, question);
    return { result, generatorCalls: generator.requests.length - before };
  }

  it.runIf(ocrReady)('answers from a page recognised by OCR and marks its citation ocr', async () => {
    const { result } = await ask('Will annual derived data license fees increase in 2026?');
    expect(result.status).toBe('answered');
    expect(result.answer).toContain('3.5%');
    const cited = result.citations.find((citation) => citation.doc === '2026-market-data-fee-notice-august-14-2025.pdf');
    expect(cited).toMatchObject({ page: 1, ocr: true });
    expect(result.citations.filter((citation) => citation.ocr === true).every((citation) => citation.doc.startsWith('2026-market-data-fee-notice') || citation.doc.startsWith('appendix-a-to-schedule-7-of-the-ila.pdf'))).toBe(true);
  });

  it('answers the real-time display device fee with $134.50 citing the January 2026 fee list, page 1', async () => {
    const { result, generatorCalls } = await ask('What is the real-time display device fee for CME market data?');
    expect(result.status).toBe('answered');
    expect(result.answer).toContain('$134.50');
    expect(generatorCalls).toBe(1);
    const citation = result.citations.find((item) => item.quote.includes('134.50'));
    expect(citation).toMatchObject({ doc: 'january-2026-market-data-fee-list.pdf', page: 1 });
    expect(result.validation?.ok).toBe(true);
    expect(result.promptSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ["What is Nasdaq's market data pricing?"],
    ['What is the weather forecast for Chicago next week?'],
  ])('refuses %j with the exact string and no generator call', async (question) => {
    const { result, generatorCalls } = await ask(question);
    expect(result.status).toBe('refused');
    expect(result.refusal?.text).toBe(refusal);
    expect(result.answer).toBeNull();
    expect(generatorCalls).toBe(0);
    expect(result.generation).toBeNull();
    expect(result.refusal?.reason).toMatch(/^(no_chunks_retrieved|confidence_too_low|no_clear_winner|question_term_not_in_evidence|not_enough_relevant_chunks)$/);
  });

  it('compares two years from both editions of the fee list: the other year\'s edition joins the pool as a linked edition', async () => {
    const { result } = await ask('Compare the real time distribution license fee in the 2025 and 2026 CME fee lists.');
    expect(result.status).toBe('answered');
    expect(result.answer).toContain('$29,280');
    expect(result.answer).toContain('$28,292.40');
    // The 2025 list's page 1 is not among the retrieved candidates; it joins as the 2026 page's edition.
    const linked = result.candidates.find((candidate) => candidate.linkedEdition !== null && candidate.linkedEdition !== undefined);
    expect(linked).toMatchObject({ doc: 'january-2025-market-data-fee-list.pdf', page: 1, vectorRank: null, keywordRank: null });
    expect(result.candidates.find((candidate) => candidate.chunkId === linked!.linkedEdition)).toMatchObject({ doc: 'january-2026-market-data-fee-list.pdf', page: 1 });
    expect(result.citations.map((citation) => citation.doc)).toEqual(expect.arrayContaining(['january-2025-market-data-fee-list.pdf', 'january-2026-market-data-fee-list.pdf']));
    // Not for a question about one year: nothing is linked.
    const single = await ask('What is the real time distribution license fee in the 2026 CME fee list?');
    expect(single.result.candidates.filter((candidate) => candidate.linkedEdition != null)).toEqual([]);
  });

  it('refuses a question naming an acronym no CME document contains, before any generator call', async () => {
    const { result, generatorCalls } = await ask("What SOC 2 report must a distributor's entitlement system have?");
    expect(result.status).toBe('refused');
    expect(result.refusal).toMatchObject({ text: refusal, reason: 'question_term_not_in_source' });
    expect(result.refusal?.detail).toContain('"SOC"');
    expect(generatorCalls).toBe(0);
    // The same question about something the documents do name goes through.
    const named = await ask("What entitlement system must a distributor's Licensee Group possess?");
    expect(named.result.refusal?.reason).not.toBe('question_term_not_in_source');
  });

  it('reads an abbreviation of a name the documents spell out (EOD: End of Day) as that name, not as absent', async () => {
    const { result } = await ask('Are EOD licences still offered for CME data?');
    expect(result.refusal?.reason).not.toBe('question_term_not_in_source');
  });

  it('refuses a question naming an exchange the documents never cover, even when fee chunks are relevant', async () => {
    const { result, generatorCalls } = await ask('What is the real-time display device fee for Eurex market data?');
    expect(result.status).toBe('refused');
    expect(generatorCalls).toBe(0);
  });

  it('gives the same prompt bytes for the same question twice', async () => {
    const first = await ask('How long must records be retained?');
    const second = await ask('How long must records be retained?');
    expect(first.result.status).toBe('answered');
    expect(first.result.answer).toContain('five (5) year');
    expect(second.result.promptSha256).toBe(first.result.promptSha256);
    expect(generator.requests.at(-1)?.prompt).toBe(generator.requests.at(-2)?.prompt);
  });

  it('links the definition of a defined term the question uses', async () => {
    // The offline reranker's pool of 48 retrieves the definition outright; the default pool of 12
    // (the LLM reranker's) does not, and linking brings it in.
    const wide = await ask('What is the Unit of Count?');
    expect(wide.result.status).toBe('answered');
    expect(wide.result.citations[0]?.doc).toBe('ILA-Subscriber-Addendum.pdf');
    const config = pipeline.config;
    pipeline.config = { ...config, retrieval: { ...config.retrieval, poolsByReranker: {} } };
    try {
      const { result } = await ask('What is the Unit of Count?');
      expect(result.candidates.length).toBeLessThanOrEqual(config.retrieval.candidatePool + 1);
      expect(result.candidates.some((candidate) => candidate.linkedDefinition === 'Unit of Count')).toBe(true);
      expect(result.citations[0]?.doc).toBe('ILA-Subscriber-Addendum.pdf');
    } finally {
      pipeline.config = config;
    }
  });

  it('records every stage in the trace', async () => {
    const { result } = await ask('What is a Subscriber according to CME licensing terms?');
    expect(Object.keys(result.latencyMs)).toEqual(expect.arrayContaining(['normalise', 'embed', 'retrieve', 'rerank', 'gate', 'select', 'prompt', 'generate', 'validate', 'total']));
    expect(result.retrieval.forms.length).toBeGreaterThan(0);
    expect(result.candidates.length).toBeLessThanOrEqual(pipeline.config.retrieval.poolsByReranker['offline-lexical']!.candidatePool);
    expect(result.versions.policy).toBe(pipeline.config.policyVersion);
  });
});
