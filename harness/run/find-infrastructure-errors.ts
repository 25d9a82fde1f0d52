import type { CaseResult } from '../report/case-result.ts';

/** Error codes of a case that mean the infrastructure failed, not the pipeline's judgement. */
const INFRASTRUCTURE_CODES: ReadonlySet<string> = new Set([
  'provider_unreachable',
  'provider_failed',
  'provider_bad_response',
  'cache_miss',
  'index_missing',
  'index_corrupt',
  'index_locked',
  'index_embedder_mismatch',
  'index_outdated',
]);

/**
 * The cases that failed because the infrastructure did (provider unreachable or failing, a cache
 * miss in replay mode, an index problem), not because of the pipeline's judgement. A run with any
 * exits 3, and `--resume` runs them again.
 */
export function findInfrastructureErrors(cases: readonly CaseResult[]): CaseResult[] {
  return cases.filter((result) => {
    const code = result.score.error?.code;
    return code !== undefined && INFRASTRUCTURE_CODES.has(code);
  });
}
