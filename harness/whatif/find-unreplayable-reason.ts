import type { AnswerResult } from '../../pipeline/answer-result.ts';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import type { CaseResult } from '../report/case-result.ts';
import type { ReplayIndexData } from './create-replay-pipeline.ts';

/** Input of `findUnreplayableReason`. */
export interface FindUnreplayableReasonInput {
  result: CaseResult;
  index: ReplayIndexData;
  /** The config the report was run with, and the one to replay with. */
  reportConfig: ClausegateConfig;
  config: ClausegateConfig;
  /** The report's embedder name (its floors may come from `retrieval.floorsByEmbedder`). */
  embedderName: string;
}

/**
 * Why a stored case cannot be replayed under `config`, or `undefined` when it can. The trace keeps
 * the candidate pool (at most `candidatePool` chunks), not every hit retrieval saw, so a floor
 * change is only decidable when the pool holds what the floor decision reads: when the run
 * refused because no candidate reached the floor, the pool is empty and a lower floor that admits
 * the top similarity would need the candidates; when the most similar hit stayed outside the pool,
 * a floor between its similarity and the pool's best would be decided on a chunk the trace does
 * not have. A failed case, and a case whose chunks are no longer in the index, cannot be replayed
 * either.
 */
export function findUnreplayableReason(input: FindUnreplayableReasonInput): string | undefined {
  const { result } = input;
  const trace = result.trace;
  if (trace === null) return 'the case threw in the run; there is no trace to replay';
  if (trace.status === 'failed') return `the case failed in the run (${trace.error?.code ?? 'error'}); there is no decision to replay`;
  const missing = missingChunkOf(trace, input.index);
  if (missing !== undefined) return `chunk ${missing} of the trace is not in the index (rebuilt since the run?)`;

  const before = floorsOf(input.reportConfig, input.embedderName);
  const after = floorsOf(input.config, input.embedderName);
  const top = trace.retrieval.topSimilarity;
  if (trace.candidates.length === 0) {
    if (top <= 0) return undefined;
    // The run found candidates and refused them at the floor: `top` is below the old floor.
    if (top >= after.minSimilarity) return `the run refused at the floor (top similarity ${top.toFixed(3)}); at ${after.minSimilarity} its candidates would be admitted, and the trace has none`;
    if (top < after.fallbackMinSimilarity) return undefined;
    // Between the new fallback floor and the new floor: the fallback decides on the top document,
    // which failed the document check in the run if the run's fallback floor was reached.
    if (top >= before.fallbackMinSimilarity) return undefined;
    return `the fallback at ${after.fallbackMinSimilarity} would try top similarity ${top.toFixed(3)} against its document name, which the trace does not keep`;
  }
  const poolBest = Math.max(...trace.candidates.filter((candidate) => candidate.linkedDefinition === null).map((candidate) => candidate.similarity));
  if (top > poolBest + 1e-12) {
    if (top >= after.minSimilarity ? poolBest < after.minSimilarity : top >= after.fallbackMinSimilarity) {
      return `the most similar hit (${top.toFixed(3)}) is not in the stored pool (best ${poolBest.toFixed(3)}), and the floors ${after.minSimilarity}/${after.fallbackMinSimilarity} would be decided on it`;
    }
  }
  return undefined;
}

const missingByIndex = new WeakMap<ReplayIndexData, WeakMap<AnswerResult, string | null>>();

/**
 * The first chunk of the trace's pool that the index does not hold, if any: looked up once per
 * trace and index (a sweep asks at every value).
 */
function missingChunkOf(trace: AnswerResult, index: ReplayIndexData): string | undefined {
  let byTrace = missingByIndex.get(index);
  if (byTrace === undefined) {
    byTrace = new WeakMap();
    missingByIndex.set(index, byTrace);
  }
  let missing = byTrace.get(trace);
  if (missing === undefined) {
    missing = trace.candidates.find((candidate) => index.documentOf(candidate.chunkId) === undefined)?.chunkId ?? null;
    byTrace.set(trace, missing);
  }
  return missing ?? undefined;
}

function floorsOf(config: ClausegateConfig, embedderName: string): { minSimilarity: number; fallbackMinSimilarity: number } {
  return config.retrieval.floorsByEmbedder[embedderName] ?? { minSimilarity: config.retrieval.minSimilarity, fallbackMinSimilarity: config.retrieval.fallbackMinSimilarity };
}
