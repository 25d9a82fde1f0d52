import { describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../config/config-schema.ts';
import { readRerankQuestion } from '../rerank/read-rerank-question.ts';
import type { RankedCandidate, RerankResult } from '../rerank/rerank-candidates.ts';
import { buildTermStatistics } from '../rerank/term-statistics.ts';
import { checkCoverage } from '../question/index.ts';
import { applyConfidenceGate } from './apply-confidence-gate.ts';
import { GATE_FEATURES } from './measure-gate-features.ts';
import type { GateWeights } from './gate-weights.ts';

const settings = ClausegateConfig.parse({}).gate;

function candidate(text: string, rerankScore: number, rank: number): RankedCandidate {
  const chunk = {
    chunkId: `c${rank}`,
    doc: 'harbour-fee-list.pdf',
    source: 'demo',
    docHash: 'x',
    ordinal: rank,
    pageStart: 1,
    pageEnd: 1,
    sectionHeading: 'Fees',
    span: { start: 0, end: text.length },
    text,
    tokenCount: 10,
    isDefinitions: false,
  } as RankedCandidate['chunk'];
  return { chunk, similarity: 0.5, keywordScore: 1, vectorRank: rank, keywordRank: rank, fusedScore: 0.1, forms: [], linkedDefinition: undefined, rerankScore, rerankDetail: undefined, rank };
}

function gate(question: string, ranked: RankedCandidate[], weights?: GateWeights) {
  const statistics = buildTermStatistics(ranked.map((entry) => entry.chunk));
  const rerank: RerankResult = { ranked, kept: ranked, mode: 'reranked', fallbackError: undefined };
  return applyConfidenceGate({
    rerank,
    settings,
    coverage: { terms: [], check: (texts) => checkCoverage([], texts) },
    answerability: { question, reading: readRerankQuestion(question, statistics), statistics, weights },
  });
}

// A model that finds every pool answerable (a positive bias, no weights) with its rescue threshold.
const alwaysAnswerable = (threshold: number): GateWeights => ({
  schemaVersion: 1,
  kind: 'clausegate-gate-weights',
  version: 'g1-test',
  reranker: 'offline-lexical',
  features: [...GATE_FEATURES],
  mean: GATE_FEATURES.map(() => 0),
  scale: GATE_FEATURES.map(() => 1),
  weights: GATE_FEATURES.map(() => 0),
  bias: 3,
  threshold,
  training: { suites: [], cases: 0, answerable: 0, regularisation: 0.01, folds: [] },
});

describe('applyConfidenceGate with reranked evidence', () => {
  it('refuses an amount asked of evidence that states none, and answers when a row states it', () => {
    const pointer = candidate('Fees for the archive are published in the product catalogue.', 3, 1);
    const refused = gate('What is the monthly archive fee?', [pointer]);
    expect(refused).toMatchObject({ decision: 'refuse', reason: 'answer_type_not_in_evidence' });
    const row = candidate('Archive | Device | $12.50', 3, 1);
    expect(gate('What is the monthly archive fee?', [row])).toMatchObject({ decision: 'pass' });
    // A redacted figure states nothing.
    expect(gate('What is the archive fee?', [candidate('The archive fee is $*****.', 3, 1)])).toMatchObject({ decision: 'refuse', reason: 'answer_type_not_in_evidence' });
  });

  it('refuses when the clause asked about leaves its figure blank, though another sentence states a figure', () => {
    const blank = candidate('Storage. ___ megabytes of disk space on the host servers. Support is billed at $150 per hour.', 3, 1);
    expect(gate('How many megabytes of disk space does the host provide?', [blank])).toMatchObject({ decision: 'refuse', reason: 'answer_type_not_in_evidence' });
    // …and answers when the sentence holding more of the question states it.
    const stated = candidate('Storage. 50 megabytes of disk space on the host servers. Additional space: ___ per megabyte.', 3, 1);
    expect(gate('How many megabytes of disk space does the host provide?', [stated])).toMatchObject({ decision: 'pass' });
  });

  it('records the features, and overturns a relevance refusal only with weights whose threshold the pool reaches', () => {
    const weak = [candidate('Archive access is reported each month with the device count.', 1, 1)];
    const rules = gate('How is archive access reported?', weak);
    expect(rules).toMatchObject({ decision: 'refuse', reason: 'confidence_too_low' });
    expect(Object.keys(rules.answerability?.features ?? {})).toEqual([...GATE_FEATURES]);
    expect(gate('How is archive access reported?', weak, alwaysAnswerable(1))).toMatchObject({ decision: 'refuse', reason: 'confidence_too_low' });
    const rescued = gate('How is archive access reported?', weak, alwaysAnswerable(0.5));
    expect(rescued).toMatchObject({ decision: 'pass' });
    expect(rescued.decision === 'pass' ? rescued.evidence.map((entry) => entry.chunk.chunkId) : []).toEqual(['c1']);
  });

  it('counts a kept candidate that stands for an agreement the question names as relevant evidence, whatever its score', () => {
    const orchard = candidate('Either party may terminate this licence on ninety days written notice.', 3, 1);
    const ridge = { ...candidate('Either party may terminate this licence on sixty days written notice.', 1, 2), standsForNamedSide: true as const };
    const passed = gate('Termination notice: Orchard licence vs Ridge licence?', [orchard, ridge]);
    expect(passed.decision === 'pass' ? passed.evidence.map((entry) => entry.chunk.chunkId) : passed).toEqual(['c1', 'c2']);
    // The same candidate, not standing for a named agreement, is below the threshold: left out.
    const unmarked = gate('Termination notice: Orchard licence vs Ridge licence?', [orchard, candidate(ridge.chunk.text, 1, 2)]);
    expect(unmarked.decision === 'pass' ? unmarked.evidence.map((entry) => entry.chunk.chunkId) : unmarked).toEqual(['c1']);
  });
});

describe('the coverage check of the confidence gate', () => {
  it('reads a date from the kept document name, its separators read as spaces', async () => {
    const { findQuestionTerms } = await import('../question/index.ts');
    const question = 'What was the archive fee in the January 2025 list?';
    const terms = findQuestionTerms(question, []);
    expect(terms.map((term) => term.text)).toContain('January 2025');
    const row = candidate('Archive | Device | $12.50', 3, 1);
    const inList = (doc: string) => {
      const entry = { ...row, chunk: { ...row.chunk, doc } };
      const statistics = buildTermStatistics([entry.chunk]);
      return applyConfidenceGate({
        rerank: { ranked: [entry], kept: [entry], mode: 'reranked', fallbackError: undefined },
        settings,
        coverage: { terms, check: (texts) => checkCoverage(terms, texts) },
        answerability: { question, reading: readRerankQuestion(question, statistics), statistics, weights: undefined },
      });
    };
    expect(inList('harbour-fee-list-january-2025.pdf')).toMatchObject({ decision: 'pass' });
    expect(inList('harbour-fee-list-march-2025.pdf')).toMatchObject({ decision: 'refuse', reason: 'question_term_not_in_evidence' });
  });
});
