import type { AnswerPipeline } from '../answer-question.ts';
import type { AnswerResult, CandidateRecord, EvidenceRecord } from '../answer-result.ts';
import type { GenerationEvidence } from '../providers/generator.ts';
import type { RankedCandidate } from '../rerank/rerank-candidates.ts';
import { shippedAskWeights } from '../question/index.ts';
import { PROMPT_VERSION } from './build-prompt.ts';
import type { SelectedEvidence } from './select-evidence.ts';

/** `doc\u0000page` of every page the index recognised by OCR. */
export function readOcrPages(documents: readonly { doc: string; ocrPages?: readonly number[] | undefined }[] | undefined): Set<string> {
  return new Set((documents ?? []).flatMap((document) => (document.ocrPages ?? []).map((page) => `${document.doc}\u0000${page}`)));
}

/** Turns `result` into a refusal with `text`, `reason` and `detail` (in place); returns it. */
export function refuse(result: AnswerResult, text: string, reason: string, detail: string): AnswerResult {
  result.status = 'refused';
  result.answer = null;
  result.citations = [];
  result.refusal = { text, reason, detail };
  return result;
}

/** A validation violation as the result records it (`sentence` only when known). */
export function toViolation(violation: { code: string; sentence?: number | undefined; detail: string }) {
  return violation.sentence === undefined ? { code: violation.code, detail: violation.detail } : { code: violation.code, sentence: violation.sentence, detail: violation.detail };
}

/** A ranked candidate as the result records it; `kept` when the reranker kept it. */
export function toCandidateRecord(candidate: RankedCandidate, kept: boolean): CandidateRecord {
  return {
    chunkId: candidate.chunk.chunkId,
    doc: candidate.chunk.doc,
    page: candidate.chunk.pageStart,
    span: candidate.chunk.span,
    tokenCount: candidate.chunk.tokenCount,
    similarity: candidate.similarity,
    keywordScore: candidate.keywordScore,
    fusedScore: candidate.fusedScore,
    vectorRank: candidate.vectorRank ?? null,
    keywordRank: candidate.keywordRank ?? null,
    rerankScore: candidate.rerankScore ?? null,
    rerankStrength: candidate.rerankStrength ?? null,
    rank: candidate.rank,
    kept,
    linkedDefinition: candidate.linkedDefinition?.term ?? null,
    linkedEdition: candidate.linkedEdition?.from ?? null,
  };
}

/** An item of the selected evidence as the result records it, with its candidate's scores from `gated`. */
export function toEvidenceRecord(item: SelectedEvidence, gated: readonly RankedCandidate[]): EvidenceRecord {
  const candidate = gated.find((entry) => entry.chunk.chunkId === item.chunk.chunkId);
  return {
    ...evidencePlace(item),
    span: item.chunk.span,
    tokenCount: item.tokenCount,
    truncated: item.truncated,
    rank: item.rank,
    rerankScore: candidate?.rerankScore ?? null,
    similarity: candidate?.similarity ?? 0,
    keywordScore: candidate?.keywordScore ?? 0,
    fusedScore: candidate?.fusedScore ?? 0,
    linkedDefinition: candidate?.linkedDefinition?.term ?? null,
  };
}

/** The result of `question` before any stage ran: failed, with the pipeline's versions. */
export function emptyResult(pipeline: AnswerPipeline, question: string): AnswerResult {
  const { config } = pipeline;
  const embedder = pipeline.embedder.info;
  return {
    schemaVersion: 1,
    status: 'failed',
    question,
    source: pipeline.source,
    answer: null,
    confidence: null,
    citations: [],
    refusal: null,
    error: null,
    evidence: [],
    candidates: [],
    drops: [],
    flags: { fallbackUsed: false, rerankFallback: false, hallucinationDetected: false, regenerated: false, gateDisabled: false, injectionFlags: [] },
    retrieval: { normalisedQuestion: '', forms: [], floor: config.retrieval.minSimilarity, topSimilarity: 0, fallbackDetail: null, rerankMode: 'retrieval_only', rerankError: null },
    gate: { decision: 'refuse', tier: 'none', reason: null, detail: '', questionTerms: [] },
    validation: null,
    generation: null,
    tokens: { question: 0, evidence: 0, prompt: 0, completion: 0 },
    promptSha256: null,
    promptVersion: PROMPT_VERSION,
    latencyMs: {},
    versions: {
      policy: config.policyVersion,
      index: pipeline.index.manifest.indexVersion,
      embedder: `${embedder.name}/${embedder.model}@${embedder.version} (${embedder.dimensions})`,
      reranker: `${pipeline.reranker.info.name}/${pipeline.reranker.info.model}`,
      generator: `${pipeline.generator.info.name}/${pipeline.generator.info.model}`,
      expansionRules: config.retrieval.expansionRulesVersion,
      askReading: shippedAskWeights().version,
    },
  };
}

/** An item of the selected evidence as the generator is given it, with the question's names its document answers for (`createDocumentTerms`) and, when the question names several agreements, which one it is (or, naming one, whether it is that one). */
export function toGenerationEvidence(
  item: SelectedEvidence,
  documentTerms: (doc: string) => ReadonlySet<string> | undefined,
  namedDocuments: readonly ReadonlySet<string>[] = [],
): GenerationEvidence {
  const named = [...(documentTerms(item.chunk.doc) ?? [])];
  // Two or more agreements named: which one this document is (the side of a comparison it answers).
  const side = namedDocuments.length >= 2 ? namedDocuments.findIndex((group) => group.has(item.chunk.doc)) : -1;
  return {
    ...evidencePlace(item),
    text: item.text,
    ...(named.length > 0 ? { documentTerms: named } : {}),
    ...(side >= 0 ? { side } : {}),
    ...(namedDocuments.length === 1 && namedDocuments[0]!.has(item.chunk.doc) ? { named: true } : {}),
  };
}

/** Where an item of the selected evidence sits: its anchor, chunk, document, first page and heading. */
function evidencePlace(item: SelectedEvidence): Pick<GenerationEvidence, 'anchor' | 'chunkId' | 'doc' | 'page' | 'sectionHeading'> {
  return { anchor: item.anchor, chunkId: item.chunk.chunkId, doc: item.chunk.doc, page: item.chunk.pageStart, sectionHeading: item.chunk.sectionHeading };
}
