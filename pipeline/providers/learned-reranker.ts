import { measureAnswerability } from '../rerank/measure-answerability.ts';
import { measureRerankFeatures, RERANK_FEATURES } from '../rerank/measure-rerank-features.ts';
import { readRerankQuestion } from '../rerank/read-rerank-question.ts';
import { predictRelevance } from '../rerank/weights-file.ts';
import type { RerankWeights } from '../rerank/rerank-weights.ts';
import { buildTermStatistics } from '../rerank/term-statistics.ts';
import type { TermStatistics } from '../rerank/term-statistics.ts';
import type { RerankCandidate, RerankScore, Reranker, RerankerInfo } from './reranker.ts';

/**
 * Creates the learned offline reranker: every candidate is measured on the general features of
 * `measureRerankFeatures` (term coverage and proximity, heading and document-name match, the kind
 * of answer asked for near the terms, years, retrieval scores) and scored by the logistic regression
 * `harness tune` fitted on the golden suites. The probability orders candidates (`strength`) and maps
 * to the 0–3 scale by the fitted thresholds. Term weights come from the source's chunks
 * (`prepare`); before it is called, from the pool alone.
 */
export function createLearnedReranker(weights: RerankWeights, expansions: readonly { pattern: string; expansion: string }[] = []): Reranker {
  const info: RerankerInfo = { name: 'offline-learned', model: `logistic-${weights.version}` };
  let statistics: TermStatistics | undefined;
  return {
    info,
    prepare(sourceStatistics) {
      statistics = sourceStatistics;
    },
    async rerank(question: string, candidates: readonly RerankCandidate[]): Promise<RerankScore[]> {
      return scoreCandidates(weights, statistics ?? buildTermStatistics(candidates), question, candidates, expansions);
    },
  };
}

/** Scores a pool with the weights; shared by the reranker and `harness tune`'s measurements. */
export function scoreCandidates(
  weights: RerankWeights,
  statistics: TermStatistics,
  question: string,
  candidates: readonly RerankCandidate[],
  expansions: readonly { pattern: string; expansion: string }[] = [],
): RerankScore[] {
  const reading = readRerankQuestion(question, statistics, expansions);
  const vectors = measureRerankFeatures(reading, candidates, statistics);
  const probabilities = vectors.map((features) => predictRelevance(weights, features));
  // The pool as a whole must look answerable; otherwise nothing is more than related.
  const answerable = predictRelevance(weights.answerability, measureAnswerability(vectors, probabilities));
  const ceiling = answerable >= weights.answerability.threshold ? 3 : 1;
  return candidates.map((candidate, index) => {
    const features = vectors[index]!;
    const probability = probabilities[index]!;
    const score = Math.min(ceiling, probability >= weights.thresholds.answers ? 3 : probability >= weights.thresholds.relevant ? 2 : probability >= weights.thresholds.related ? 1 : 0) as 0 | 1 | 2 | 3;
    const named = RERANK_FEATURES.map((name, position) => `${name}=${features[position]!.toFixed(2)}`).join(' ');
    return { chunkId: candidate.chunkId, score, strength: probability, detail: `p=${probability.toFixed(3)} answerable=${answerable.toFixed(3)}${ceiling === 1 ? ' (below the threshold: capped at 1)' : ''} asked=${reading.asked} ${named}` };
  });
}
