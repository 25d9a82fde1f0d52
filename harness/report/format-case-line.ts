import type { CaseResult } from './case-result.ts';
import { describeCase } from './describe-case.ts';

/**
 * One line for a case that did not pass, for CI logs:
 * `FAIL <id> (<category>) <file>:<line>: <reason>; <reason>` (`ERROR` for error cases).
 */
export function formatCaseLine(result: CaseResult): string {
  const description = describeCase(result);
  const label = result.outcome === 'error' ? 'ERROR' : result.outcome === 'failed' ? 'FAIL' : 'PASS';
  const reasons = description.reasons.length > 0 ? description.reasons.join('; ') : description.got;
  return `${label} ${result.id} (${result.category}) ${result.location.file}:${result.location.line}: ${reasons.replace(/\s+/g, ' ')}`;
}
