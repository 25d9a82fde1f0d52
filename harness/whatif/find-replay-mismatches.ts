import type { CaseResult } from '../report/case-result.ts';
import type { ReplayedCase } from './replay-report.ts';

/**
 * The self-check of a what-if: the report replayed under its own config must reproduce every
 * stored case — status, refusal reason, gate decision, evidence, answer and score (timings aside).
 * Returns, by case id, what differed for the cases that did not; a what-if keeps their stored
 * result instead of trusting their replay. Cases not replayed are not checked.
 */
export function findReplayMismatches(stored: readonly CaseResult[], replayed: readonly ReplayedCase[]): Map<string, string> {
  const mismatches = new Map<string, string>();
  const byId = new Map(replayed.map((item) => [item.id, item]));
  for (const original of stored) {
    const replay = byId.get(original.id);
    if (replay === undefined || (replay.replay !== 'replayed' && replay.replay !== 'generated')) continue;
    const difference = describeDifference(original, replay.result);
    if (difference !== undefined) mismatches.set(original.id, `replaying the stored config did not reproduce the run: ${difference}`);
  }
  return mismatches;
}

function describeDifference(before: CaseResult, after: CaseResult): string | undefined {
  const a = before.trace;
  const b = after.trace;
  if (a === null || b === null) return 'a trace is missing';
  const checks: [string, unknown, unknown][] = [
    ['status', a.status, b.status],
    ['refusal reason', a.refusal?.reason ?? null, b.refusal?.reason ?? null],
    ['gate decision', `${a.gate.decision}/${a.gate.tier}`, `${b.gate.decision}/${b.gate.tier}`],
    ['candidates', a.candidates.map((item) => `${item.chunkId}:${item.rank}:${item.kept}`).join(' '), b.candidates.map((item) => `${item.chunkId}:${item.rank}:${item.kept}`).join(' ')],
    ['evidence', a.evidence.map((item) => item.chunkId).join(' '), b.evidence.map((item) => item.chunkId).join(' ')],
    ['answer', a.answer, b.answer],
    ['outcome', before.outcome, after.outcome],
    ['score failures', JSON.stringify(before.score.failures), JSON.stringify(after.score.failures)],
  ];
  const differing = checks.filter(([, left, right]) => left !== right).map(([name]) => name);
  return differing.length === 0 ? undefined : `${differing.join(', ')} differ`;
}
