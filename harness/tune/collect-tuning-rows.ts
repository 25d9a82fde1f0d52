import { readAndRetrieve } from '../../pipeline/answer-question.ts';
import type { AnswerPipeline } from '../../pipeline/answer-question.ts';
import { measureRerankFeatures } from '../../pipeline/rerank/measure-rerank-features.ts';
import { readRerankQuestion } from '../../pipeline/rerank/read-rerank-question.ts';
import { toRerankCandidate } from '../../pipeline/rerank/rerank-candidates.ts';
import type { TermStatistics } from '../../pipeline/rerank/term-statistics.ts';
import type { SuiteCase } from '../run/prepare-cases.ts';
import { measureSpanRecall } from '../score/index.ts';
import type { DocumentAliases } from '../score/index.ts';

/** One golden case's candidate pool as training rows: a feature vector and a label per candidate. */
export interface TuningGroup {
  suite: string;
  caseId: string;
  /** `answer` for an answerable case, `refuse` for a should-refuse one (all its labels are 0). */
  expectation: 'answer' | 'refuse';
  rows: number[][];
  /** 1 when the candidate overlaps an expected evidence span (or its verbatim copy), else 0. */
  labels: number[];
}

/**
 * Runs the pipeline's reading and hybrid retrieval for every case (no reranking, no generation),
 * measures the reranker features of each candidate in the pool, and labels a candidate 1 when its
 * span overlaps one of the case's expected evidence spans (`measureSpanRecall`'s rule, byte-identical
 * duplicates and verbatim copies included).
 */
export async function collectTuningRows(input: {
  suite: string;
  cases: readonly SuiteCase[];
  pipeline: AnswerPipeline;
  statistics: TermStatistics;
  aliases: DocumentAliases;
}): Promise<TuningGroup[]> {
  const groups: TuningGroup[] = [];
  for (const suiteCase of input.cases) {
    const read = await readAndRetrieve(input.pipeline, suiteCase.question, { rerank: true });
    const candidates = read.retrieval.candidates;
    const rows = measureRerankFeatures(readRerankQuestion(read.asked, input.statistics, input.pipeline.config.retrieval.expansions), candidates.map(toRerankCandidate), input.statistics);
    const labels = candidates.map((candidate) => {
      const span = { doc: candidate.chunk.doc, page: candidate.chunk.pageStart, start: candidate.chunk.span.start, end: candidate.chunk.span.end };
      return measureSpanRecall(suiteCase.expected.evidence, [span], input.aliases).overlapped > 0 ? 1 : 0;
    });
    groups.push({ suite: input.suite, caseId: suiteCase.id, expectation: suiteCase.expected.expectation, rows, labels });
  }
  return groups;
}
