import { isClausegateError, type ClausegateErrorCode } from '../../pipeline/errors.ts';

/** Exit codes of every `harness` command. */
export const EXIT = {
  /** Success; for `run`, every gate passed. */
  ok: 0,
  /** A gate failed, or `--strict` found a problem. */
  failed: 1,
  /** Invalid input or config. */
  invalid: 2,
  /** Infrastructure error: provider unreachable, index missing or locked. */
  infrastructure: 3,
} as const;

const invalidCodes: ReadonlySet<ClausegateErrorCode> = new Set([
  'config_invalid',
  'config_not_found',
  'env_invalid',
  'input_invalid',
  'golden_invalid',
  'report_invalid',
  'weights_invalid',
  'question_too_long',
  'question_empty',
  'source_not_found',
  'source_required',
  'provider_missing_key',
  'index_shrink_refused',
  'run_locked',
]);

/** The exit code for an error thrown out of a command. */
export function exitCodeFor(error: unknown): number {
  if (isClausegateError(error)) return invalidCodes.has(error.code) ? EXIT.invalid : EXIT.infrastructure;
  return EXIT.infrastructure;
}
