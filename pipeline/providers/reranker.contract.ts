import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RerankCandidate, Reranker } from './reranker.ts';

/** What a contract setup provides: the reranker under test and how to release what it started. */
export interface RerankerContractSubject {
  reranker: Reranker;
  teardown?: () => Promise<void>;
}

/** The question every contract run asks. */
export const RERANK_CONTRACT_QUESTION = 'What is the real-time display device fee for CME market data?';

/** The candidates every contract run scores: a direct answer, a near miss, a definition and an unrelated clause. */
export const RERANK_CONTRACT_CANDIDATES: readonly RerankCandidate[] = [
  {
    chunkId: 'contract-audit',
    doc: 'information-policies.pdf',
    sectionHeading: 'Audit',
    text: 'Licensee Group shall retain all records relating to its use of Information for audit purposes for a period of five (5) years.',
  },
  {
    chunkId: 'contract-display-device',
    doc: 'january-2026-market-data-fee-list.pdf',
    sectionHeading: 'Display Device',
    text: 'Real Time | Device | $134.50\nDelayed | Device | $0',
  },
  {
    chunkId: 'contract-data-feed',
    doc: 'january-2026-market-data-fee-list.pdf',
    sectionHeading: 'Data Feed',
    text: 'Real Time | Data Feed | $610\nDelayed | Data Feed | $304',
  },
  {
    chunkId: 'contract-definition',
    doc: 'ila-subscriber-addendum.pdf',
    sectionHeading: 'Definitions',
    text: 'Device: any unit of equipment, fixed or portable, that can access, receive, display or process Information.',
  },
];

/**
 * The contract every `Reranker` meets, run against each implementation: one score per candidate in
 * input order (by `chunkId`), every score an integer 0–3 with a detail, the same scores for the same
 * input, the direct answer above the unrelated clause, an empty list for no candidates, and a named
 * `info`. `setup` runs once before the tests and its `teardown` once after them.
 */
export function describeRerankerContract(name: string, setup: () => Promise<RerankerContractSubject> | RerankerContractSubject): void {
  describe(`Reranker contract: ${name}`, () => {
    let subject: RerankerContractSubject;
    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.teardown?.();
    });

    it('names itself', () => {
      expect(subject.reranker.info.name).toMatch(/\S/);
      expect(subject.reranker.info.model).toMatch(/\S/);
    });

    it('returns one score per candidate, in input order', async () => {
      const scores = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, RERANK_CONTRACT_CANDIDATES);
      expect(scores.map((score) => score.chunkId)).toEqual(RERANK_CONTRACT_CANDIDATES.map((candidate) => candidate.chunkId));
    });

    it('scores on the 0–3 scale with a detail for the trace', async () => {
      const scores = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, RERANK_CONTRACT_CANDIDATES);
      for (const score of scores) {
        expect([0, 1, 2, 3]).toContain(score.score);
        expect(typeof score.detail).toBe('string');
        expect(score.detail.length).toBeGreaterThan(0);
      }
    });

    it('ranks the direct answer above the unrelated clause', async () => {
      const scores = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, RERANK_CONTRACT_CANDIDATES);
      const byId = new Map(scores.map((score) => [score.chunkId, score.score]));
      expect(byId.get('contract-display-device')).toBeGreaterThan(byId.get('contract-audit') ?? 3);
    });

    it('is deterministic', async () => {
      const first = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, RERANK_CONTRACT_CANDIDATES);
      const second = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, RERANK_CONTRACT_CANDIDATES);
      expect(second.map((score) => score.score)).toEqual(first.map((score) => score.score));
    });

    it('keeps input order when the candidates are reversed', async () => {
      const reversed = [...RERANK_CONTRACT_CANDIDATES].reverse();
      const forward = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, RERANK_CONTRACT_CANDIDATES);
      const backward = await subject.reranker.rerank(RERANK_CONTRACT_QUESTION, reversed);
      expect(backward.map((score) => score.chunkId)).toEqual(reversed.map((candidate) => candidate.chunkId));
      expect(backward.map((score) => score.score)).toEqual([...forward].reverse().map((score) => score.score));
    });

    it('returns no scores for no candidates', async () => {
      await expect(subject.reranker.rerank(RERANK_CONTRACT_QUESTION, [])).resolves.toEqual([]);
    });
  });
}
