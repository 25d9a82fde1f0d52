import type { AnswerResult } from '../../pipeline/answer-result.ts';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { readPath } from './apply-settings.ts';

/**
 * What a replayed case's decisions depend on, of one setting's value: two values with the same key
 * give the same decisions (status, gate, evidence, answer, score) for that case, all else equal.
 */
export type DecisionKey = (trace: AnswerResult, config: ClausegateConfig) => string;

const FLOOR = /^retrieval\.(floorsByEmbedder\.[^.]+\.)?(minSimilarity|fallbackMinSimilarity)$/;

/**
 * The decision key of a setting (its resolved config path, see `resolveSettingPath`) for a sweep,
 * where only that setting changes. A similarity floor is read twice by the pipeline: retrieval
 * compares the top similarity of the pool with the floor and the fallback floor (the same pool, or
 * none), and evidence selection drops a candidate whose similarity is below the floor applied.
 * Reranking, linking and the gate never read it, so at every floor that leaves the pool in place
 * the kept candidates are the trace's (the self-check confirms the trace's are reproduced), and
 * the candidates evidence selection sees are among them — exactly those the trace kept as evidence
 * or dropped from it. A floor's key is therefore where its value falls among the top similarity and
 * those candidates' similarities: the 16 floors of a
 * sweep fall in a few places per case. Its value also appears in the trace's texts (the floor
 * applied, the fallback's and a floor drop's details), which a sweep does not read. Any other
 * setting's key is its value itself.
 */
export function createDecisionKey(path: string): DecisionKey {
  if (!FLOOR.test(path)) return (_trace, config) => JSON.stringify(readPath(config, path) ?? null);
  const similaritiesByTrace = new WeakMap<AnswerResult, number[]>();
  return (trace, config) => {
    const value = readPath(config, path);
    if (typeof value !== 'number') return JSON.stringify(value ?? null);
    let similarities = similaritiesByTrace.get(trace);
    if (similarities === undefined) {
      // The replay's top similarity is the best of the hits it returns (0 for none), not of the
      // candidates linked to them; the stored one is kept too.
      const pool = trace.candidates.filter((candidate) => candidate.linkedDefinition === null && candidate.linkedEdition == null).map((candidate) => candidate.similarity);
      // Evidence selection runs only when the gate passes, and the gate decides on the same pool alike.
      const kept = trace.gate.decision === 'refuse' ? [] : selectionSimilarities(trace);
      similarities = [...new Set([0, trace.retrieval.topSimilarity, Math.max(0, ...pool), ...kept])].sort((a, b) => a - b);
      similaritiesByTrace.set(trace, similarities);
    }
    // Counts of similarities below and equal to the value: every `<`, `<=`, `>=` between the value
    // and one of those similarities has the same answer for two values with the same counts.
    let below = 0;
    let equal = 0;
    for (const similarity of similarities) {
      if (similarity < value) below += 1;
      else if (similarity === value) equal += 1;
    }
    return `floor:${below}:${equal}`;
  };
}

/**
 * The similarities evidence selection compares a floor with: those of the candidates the gate
 * passed to it, which it either kept as evidence or dropped (a linked definition has none). The
 * gate passes the same candidates at every floor that leaves the pool in place, so they are the
 * trace's; the kept candidates the gate held back never meet the floor. When a stored evidence or
 * drop is not among the candidates (a trace written otherwise), every kept candidate counts.
 */
function selectionSimilarities(trace: AnswerResult): number[] {
  const byId = new Map(trace.candidates.map((candidate) => [candidate.chunkId, candidate]));
  const selected = [...new Set([...trace.evidence.map((item) => item.chunkId), ...trace.drops.map((drop) => drop.chunkId)])].map((chunkId) => byId.get(chunkId));
  if (selected.some((candidate) => candidate === undefined)) return trace.candidates.filter((candidate) => candidate.kept).map((candidate) => candidate.similarity);
  return selected.filter((candidate) => candidate!.linkedDefinition === null).map((candidate) => candidate!.similarity);
}
