import type { ClausegateConfig } from '../config/config-schema.ts';
import type { RerankQuestion } from '../rerank/read-rerank-question.ts';
import type { RankedCandidate, RerankResult } from '../rerank/rerank-candidates.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import { wordStems } from '../rerank/term-statistics.ts';
import { decideAnswerability, type Answerability } from './decide-answerability.ts';
import type { GateWeights } from './gate-weights.ts';
import { readStatedKind } from './read-stated-kind.ts';
import { measureGateFeatures } from './measure-gate-features.ts';

/** Why the gate refused; stable codes recorded in traces and reports. */
export type GateRefusalReason =
  | 'no_chunks_retrieved'
  | 'confidence_too_low'
  | 'not_enough_relevant_chunks'
  | 'no_clear_winner'
  | 'question_term_not_in_evidence'
  | 'question_term_not_in_source'
  | 'answer_type_not_in_evidence';

/** A question term the evidence must contain (a year, exchange, product, party, figure, date). */
export interface CoverageTerm {
  kind: string;
  text: string;
}

/** The gate's decision, with every number it was made from. */
export type GateDecision =
  | { decision: 'pass'; tier: 'rerank' | 'retrieval'; evidence: RankedCandidate[]; detail: string; answerability?: Answerability }
  | { decision: 'refuse'; tier: 'rerank' | 'retrieval' | 'coverage'; reason: GateRefusalReason; detail: string; missingTerms?: CoverageTerm[]; answerability?: Answerability };

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
    /** How many names the question writes (the names `namesAbsentFrom` checks). */
    nameCount?: number;
  };
  /**
   * The learned answer-or-refuse decision over reranked evidence (see `measureGateFeatures`): the
   * question read once, the source's term statistics and the fitted weights. Without weights the
   * features are measured and reported, and the rules decide.
   */
  answerability?: {
    question: string;
    reading: RerankQuestion;
    statistics: TermStatistics;
    weights: GateWeights | undefined;
  };
}

/**
 * The confidence gate, in code, before any generator call. First, a question naming something no
 * document of the source contains (an acronym absent from every chunk: `SOC 2`) is refused. Tier one (reranked scores): refuse when
 * fewer than `minChunksRequired` chunks reach `relevanceThreshold`. Tier two (retrieval scores, when
 * reranking is off or failed): refuse when the top similarity is ≤ `minRetrievalScore` or the top
 * two are not apart by `minTopRatio`. Then the coverage check: every specific term the question
 * names must occur in the kept evidence (text, section heading or document name), and so must every
 * name it writes (`namesAbsentFrom`). With `answerability` and reranked evidence, the value check and
 * the learned rescue of `decideFromEvidence` follow the rules.
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
  if (rerank.mode === 'reranked' && input.answerability !== undefined) return decideFromEvidence(input, input.answerability);
  return applyRules(input);
}

/** A kept candidate that reached the relevance threshold, or stands for an agreement the question names (`RankedCandidate.standsForNamedSide`). */
function isRelevant(candidate: RankedCandidate, threshold: number): boolean {
  return (candidate.rerankScore ?? 0) >= threshold || candidate.standsForNamedSide === true;
}

/** Rule refusals a learned rescue may overturn: relevance spread over several chunks, or a term the evidence words differently. */
const RESCUABLE: ReadonlySet<GateRefusalReason> = new Set(['confidence_too_low', 'not_enough_relevant_chunks', 'question_term_not_in_evidence']);

/** The rule gate: the relevance tier, then the coverage check of the question's terms and names. */
function applyRules(input: ApplyConfidenceGateInput): GateDecision {
  const { rerank, settings } = input;
  let evidence: RankedCandidate[];
  let tier: 'rerank' | 'retrieval';
  if (rerank.mode === 'reranked') {
    tier = 'rerank';
    evidence = rerank.kept.filter((candidate) => isRelevant(candidate, settings.relevanceThreshold));
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

/**
 * The rule gate with two measured corrections. Evidence the rules pass is refused when the question
 * asks for a value (an amount, a date, a duration, a percentage, a count, a frequency, a party) and no
 * sentence or table row of it states one with a written number (`answer_type_not_in_evidence`: a fee
 * clause that names no amount, a redacted rate, a blank in a form). A rule refusal for relevance or
 * for a term the evidence lacks is overturned when the fitted model (`weights`) finds the evidence
 * answerable at its rescue threshold; the evidence is then what reached the relevance threshold, or
 * else what the reranker scored at least 1 (a long or two-part question spreads its terms over
 * several chunks). Without weights no rule refusal is overturned; the features go to the trace.
 */
function decideFromEvidence(input: ApplyConfidenceGateInput, answerability: NonNullable<ApplyConfidenceGateInput['answerability']>): GateDecision {
  const { rerank, settings } = input;
  const rules = applyRules(input);
  const reaching = rerank.kept.filter((candidate) => isRelevant(candidate, settings.relevanceThreshold));
  const evidence = rules.decision === 'pass' ? rules.evidence : reaching.length > 0 ? reaching : rerank.kept.filter((candidate) => (candidate.rerankScore ?? 0) >= 1);
  const texts = evidence.map((candidate) => `${candidate.chunk.source}\n${candidate.chunk.doc}\n${candidate.chunk.sectionHeading}\n${candidate.chunk.text}`);
  const coverage = settings.coverageCheck && input.coverage.terms.length > 0 ? input.coverage.check(texts) : { covered: true, missing: [] };
  const missingNames = settings.coverageCheck && input.coverage.namesAbsentFrom !== undefined ? input.coverage.namesAbsentFrom(evidence.map((candidate) => candidate.chunk)) : [];
  const { statistics } = answerability;
  // A name is as specific as its rarest word the source holds (a word it never holds: no document).
  const documentsHolding = (name: string) => {
    const counts = wordStems(name).map((wordStem) => statistics.documentsHolding(wordStem)).filter((count) => count > 0);
    return counts.length === 0 ? 0 : Math.min(...counts);
  };
  const vector = measureGateFeatures({
    question: answerability.question,
    reading: answerability.reading,
    ranked: rerank.ranked,
    evidence,
    relevanceThreshold: settings.relevanceThreshold,
    coverage: { terms: input.coverage.terms.length, missing: coverage.missing.length },
    names: { total: input.coverage.nameCount ?? missingNames.length, missing: missingNames.map((name) => ({ documentsHolding: documentsHolding(name) })) },
    statistics,
    rulesRefuse: rules.decision === 'refuse',
  });
  const decided = decideAnswerability(vector, answerability.weights);
  const odds = `answerable p=${decided.probability?.toFixed(3) ?? '-'} (rescue at ${decided.threshold?.toFixed(3) ?? '-'}, gate ${decided.version ?? 'rules only'})`;
  if (rules.decision === 'pass') {
    if (settings.coverageCheck && decided.features.valueNotStated === 1) {
      return { decision: 'refuse', tier: 'coverage', reason: 'answer_type_not_in_evidence', detail: `the question asks for a value (${readableKind(answerability)}) that no sentence or row of the ${evidence.length} kept chunk(s) states with a written figure (a blank or a redaction states none)`, answerability: decided };
    }
    return { ...rules, detail: `${rules.detail}; ${odds}`, answerability: decided };
  }
  if (RESCUABLE.has(rules.reason) && answerability.weights !== undefined && decided.answerable && evidence.length >= settings.minChunksRequired && decided.features.valueNotStated !== 1) {
    return { decision: 'pass', tier: 'rerank', evidence, detail: `${evidence.length} chunk(s) passed: the rules refused (${rules.reason}: ${rules.detail}), the model did not; ${odds}`, answerability: decided };
  }
  return { ...rules, detail: `${rules.detail}; ${odds}`, answerability: decided };
}

function readableKind(answerability: NonNullable<ApplyConfidenceGateInput['answerability']>): string {
  return readStatedKind(answerability.question) ?? 'none';
}
