import type { AnswerPipeline } from '../../pipeline/answer-question.ts';
import type { AnswerResult, CandidateRecord } from '../../pipeline/answer-result.ts';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import type { Embedder, EmbedderInfo } from '../../pipeline/providers/embedder.ts';
import type { GenerationRequest, GenerationResult, Generator } from '../../pipeline/providers/generator.ts';
import type { RerankCandidate, Reranker, RerankScore } from '../../pipeline/providers/reranker.ts';
import type { CorpusStatistics } from '../../pipeline/corpus/index.ts';
import type { RetrievalIndex } from '../../pipeline/retrieve/retrieve-candidates.ts';
import type { Chunk, DefinitionEntry } from '../../pipeline/types.ts';
import type { RunVersions } from '../report/run-report.ts';
import { configForSource } from '../../pipeline/open-answer-pipeline.ts';

/** The chunk texts and definitions of the index a report was run on. */
export interface ReplayIndexData {
  chunkCount: number;
  documentOf(chunkId: string): string | undefined;
  readChunks(chunkIds: readonly string[]): Promise<ReadonlyMap<string, Chunk>>;
  readDocumentChunks(docs: ReadonlySet<string>): Promise<Chunk[]>;
  documents: readonly string[];
  definitions: readonly DefinitionEntry[];
  /** What the index stores about the whole source (the question checks' words and counts). */
  corpus: CorpusStatistics;
}

/** What the replay did when the pipeline asked for an answer. */
export type ReplayGeneration =
  /** The gate refused or no evidence was left: no generator call, as in a real run. */
  | 'not_called'
  /** The evidence is the stored run's: the stored answer stands. */
  | 'same_evidence'
  /** New evidence, answered by the offline extractive generator (the report's own generator). */
  | 'generated'
  /** New evidence and the report's generator is a model: a new answer needs a model call. */
  | 'needs_new_answer';

/** Input of `createReplayPipeline`. */
export interface CreateReplayPipelineInput {
  /** The config to replay with (the report's, or a what-if's). */
  config: ClausegateConfig;
  source: string;
  index: ReplayIndexData;
  versions: RunVersions;
  /** The stored trace of the case. */
  trace: AnswerResult;
  /** The offline extractive generator when the report used it; otherwise new answers are not produced. */
  extractive: Generator | undefined;
}

/** A pipeline that replays one stored trace, and what it did about generation. */
export interface ReplayPipeline {
  pipeline: AnswerPipeline;
  /** Read after `answerQuestion` returns. */
  generation(): ReplayGeneration;
}

const UNIT_FORM = new Float32Array([1, 1, 1]);

const definitionsByLinks = new WeakMap<readonly DefinitionEntry[], Map<string, DefinitionEntry[]>>();

/**
 * The index's definitions with only those the stored run linked pointing at a real chunk. The same
 * array for every trace that linked the same definitions (most linked none) and every time one is
 * replayed (each value of a sweep): the pipeline builds its defined-term finder once per
 * definitions array.
 */
function replayDefinitions(trace: AnswerResult, from: readonly DefinitionEntry[]): DefinitionEntry[] {
  let byLinks = definitionsByLinks.get(from);
  if (byLinks === undefined) {
    byLinks = new Map();
    definitionsByLinks.set(from, byLinks);
  }
  const links = linksOf(trace);
  let definitions = byLinks.get(links);
  if (definitions === undefined) {
    const linked = new Set(links === '' ? [] : links.split('\u0001'));
    definitions = from.map((entry) => (linked.has(`${entry.chunkId}\u0000${entry.term}`) ? entry : { ...entry, chunkId: `\u0000not-linked\u0000${entry.chunkId}` }));
    byLinks.set(links, definitions);
  }
  return definitions;
}

/** The definitions a trace linked (`chunkId\u0000term`, sorted, joined by `\u0001`). */
function linksOf(trace: AnswerResult): string {
  const links = new Set(trace.candidates.filter((candidate) => candidate.linkedDefinition !== null).map((candidate) => `${candidate.chunkId}\u0000${candidate.linkedDefinition}`));
  return [...links].sort().join('\u0001');
}

const answersByTrace = new WeakMap<AnswerResult, Map<string, Promise<GenerationResult>>>();

/**
 * The extractive generator's answer to a request, computed once per trace and request: it reads
 * nothing but the request, and the values of a sweep (and a what-if's self-check and its change)
 * often hand a case the same evidence again. Each caller gets its own copy.
 */
async function answerOnce(trace: AnswerResult, extractive: Generator, request: GenerationRequest): Promise<GenerationResult> {
  let answers = answersByTrace.get(trace);
  if (answers === undefined) {
    answers = new Map();
    answersByTrace.set(trace, answers);
  }
  const key = JSON.stringify([request.promptSha256, request.prompt.length, request.question, request.refusal, request.maxSentences, request.evidence]);
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = extractive.generate(request);
    answers.set(key, answer);
  }
  return structuredClone(await answer);
}

/**
 * An answer pipeline whose providers and index replay one case's stored trace, so the real
 * `answerQuestion` recomputes every decision — the similarity floor and its fallback, the rerank
 * keep, the confidence gate with its coverage check, the evidence budget, the prompt, the
 * validation — with no model call. The index returns the stored candidates at their stored vector
 * and keyword ranks (placeholder ids, never in the chunk table, hold the places of hits that did
 * not reach the pool, so reciprocal rank fusion gives the stored scores); every similarity is
 * returned exactly (a query vector of ones against three float32 parts summing to the stored
 * double); only the definitions the run linked can be linked again (the trace keeps the pool
 * after linking, not before; linking depends on no what-if setting); the reranker returns the stored 0–3 scores (and strengths, which order equal scores), or fails as the stored run's did; the
 * chunk texts, definitions and coverage check are the index's own. When the gate lets evidence
 * through, the generator answers with the extractive generator if that is what the report used;
 * otherwise it records whether the evidence is the stored one (the stored answer stands) or new
 * (a new answer would need the model) and returns a placeholder the caller discards.
 */
export function createReplayPipeline(input: CreateReplayPipelineInput): ReplayPipeline {
  const { trace } = input;
  const stored = trace.candidates;
  const similarities = new Map(stored.map((candidate) => [candidate.chunkId, candidate.similarity]));
  const vectorHits = placeRanked(stored, (candidate) => candidate.vectorRank, (candidate) => candidate.similarity).map(([chunkId, similarity]) => ({ chunkId, similarity }));
  const keywordHits = placeRanked(stored, (candidate) => candidate.keywordRank, (candidate) => candidate.keywordScore).map(([chunkId, score]) => ({ chunkId, score }));

  // Linking skips definitions already in the pool as it was before linked definitions took its
  // last places; the trace keeps the pool after. So every definition still matches (and claims its
  // words, as the longest match does), but only those the run linked point at a real chunk.
  const definitions = replayDefinitions(trace, input.index.definitions);
  const index: RetrievalIndex & { corpus: CorpusStatistics; manifest: { indexVersion: string } } = {
    chunkCount: input.index.chunkCount,
    documentOf: (chunkId) => input.index.documentOf(chunkId),
    readChunks: (chunkIds) => input.index.readChunks(chunkIds),
    readDocumentChunks: (docs) => input.index.readDocumentChunks(docs),
    documents: input.index.documents,
    corpus: input.index.corpus,
    definitions,
    manifest: { indexVersion: input.versions.index },
    searchVectors: async () => vectorHits,
    searchKeywords: () => keywordHits,
    vectorsFor: async (chunkIds) => {
      const vectors = new Map<string, Float32Array>();
      for (const chunkId of chunkIds) {
        const similarity = similarities.get(chunkId);
        if (similarity !== undefined) vectors.set(chunkId, exactParts(similarity));
      }
      return vectors;
    },
  };

  const embedderInfo = parseEmbedderInfo(input.versions.embedder);
  const embedder: Embedder = {
    info: embedderInfo,
    embedQuery: async () => UNIT_FORM,
    embedDocuments: async () => {
      throw new ClausegateError('internal', 'a replay never embeds documents');
    },
  };

  const rerankScores = new Map(stored.map((candidate) => [candidate.chunkId, candidate.rerankScore]));
  const rerankStrengths = new Map(stored.map((candidate) => [candidate.chunkId, candidate.rerankStrength ?? null]));
  const reranker: Reranker = {
    info: parseNamed(input.versions.reranker),
    rerank: async (_question: string, candidates: readonly RerankCandidate[]): Promise<RerankScore[]> => {
      if (trace.retrieval.rerankMode === 'rerank_fallback') {
        throw new ClausegateError('provider_failed', trace.retrieval.rerankError ?? 'the reranker failed in the stored run');
      }
      return candidates.map((candidate) => {
        const score = rerankScores.get(candidate.chunkId);
        const strength = rerankStrengths.get(candidate.chunkId);
        const replayed: RerankScore = { chunkId: candidate.chunkId, score: (score ?? 0) as RerankScore['score'], detail: score == null ? 'no stored score (counted as 0)' : 'stored score' };
        if (strength != null) replayed.strength = strength;
        return replayed;
      });
    },
  };

  let generation: ReplayGeneration = 'not_called';
  const storedEvidence = trace.evidence.map((item) => item.chunkId).join('\n');
  const generator: Generator = {
    info: parseNamed(input.versions.generator),
    generate: async (request: GenerationRequest): Promise<GenerationResult> => {
      const same = trace.generation !== null && request.evidence.map((item) => item.chunkId).join('\n') === storedEvidence;
      if (input.extractive !== undefined) {
        if (generation === 'not_called') generation = same ? 'same_evidence' : 'generated';
        return answerOnce(trace, input.extractive, request);
      }
      if (generation === 'not_called') generation = same ? 'same_evidence' : 'needs_new_answer';
      return {
        output: { kind: 'refusal', text: request.refusal },
        telemetry: { model: 'replay-placeholder', promptSha256: request.promptSha256, attempts: 0, latencyMs: 0, promptTokens: 0, completionTokens: 0, finishReason: 'replay', cached: true },
      };
    },
  };

  return {
    pipeline: { config: configForSource(input.config, input.source), source: input.source, index, embedder, reranker, generator, now: () => 0 },
    generation: () => generation,
  };
}

/**
 * The hits of one ranked list, in rank order, with placeholders for the ranks held by hits that
 * are not in the stored pool. `rankOf` in retrieval orders by score descending, then id: a
 * placeholder takes the score of the next stored hit below it and an id that sorts just after the
 * stored hit above it when that one has the same score (`\u0000` sorts before any real id), so
 * every stored hit gets exactly its stored rank.
 */
function placeRanked(candidates: readonly CandidateRecord[], rankOf: (candidate: CandidateRecord) => number | null, scoreOf: (candidate: CandidateRecord) => number): [string, number][] {
  const byRank = new Map<number, CandidateRecord>();
  for (const candidate of candidates) {
    const rank = rankOf(candidate);
    if (rank !== null && candidate.linkedDefinition === null) byRank.set(rank, candidate);
  }
  const last = Math.max(0, ...byRank.keys());
  const hits: [string, number][] = [];
  let above: CandidateRecord | undefined;
  for (let rank = 1; rank <= last; rank += 1) {
    const candidate = byRank.get(rank);
    if (candidate !== undefined) {
      hits.push([candidate.chunkId, scoreOf(candidate)]);
      above = candidate;
      continue;
    }
    let below: CandidateRecord | undefined;
    for (let next = rank + 1; below === undefined; next += 1) below = byRank.get(next);
    const score = scoreOf(below);
    const prefix = above !== undefined && scoreOf(above) === score ? above.chunkId : '';
    hits.push([`${prefix}\u0000placeholder-${String(rank).padStart(6, '0')}`, score]);
  }
  return hits;
}

/** Three float32 parts whose dot product with a vector of ones is exactly `value` in double arithmetic. */
export function exactParts(value: number): Float32Array {
  const first = Math.fround(value);
  const second = Math.fround(value - first);
  const third = Math.fround(value - first - second);
  return new Float32Array([first, second, third]);
}

/** `name/model@version (dimensions)` as recorded in reports, back into the embedder's info. */
function parseEmbedderInfo(text: string): EmbedderInfo {
  const match = /^([^/]+)\/(.*)@([^@]*) \((\d+)\)$/.exec(text);
  if (match === null) return { name: text.split('/')[0] ?? text, model: text, version: '', dimensions: 3 };
  return { name: match[1]!, model: match[2]!, version: match[3]!, dimensions: Number(match[4]) };
}

function parseNamed(text: string): { name: string; model: string } {
  const at = text.indexOf('/');
  return at < 0 ? { name: text, model: text } : { name: text.slice(0, at), model: text.slice(at + 1) };
}
