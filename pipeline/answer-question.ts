import { stem } from './text/index.ts';
import type { AnswerResult } from './answer-result.ts';
import {
  buildPrompt,
  emptyResult,
  readOcrPages,
  refuse,
  renderAnswer,
  selectEvidence,
  selectWithExtras,
  toCandidateRecord,
  toEvidenceRecord,
  toGenerationEvidence,
  toViolation,
  validateAnswer,
  type BuildPromptInput,
  type BuiltPrompt,
} from './answer/index.ts';
import { DEFAULT_REFUSAL, type ClausegateConfig } from './config/config-schema.ts';
import type { CorpusStatistics } from './corpus/index.ts';
import { isClausegateError } from './errors.ts';
import type { Embedder } from './providers/embedder.ts';
import type { GenerationOutput, GenerationResult, Generator } from './providers/generator.ts';
import type { Reranker } from './providers/reranker.ts';
import { checkCoverage, correctSpelling, expandQuery, findAbsentFromSource, findQuestionTerms, findShortForms, normaliseQuestion, resolveAbbreviations, sanitiseQuestion } from './question/index.ts';
import { applyConfidenceGate, findNamesAbsentFromEvidence, findQuestionNames, type GateDecision, type GateWeights } from './gate/index.ts';
import { readRerankQuestion } from './rerank/read-rerank-question.ts';
import { readWritesName, rerankCandidates, type RankedCandidate, type RerankResult } from './rerank/rerank-candidates.ts';
import { rememberStage, settingsKey, type StageMemo } from './remember-stage.ts';
import { linkOtherEditions } from './retrieve/link-other-editions.ts';
import { findTableNotes } from './rerank/find-table-notes.ts';
import { readDocumentNames } from './retrieve/read-document-names.ts';
import { createDocumentTerms } from './rerank/group-named-documents.ts';
import { retrieveCandidates, type QueryForm, type RetrievalIndex, type RetrievalResult } from './retrieve/retrieve-candidates.ts';

/** The parts a question is answered with; created once per process and reused across questions. */
export interface AnswerPipeline {
  config: ClausegateConfig;
  source: string;
  /**
   * The index and what it stores about the whole source (`corpus`: the words, counts and term
   * statistics the question checks and the gate read); its manifest's documents name the pages
   * recognised by OCR, which citations mark.
   */
  index: RetrievalIndex & { corpus: CorpusStatistics; manifest: { indexVersion: string; documents?: readonly { doc: string; ocrPages?: readonly number[] | undefined }[] } };
  embedder: Embedder;
  reranker: Reranker;
  generator: Generator;
  /** The gate's learned answer-or-refuse weights (`gate.learned`); without them the gate's rules decide. */
  gateWeights?: GateWeights | undefined;
  /** A monotonic clock in ms; default `performance.now`. */
  now?: () => number;
}

/** Per-question switches (the CLI's `--no-rerank`, `--no-gate`). */
export interface AnswerOptions {
  rerank?: boolean;
  gate?: boolean;
  /** Builds the prompt from its parts; default the frozen prompt v1 (`buildPrompt`). The service renders its templates through it. */
  buildPrompt?: (input: BuildPromptInput) => BuiltPrompt;
  /**
   * Only chunks of these documents (paths as the index names them) are retrieved, linked and so
   * cited; default every document of the source. The service's `doc_types` and date filters.
   */
  documents?: ReadonlySet<string>;
  /**
   * Keeps the question's reading and the rerank and gate stages' outputs for the same question
   * answered again with this pipeline under other settings (see `StageMemo`); default none, every
   * stage runs.
   */
  stageMemo?: StageMemo | undefined;
}

/**
 * Answers one question from the source's documents, or refuses in code before any generator call
 * when they are silent: sanitise → normalise and expand → hybrid retrieval (with the fallback) →
 * rerank → confidence gate → evidence budget → frozen prompt → generate → validate (one stricter
 * regeneration, then refusal). Returns a value for every expected outcome; a provider failure
 * becomes `status: 'failed'` with its error, never a silent fallback to model knowledge.
 */
export async function answerQuestion(pipeline: AnswerPipeline, rawQuestion: string, options: AnswerOptions = {}): Promise<AnswerResult> {
  const { config, source } = pipeline;
  const now = pipeline.now ?? (() => performance.now());
  const refusalText = config.sources[source]?.refusal ?? DEFAULT_REFUSAL;
  const latency: Record<string, number> = {};
  const started = now();
  let mark = started;
  const lap = (stage: string) => {
    const time = now();
    latency[stage] = time - mark;
    mark = time;
  };
  const result = emptyResult(pipeline, rawQuestion);
  const build = options.buildPrompt ?? buildPrompt;

  try {
    const read = await readAndRetrieve(pipeline, rawQuestion, { rerank: options.rerank !== false, documents: options.documents, stageMemo: options.stageMemo }, lap);
    const { sanitised, asked, forms, retrieval, questionTerms } = read;
    result.question = sanitised.text;
    result.flags.injectionFlags = sanitised.injectionFlags;
    result.tokens.question = sanitised.tokenCount;
    result.retrieval.spellingCorrections = read.spellingCorrections;
    if (read.abbreviations.length > 0) result.retrieval.abbreviations = read.abbreviations;
    result.retrieval.normalisedQuestion = read.normalisedText;
    result.retrieval.forms = forms.map((form) => ({ text: form.text, rule: form.rule ?? null }));
    result.gate.questionTerms = questionTerms.map((term) => ({ kind: term.kind, text: term.text }));
    result.flags.fallbackUsed = retrieval.fallbackUsed;
    result.retrieval.floor = retrieval.floor;
    result.retrieval.topSimilarity = retrieval.topSimilarity;
    result.retrieval.fallbackDetail = retrieval.fallbackDetail ?? null;

    // With a stage memo, each stage is keyed by what it reads (see `rerankStageKey`).
    const rerankKey = options.stageMemo === undefined ? '' : rerankStageKey(pipeline, read, options);
    const rerank = await rememberStage(options.stageMemo, () => rerankKey, () => rerankWithEditions(pipeline, read, options));
    result.retrieval.rerankMode = rerank.mode;
    result.retrieval.rerankError = rerank.fallbackError ?? null;
    result.flags.rerankFallback = rerank.mode === 'rerank_fallback';
    const keptIds = new Set(rerank.kept.map((candidate) => candidate.chunk.chunkId));
    result.candidates = rerank.ranked.map((candidate) => toCandidateRecord(candidate, keptIds.has(candidate.chunk.chunkId)));
    lap('rerank');

    let gated: RankedCandidate[];
    if (config.gate.enabled && options.gate !== false) {
      // The gate reads the reranked pool (a function of the rerank stage's inputs) and its own settings.
      const decision = await rememberStage(
        options.stageMemo,
        () => `gate\u0000${rerankKey}\u0000${settingsKey([config.gate, config.retrieval.expansions, config.sources[source]?.anchors])}`,
        () => gateReranked(pipeline, read, rerank),
      );
      lap('gate');
      if (decision.answerability !== undefined) result.gate.answerability = decision.answerability;
      if (decision.decision === 'refuse') {
        result.gate = { ...result.gate, decision: 'refuse', tier: decision.tier, reason: decision.reason, detail: decision.detail };
        return finish(refuse(result, refusalText, decision.reason, decision.detail));
      }
      result.gate = { ...result.gate, decision: 'pass', tier: decision.tier, reason: null, detail: decision.detail };
      gated = decision.evidence;
    } else {
      result.flags.gateDisabled = true;
      result.gate = { ...result.gate, decision: 'disabled', tier: 'none', reason: null, detail: 'the confidence gate was turned off (--no-gate)' };
      gated = rerank.kept;
      lap('gate');
    }

    const fixedPrompt = build({ question: sanitised.text, evidence: [], refusal: refusalText, maxSentences: config.generation.maxAnswerSentences });
    // A fee table's numbered notes go with it into the evidence, after the gate (they never decide
    // whether to answer), ranked after it and taking no evidence's place (`selectWithExtras`).
    const notes = new Set<RankedCandidate>(rerank.mode === 'reranked' ? findTableNotes(gated, rerank.ranked) : []);
    const lastRank = Math.max(0, ...gated.map((candidate) => candidate.rank));
    const chosen = selectWithExtras(gated, [...notes], (items) =>
      selectEvidence({
        candidates: items.map((candidate, position) => ({
          chunk: candidate.chunk,
          rank: notes.has(candidate) ? lastRank + 1 + position : candidate.rank,
          rerankScore: candidate.rerankScore,
          retrievalScore: candidate.fusedScore,
          similarity: candidate.linkedDefinition || notes.has(candidate) ? undefined : candidate.similarity,
          readAsRelevant: rerank.mode === 'reranked' && (candidate.rerankScore ?? 0) >= config.gate.relevanceThreshold,
          linkedDefinition: candidate.linkedDefinition !== undefined,
        })),
        budget: config.budget,
        similarityFloor: retrieval.floor,
        fixedPromptTokens: fixedPrompt.tokenCount,
      }),
    );
    const selection = chosen.selection;
    gated = chosen.items;
    result.drops = selection.drops.map((drop) => ({ chunkId: drop.chunkId, reason: drop.reason, detail: drop.detail }));
    result.evidence = selection.kept.map((item) => toEvidenceRecord(item, gated));
    result.tokens.evidence = selection.evidenceTokens;
    lap('select');
    if (selection.empty) {
      return finish(refuse(result, refusalText, 'empty_context_after_budget', 'no evidence was left after sanitising and the budget'));
    }

    const documentTerms = createDocumentTerms(read.naming.naming, pipeline.index.corpus.statistics, { throughout: true, companions: read.naming.nameStems });
    const evidence = selection.kept.map((item) => toGenerationEvidence(item, documentTerms, read.namedDocuments));
    let prompt = build({ question: sanitised.text, evidence: selection.kept, refusal: refusalText, maxSentences: config.generation.maxAnswerSentences });
    result.promptSha256 = prompt.sha256;
    result.tokens.prompt = prompt.tokenCount;
    lap('prompt');

    const generate = async (text: string, sha256: string): Promise<GenerationResult> => {
      const generation = await pipeline.generator.generate({
        prompt: text,
        promptSha256: sha256,
        question: asked,
        evidence,
        refusal: refusalText,
        maxSentences: config.generation.maxAnswerSentences,
        ...(options.stageMemo === undefined ? {} : { stageMemo: options.stageMemo }),
      });
      const calls = (result.generation?.calls ?? 0) + 1;
      const telemetry = generation.telemetry;
      result.generation = { calls, model: telemetry.model, attempts: telemetry.attempts, finishReason: telemetry.finishReason, cached: telemetry.cached, latencyMs: telemetry.latencyMs };
      result.tokens.completion += telemetry.completionTokens;
      return generation;
    };
    let generation = await generate(prompt.text, prompt.sha256);
    lap('generate');
    let validation = validateAnswer({ output: generation.output, evidence, refusal: refusalText, maxSentences: config.generation.maxAnswerSentences });
    let firstAttemptViolations: typeof validation.violations = [];
    if (!validation.ok && config.generation.regenerateOnViolation) {
      firstAttemptViolations = validation.violations;
      result.flags.regenerated = true;
      prompt = build({ question: sanitised.text, evidence: selection.kept, refusal: refusalText, maxSentences: config.generation.maxAnswerSentences, strict: true });
      result.promptSha256 = prompt.sha256;
      generation = await generate(prompt.text, prompt.sha256);
      validation = validateAnswer({ output: generation.output, evidence, refusal: refusalText, maxSentences: config.generation.maxAnswerSentences });
    }
    result.validation = {
      ok: validation.ok,
      attributionCoverage: validation.attributionCoverage,
      violations: validation.violations.map(toViolation),
      firstAttemptViolations: firstAttemptViolations.map(toViolation),
    };
    lap('validate');

    if (!validation.ok) {
      result.flags.hallucinationDetected = true;
      const detail = validation.violations.map((violation) => `${violation.code}: ${violation.detail}`).join('; ');
      return finish(refuse(result, refusalText, 'hallucination_detected', detail));
    }
    if (generation.output.kind === 'refusal') {
      return finish(refuse(result, refusalText, 'generator_refused', 'the generator found no answer in the evidence'));
    }
    const rendered = renderAnswer(generation.output, evidence);
    result.status = 'answered';
    result.answer = rendered.text;
    result.confidence = (generation.output as Extract<GenerationOutput, { kind: 'answer' }>).confidence;
    const ocrPages = readOcrPages(pipeline.index.manifest.documents);
    result.citations = rendered.citations.map((citation) => ({
      anchor: citation.anchor,
      chunkId: citation.chunkId,
      doc: citation.doc,
      sectionHeading: citation.sectionHeading,
      page: citation.page,
      quote: citation.quote,
      ...(ocrPages.has(`${citation.doc}\u0000${citation.page}`) ? { ocr: true as const } : {}),
    }));
    return finish(result);
  } catch (error) {
    if (isClausegateError(error) && (error.code === 'question_empty' || error.code === 'question_too_long')) throw error;
    if (!isClausegateError(error)) throw error;
    result.status = 'failed';
    result.error = { code: error.code, message: error.message };
    return finish(result);
  }

  function finish(value: AnswerResult): AnswerResult {
    latency.total = now() - started;
    value.latencyMs = latency;
    return value;
  }
}

/**
 * The rerank stage: the pool reranked, and for a comparison of years the other years' editions of
 * what it kept (the 2025 list's row beside the 2026 list's) joined and the whole pool reranked once more.
 */
async function rerankWithEditions(pipeline: AnswerPipeline, read: ReadAndRetrieved, options: AnswerOptions): Promise<RerankResult> {
  const { config } = pipeline;
  const { asked, forms, retrieval } = read;
  const rerankInput = {
    question: asked,
    candidates: retrieval.candidates,
    namedDocuments: read.namedDocuments,
    writesName: readWritesName(read.naming.nameStems, pipeline.index.corpus.statistics),
    reranker: options.rerank === false ? undefined : pipeline.reranker,
    settings: { ...config.rerank, enabled: config.rerank.enabled && options.rerank !== false, relevanceThreshold: config.gate.relevanceThreshold },
  };
  const rerank = await rerankCandidates(rerankInput);
  const editions = (rerank.mode === 'reranked'
    ? await linkOtherEditions(rerank.kept.map((candidate) => candidate.chunk), pipeline.index, forms, asked, new Set(retrieval.candidates.map((candidate) => candidate.chunk.chunkId)))
    : []
  ).filter((candidate) => options.documents === undefined || options.documents.has(candidate.chunk.doc));
  return editions.length > 0 ? rerankCandidates({ ...rerankInput, candidates: [...retrieval.candidates, ...editions] }) : rerank;
}

/** The confidence gate over the reranked pool, with the question's coverage and name checks against the source. */
async function gateReranked(pipeline: AnswerPipeline, read: ReadAndRetrieved, rerank: RerankResult): Promise<GateDecision> {
  const { config, source } = pipeline;
  const { asked, questionTerms } = read;
  const texts = pipeline.index.corpus;
  const names = findQuestionNames(asked, { expansions: config.retrieval.expansions, anchors: config.sources[source]?.anchors });
  return applyConfidenceGate({
    rerank,
    settings: config.gate,
    coverage: {
      terms: questionTerms,
      check: (texts) => checkCoverage(questionTerms, texts),
      absentNames: await findAbsentFromSource(asked, texts, config.retrieval.expansions.map((rule) => rule.pattern)),
      namesAbsentFrom: (evidence) => findNamesAbsentFromEvidence(names, evidence, texts.statistics, texts.vocabulary, texts.acronyms).map((name) => name.text),
      nameCount: names.length,
    },
    answerability: { question: asked, reading: readRerankQuestion(asked, texts.statistics, config.retrieval.expansions), statistics: texts.statistics, weights: pipeline.gateWeights },
  });
}

/**
 * What the rerank stage reads, as a `StageMemo` key: the question, its forms, the pool (every score
 * of every candidate; the chunk by id, the memo serving one index), the rerank settings and the
 * relevance threshold, and the per-question switches.
 */
function rerankStageKey(pipeline: AnswerPipeline, read: ReadAndRetrieved, options: AnswerOptions): string {
  const { config } = pipeline;
  const pool = read.retrieval.candidates.map((candidate) => [
    candidate.chunk.chunkId,
    candidate.similarity,
    candidate.keywordScore,
    candidate.vectorRank ?? null,
    candidate.keywordRank ?? null,
    candidate.fusedScore,
    candidate.forms,
    candidate.linkedDefinition ?? null,
    candidate.linkedEdition ?? null,
  ]);
  const settings = settingsKey([config.rerank, config.gate.relevanceThreshold, options.rerank !== false, options.documents === undefined ? null : [...options.documents].sort()]);
  return `${settings}\u0000${JSON.stringify([read.asked, read.forms.map((form) => [form.text, form.rule ?? null]), pool])}`;
}

/** The question as read and the candidate pool retrieved for it: the first stages of `answerQuestion`. */
export interface ReadAndRetrieved {
  sanitised: ReturnType<typeof sanitiseQuestion>;
  /** The sanitised question with misspellings corrected to the source's words: what retrieval, reranking and the gate read. */
  asked: string;
  spellingCorrections: ReturnType<typeof correctSpelling>['corrections'];
  /** The short forms spelled out in the source's words (`resolveAbbreviations`): `asked` reads them so. */
  abbreviations: ReturnType<typeof resolveAbbreviations>['resolutions'];
  normalisedText: string;
  forms: QueryForm[];
  questionTerms: ReturnType<typeof findQuestionTerms>;
  /** The documents the question names, one set per agreement (`readDocumentNames`). */
  namedDocuments: Set<string>[];
  /** The terms naming them and the other words of those names (stems; `readDocumentNames`). */
  naming: { naming: string[]; nameStems: string[] };
  retrieval: RetrievalResult;
}

/**
 * Sanitises the question, corrects misspellings to the source's own words (`licnesing` →
 * `licensing`), spells out the short forms the source resolves (`ND` → `non display`), normalises and expands it, embeds every form and runs hybrid retrieval with the
 * pool size of the reranker in use (`rerank: false` takes the default pool), from the allowed
 * `documents` only when given; with a `stageMemo` the question's reading is kept in it. `lap`
 * marks the `normalise`, `embed` and `retrieve` stages. `harness tune` reads pools through it too.
 */
export async function readAndRetrieve(
  pipeline: AnswerPipeline,
  rawQuestion: string,
  options: { rerank: boolean; documents?: ReadonlySet<string> | undefined; stageMemo?: StageMemo | undefined },
  lap: (stage: string) => void = () => {},
): Promise<ReadAndRetrieved> {
  const { config, source } = pipeline;
  // The question's reading is a function of the question and the settings named in its key (the source's word counts are the pipeline's).
  const { sanitised, spelling, normalised, expansion, questionTerms } = await rememberStage(
    options.stageMemo,
    () => `read\u0000${settingsKey([config.question.maxTokens, config.retrieval.expansions, config.retrieval.expansionRulesVersion, config.sources[source]?.anchors])}\u0000${rawQuestion}`,
    async () => {
      const sanitised = sanitiseQuestion(rawQuestion, { maxTokens: config.question.maxTokens });
      const corrected = correctSpelling(sanitised.text, pipeline.index.corpus.frequencies);
      // Short forms the documents never use (`ND`, `app`) read as the source's own words, by every later stage alike.
      // The source's phrases (40 MB at 100×) are read only for a question holding a token that may be one.
      const { corpus } = pipeline.index;
      const shortForms = findShortForms(corrected.text, corpus.frequencies, corpus.acronyms);
      const abbreviations =
        shortForms.length === 0
          ? { text: corrected.text, resolutions: [] }
          : resolveAbbreviations(corrected.text, corpus.frequencies, await corpus.readPhrases(), {
              acronyms: corpus.acronyms,
              shortForms,
              isGeneric: (word) => corpus.statistics.documentsHolding(stem(word)) >= 0.9 * corpus.statistics.documentCount,
            });
      const spelling = { text: abbreviations.text, corrections: corrected.corrections, abbreviations: abbreviations.resolutions };
      const normalised = normaliseQuestion(spelling.text);
      const expansion = expandQuery(normalised.text || spelling.text.toLowerCase(), config.retrieval.expansions, config.retrieval.expansionRulesVersion);
      const questionTerms = findQuestionTerms(spelling.text, config.sources[source]?.anchors ?? []);
      return { sanitised, spelling, normalised, expansion, questionTerms };
    },
  );
  const asked = spelling.text;
  lap('normalise');
  const forms: QueryForm[] = [];
  for (const form of expansion.forms) forms.push({ text: form.text, rule: form.rule, vector: await pipeline.embedder.embedQuery(form.text) });
  lap('embed');
  const documentNames = readDocumentNames(asked, pipeline.index.corpus.statistics);
  const retrieval = await retrieveCandidates({
    index: pipeline.index,
    forms,
    question: asked,
    documentHints: config.sources[source]?.documentHints ?? [],
    clauseSearch: documentNames,
    documents: options.documents,
    settings: {
      ...config.retrieval,
      ...config.retrieval.floorsByEmbedder[pipeline.embedder.info.name],
      ...(options.rerank ? config.retrieval.poolsByReranker[pipeline.reranker.info.name] : {}),
    },
  });
  lap('retrieve');
  return { sanitised, asked, spellingCorrections: spelling.corrections, abbreviations: spelling.abbreviations, normalisedText: normalised.text, forms, questionTerms, namedDocuments: documentNames?.groups ?? [], naming: { naming: documentNames?.naming ?? [], nameStems: documentNames?.nameStems ?? [] }, retrieval };
}

