import { isClausegateError } from '../pipeline/index.ts';

/** Stable codes of the errors the service answers with, each with its HTTP status. */
export const SERVICE_ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  query_empty: 400,
  query_too_long: 400,
  injection_rejected: 400,
  filter_invalid: 400,
  template_invalid: 400,
  weights_invalid: 400,
  unauthorized: 401,
  slack_signature_invalid: 401,
  forbidden: 403,
  not_found: 404,
  source_not_found: 404,
  template_not_found: 404,
  job_not_found: 404,
  conflict: 409,
  body_too_large: 413,
  rate_limited: 429,
  internal: 500,
  provider_failed: 502,
  not_ready: 503,
  overloaded: 503,
} as const;

/** A stable error code of the service. */
export type ServiceErrorCode = keyof typeof SERVICE_ERROR_STATUS;

/** The JSON body of every error response: what is wrong (`message`) and what to do next (`fix`). */
export interface ErrorBody {
  error: { code: ServiceErrorCode; message: string; fix: string };
}

/** The one error class of the service: a stable code (which sets the HTTP status), a message and a fix. */
export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly fix: string;
  /** Seconds a client should wait before retrying (sent as Retry-After), for `overloaded`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ServiceErrorCode, message: string, fix: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.fix = fix;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The HTTP status of this error's code. */
  get status(): number {
    return SERVICE_ERROR_STATUS[this.code];
  }

  /** The response body `{error:{code,message,fix}}`. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, fix: this.fix } };
  }
}

/**
 * Turns a pipeline error into a service error: a question the pipeline cannot read is the caller's
 * (400), a missing or locked index is not ready (503), a provider failure is upstream (502), anything
 * else internal (500, with no detail that could hold a secret).
 */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (isClausegateError(error)) {
    const fix = error.hint ?? 'see the README section "Run as a service"';
    if (error.code === 'question_empty') return new ServiceError('query_empty', error.message, fix);
    if (error.code === 'question_too_long') return new ServiceError('query_too_long', error.message, fix);
    if (error.code === 'input_invalid') return new ServiceError('invalid_request', error.message, fix);
    if (error.code === 'index_missing' || error.code === 'index_locked' || error.code === 'index_corrupt' || error.code === 'index_outdated') return new ServiceError('not_ready', error.message, fix);
    if (error.code.startsWith('provider_')) return new ServiceError('provider_failed', `the model provider failed (${error.code})`, 'retry later; the service log has the request id');
  }
  return new ServiceError('internal', 'the service failed to handle the request', 'retry; if it persists, report the request id from the service log');
}
