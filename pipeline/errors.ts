/**
 * Every failure clausegate reports is a `ClausegateError` with a stable `code`, a message that says
 * what is wrong, and a `hint` that says what to do next. Expected outcomes (a refusal, a failed gate,
 * a skipped document) are values, never errors: throw only on misconfiguration, bad input files that
 * stop the work, provider failures and bugs.
 */
export type ClausegateErrorCode =
  | 'config_invalid'
  | 'config_not_found'
  | 'env_invalid'
  | 'input_invalid'
  | 'source_not_found'
  | 'source_required'
  | 'index_missing'
  | 'index_corrupt'
  | 'index_locked'
  | 'index_embedder_mismatch'
  | 'index_outdated'
  | 'index_shrink_refused'
  | 'run_locked'
  | 'disk_full'
  | 'filesystem_read_only'
  | 'permission_denied'
  | 'provider_missing_key'
  | 'provider_unreachable'
  | 'provider_failed'
  | 'provider_bad_response'
  | 'cache_miss'
  | 'question_too_long'
  | 'question_empty'
  | 'golden_invalid'
  | 'report_invalid'
  | 'weights_invalid'
  | 'internal';

/** Where an error was found, when it concerns a file. */
export interface ErrorLocation {
  file?: string;
  line?: number;
  page?: number;
  field?: string;
}

/** The one error class of the project: a stable code, a readable message and what to do next. */
export class ClausegateError extends Error {
  readonly code: ClausegateErrorCode;
  readonly hint: string | undefined;
  readonly location: ErrorLocation | undefined;

  constructor(
    code: ClausegateErrorCode,
    message: string,
    options: { hint?: string; location?: ErrorLocation; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ClausegateError';
    this.code = code;
    this.hint = options.hint;
    this.location = options.location;
  }

  /** `file:line: message (hint)` — the form CLI output and CI annotations use. */
  describe(): string {
    const where = formatLocation(this.location);
    const hint = this.hint ? `\n  → ${this.hint}` : '';
    return `${where ? `${where}: ` : ''}${this.message}${hint}`;
  }
}

function formatLocation(location: ErrorLocation | undefined): string {
  if (!location?.file) return '';
  let text = location.file;
  if (location.line !== undefined) text += `:${location.line}`;
  if (location.page !== undefined) text += ` (page ${location.page})`;
  return text;
}

/** True when `error` is a ClausegateError, optionally with the given code. */
export function isClausegateError(error: unknown, code?: ClausegateErrorCode): error is ClausegateError {
  return error instanceof ClausegateError && (code === undefined || error.code === code);
}
