import type { ClausegateConfig } from '../config/config-schema.ts';
import type { RankedCandidate, RerankResult } from '../rerank/rerank-candidates.ts';

/** Why the gate refused; stable codes recorded in traces and reports. */
export type GateRefusalReason =
  | 'no_chunks_retrieved'
  | 'confidence_too_low'
  | 'not_enough_relevant_chunks'
  | 'no_clear_winner'
  | 'question_term_not_in_evidence'
  | 'question_term_not_in_source';

/** A question term the evidence must contain (a year, exchange, product, party, figure, date). */
export interface CoverageTerm {
  kind: string;
  text: string;
}

/** The gate's decision, with every number it was made from. */
export type GateDecision =
  | { decision: 'pass'; tier: 'rerank' | 'retrieval'; evidence: RankedCandidate[]; detail: string }
  | { decision: 'refuse'; tier: 'rerank' | 'retrieval' | 'coverage'; reason: GateRefusalReason; detail: string; missingTerms?: CoverageTerm[] };

/** Input of `applyConfidenceGate`. */
export interface ApplyConfidenceGateInput {
  rerank: RerankResult;
  settings: ClausegateConfig['gate'];
  /** The question's specific terms and a check of them against evidence texts (the coverage check). */
  coverage: {
    terms: readonly CoverageTerm[];
    check: (evidenceTexts: string[]) => { covered: boolean; missing: readonly CoverageTerm[] };
    /** Names (acronyms) and required actions the question asks about that no document of the source contains; see `findNamesAbsentFromSource`, `findRequiredActionAbsentFromSource`. */
    absentNames?: readonly string[];
    /** The names the question writes that none of the given evidence holds (see `findNamesAbsentFromEvidence`); run after the term check. */
    namesAbsentFrom?: (evidence: readonly RankedCandidate['chunk'][]) => readonly string[];
  };
}

/**
 * The confidence gate, in code, before any generator call. First, a question naming something no
 * document of the source contains (an acronym absent from every chunk: `SOC 2`) is refused. Tier one (reranked scores): refuse when
 * fewer than `minChunksRequired` chunks reach `relevanceThreshold`. Tier two (retrieval scores, when
 * reranking is off or failed): refuse when the top similarity is ≤ `minRetrievalScore` or the top
 * two are not apart by `minTopRatio`. Then the coverage check: every specific term the question
 * names must occur in the kept evidence (text, section heading or document name), and so must every
 * name it writes (`namesAbsentFrom`).
 */
export function applyConfidenceGate(input: ApplyConfidenceGateInput): GateDecision {
  const { rerank, settings } = input;
  const absentNames = input.coverage.absentNames ?? [];
  if (settings.coverageCheck && absentNames.length > 0) {
    return {
      decision: 'refuse',
      tier: 'coverage',
      reason: 'question_term_not_in_source',
      detail: `the question names ${absentNames.map((name) => `"${name}"`).join(', ')}, which no document of this source contains`,
      missingTerms: absentNames.map((name) => ({ kind: 'name', text: name })),
    };
  }
  if (rerank.ranked.length === 0) {
    return { decision: 'refuse', tier: rerank.mode === 'reranked' ? 'rerank' : 'retrieval', reason: 'no_chunks_retrieved', detail: 'retrieval returned no candidate above the similarity floor' };
  }
  let evidence: RankedCandidate[];
  let tier: 'rerank' | 'retrieval';
  if (rerank.mode === 'reranked') {
    tier = 'rerank';
    evidence = rerank.kept.filter((candidate) => (candidate.rerankScore ?? 0) >= settings.relevanceThreshold);
    const best = rerank.ranked[0]?.rerankScore ?? 0;
    if (evidence.length === 0) {
      return { decision: 'refuse', tier, reason: 'confidence_too_low', detail: `no chunk reached relevance ${settings.relevanceThreshold} (best ${best})` };
    }
    if (evidence.length < settings.minChunksRequired) {
      return {
        decision: 'refuse',
        tier,
        reason: 'not_enough_relevant_chunks',
        detail: `${evidence.length} chunk(s) reached relevance ${settings.relevanceThreshold}; ${settings.minChunksRequired} required`,
      };
    }
  } else {
    tier = 'retrieval';
    const similarities = rerank.ranked.map((candidate) => candidate.similarity).sort((a, b) => b - a);
    const top = similarities[0] ?? 0;
    const second = similarities[1];
    if (top <= settings.minRetrievalScore) {
      return { decision: 'refuse', tier, reason: 'confidence_too_low', detail: `top similarity ${top.toFixed(3)} ≤ ${settings.minRetrievalScore}` };
    }
    if (second !== undefined && second > 0 && top / second < settings.minTopRatio) {
      return {
        decision: 'refuse',
        tier,
        reason: 'no_clear_winner',
        detail: `top-1/top-2 similarity ${top.toFixed(3)}/${second.toFixed(3)} = ${(top / second).toFixed(2)} < ${settings.minTopRatio}`,
      };
    }
    evidence = rerank.kept;
  }

  if (settings.coverageCheck && input.coverage.terms.length > 0) {
    // The source name counts as evidence: every CME document is a CME document even when a fee row never says "CME".
    const texts = evidence.map((candidate) => `${candidate.chunk.source}\n${candidate.chunk.doc}\n${candidate.chunk.sectionHeading}\n${candidate.chunk.text}`);
    const result = input.coverage.check(texts);
    if (!result.covered) {
      return {
        decision: 'refuse',
        tier: 'coverage',
        reason: 'question_term_not_in_evidence',
        detail: `the question names ${result.missing.map((term) => `${term.kind} "${term.text}"`).join(', ')}, which no kept evidence contains`,
        missingTerms: [...result.missing],
      };
    }
  }
  if (settings.coverageCheck && input.coverage.namesAbsentFrom !== undefined) {
    const missing = input.coverage.namesAbsentFrom(evidence.map((candidate) => candidate.chunk));
    if (missing.length > 0) {
      return {
        decision: 'refuse',
        tier: 'coverage',
        reason: 'question_term_not_in_evidence',
        detail: `the question names ${missing.map((name) => `"${name}"`).join(', ')}, which no kept evidence holds (nor its document throughout)`,
        missingTerms: missing.map((text) => ({ kind: 'name', text })),
      };
    }
  }
  return { decision: 'pass', tier, evidence, detail: `${evidence.length} chunk(s) passed the ${tier} tier` };
}
