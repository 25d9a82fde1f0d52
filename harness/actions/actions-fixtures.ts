import path from 'node:path';
import { buildRunReport, RunReport, type CaseResult } from '../report/index.ts';
import { loadGates, scoreCase } from '../score/index.ts';
import { createAnswer, createAnswerableCase, createRefusal, createRefusalCase, FEE_SPAN, REFUSAL } from '../score/testing/score-fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A case result as a run records it, scored by the real scorer; line `line` of the crafted golden file. */
export function caseResult(id: string, line: number, kind: 'answer' | 'refuse', observed: 'answered' | 'refused'): CaseResult {
  const expected = kind === 'answer' ? createAnswerableCase({ id }) : createRefusalCase({ id });
  const score = scoreCase(expected, observed === 'answered' ? createAnswer() : createRefusal());
  return {
    schemaVersion: 1,
    id,
    kind: 'baseline',
    category: score.category ?? 'fees_lookup',
    question: `question of ${id}?`,
    location: { file: 'golden/crafted/baseline.jsonl', line },
    expected: { expectation: expected.expectation, answerTerms: expected.answerTerms, evidence: [{ ...FEE_SPAN, quote: 'Device $134.50', score: 1 }], refusal: REFUSAL },
    outcome: score.passed ? 'passed' : 'failed',
    score,
    trace: null,
    thrown: null,
    timing: { startedAt: '2026-11-22T00:00:00.000Z', finishedAt: '2026-11-22T00:00:01.000Z', durationMs: 1000 },
  };
}

export async function craftReport(cases: CaseResult[], gateScope: 'run' | 'shard' = 'run'): Promise<RunReport> {
  const gates = await loadGates(path.join(root, 'golden/gates.json'));
  return RunReport.parse(
    buildRunReport({
      runId: 'crafted-run',
      kind: 'run',
      suite: { name: 'crafted', source: 'cme', description: 'crafted', refusal: REFUSAL },
      startedAt: '2026-11-22T00:00:00.000Z',
      finishedAt: '2026-11-22T00:00:05.000Z',
      options: { perturb: false, filter: [], shard: gateScope === 'shard' ? { index: 1, count: 2 } : null, provider: 'offline', replay: false, concurrency: 1 },
      versions: { policy: 'p', index: 'v1', embedder: 'e', reranker: 'r', generator: 'g', expansionRules: 'x1', prompt: 'v1' },
      configDigest: 'sha256:0',
      gates: { ...gates, file: 'golden/gates.json' },
      gateScope,
      cases,
    }),
  );
}

