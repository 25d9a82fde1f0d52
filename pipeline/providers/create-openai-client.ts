import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import type OpenAI from 'openai';
import type { ClausegateConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { ClausegateError } from '../errors.ts';
import { redactSecrets } from './redact-secrets.ts';

const requireModule = createRequire(import.meta.url);
let sdk: typeof OpenAI | undefined;

// The SDK is about 115 ES modules (a fifth of a second of loading at every start): it is loaded,
// as its CommonJS build, only when a client is created or a failure is checked, so the offline
// commands never load it. Every value of the SDK this program uses comes from this one instance,
// so the `instanceof` checks below see the classes of the client that threw.
function loadSdk(): typeof OpenAI {
  sdk ??= (requireModule('openai') as { OpenAI: typeof OpenAI }).OpenAI;
  return sdk;
}

/** The attempts of the call in progress: the client's fetch counts each request the SDK sends, retries included. */
const attemptsOfCall = new AsyncLocalStorage<{ attempts: number }>();

/**
 * Creates the `openai` SDK client from the environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`) and the
 * `openai` section of the config. Retries are the SDK's own (its backoff with jitter, honouring
 * `retry-after`), asked for per call by `withOpenAIRetries`; the client's fetch counts the requests
 * of each call so the attempt count can be recorded.
 */
export function createOpenAIClient(
  environment: ProviderEnvironment,
  config: ClausegateConfig['openai'],
  fetchImplementation?: typeof fetch,
): OpenAI {
  if (!environment.openaiApiKey) {
    throw new ClausegateError('provider_missing_key', 'the OpenAI provider needs OPENAI_API_KEY, which is not set', {
      hint: 'export OPENAI_API_KEY=… (or use --provider offline, which needs no key)',
    });
  }
  const OpenAISdk = loadSdk();
  return new OpenAISdk({
    apiKey: environment.openaiApiKey,
    baseURL: environment.openaiBaseUrl ?? config.baseUrl,
    timeout: config.timeoutMs,
    maxRetries: 0,
    fetch: countingFetch(fetchImplementation ?? globalThis.fetch),
  });
}

function countingFetch(send: typeof fetch): typeof fetch {
  return (input, init) => {
    const call = attemptsOfCall.getStore();
    if (call !== undefined) call.attempts += 1;
    return send(input, init);
  };
}

/** True for failures worth retrying with the same bytes: 408, 409, 429, 5xx, timeouts and connection errors. */
export function isTransientOpenAIError(error: unknown): boolean {
  const { APIConnectionError, APIError } = loadSdk();
  if (error instanceof APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (error instanceof APIError) {
    const status = error.status;
    return status === 408 || status === 409 || status === 429 || (status !== undefined && status >= 500);
  }
  return false;
}

/** Options of `withOpenAIRetries`. */
export interface RetryOptions {
  /** Retries after the first attempt, on transient failures (the SDK's rule: 408, 409, 429, 5xx, timeouts, connection errors). */
  maxRetries: number;
  /**
   * The whole call's budget in ms, every attempt and every wait included (config
   * `openai.totalTimeoutMs`, default 45 000): the call is aborted when it is spent. Default: no budget
   * beyond the client's per-attempt timeout (config `openai.timeoutMs`).
   */
  totalTimeoutMs?: number | undefined;
  /** Secrets to mask in error messages wherever they occur (the API key); patterns are masked regardless. */
  secrets?: readonly (string | undefined)[];
}

/** The request options `withOpenAIRetries` hands to `call` (the SDK's `RequestOptions`). */
export interface AttemptOptions {
  maxRetries: number;
  /** Aborts the call, retries included, when the budget is spent. */
  signal?: AbortSignal;
}

/**
 * Runs `call` with the SDK's retries (`maxRetries`, its exponential backoff with jitter) within
 * `totalTimeoutMs`. Returns the result and the number of requests sent; a failure becomes a
 * `ClausegateError` (`provider_unreachable` for connection failures and a spent budget,
 * `provider_failed` otherwise). This is where provider errors enter the program: their messages are
 * redacted here (`redactSecrets`) and the raw SDK error is not kept, so no key echoed by a provider
 * reaches a log, a report or the terminal. Never switches model.
 */
export async function withOpenAIRetries<T>(
  what: string,
  call: (attempt: AttemptOptions) => Promise<T>,
  options: RetryOptions,
): Promise<{ value: T; attempts: number }> {
  const counter = { attempts: 0 };
  const signal = options.totalTimeoutMs === undefined ? undefined : AbortSignal.timeout(options.totalTimeoutMs);
  try {
    const value = await attemptsOfCall.run(counter, () => call({ maxRetries: options.maxRetries, ...(signal ? { signal } : {}) }));
    return { value, attempts: counter.attempts };
  } catch (error) {
    const spent = signal?.aborted === true;
    throw toProviderError(what, error, Math.max(1, counter.attempts), spent ? options.totalTimeoutMs : undefined, options.secrets ?? []);
  }
}

function toProviderError(what: string, error: unknown, attempts: number, budgetMs: number | undefined, secrets: readonly (string | undefined)[]): ClausegateError {
  const { APIConnectionError, APIError } = loadSdk();
  const detail = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  const budget = budgetMs === undefined ? '' : ` within its budget of ${budgetMs / 1000} s (openai.totalTimeoutMs)`;
  if (error instanceof APIConnectionError || budgetMs !== undefined) {
    return new ClausegateError('provider_unreachable', `${what}: the OpenAI API could not be reached after ${attempts} attempt(s)${budget}: ${detail}`, {
      hint: 'check OPENAI_BASE_URL and the network, or run with --provider offline',
    });
  }
  const status = error instanceof APIError ? ` (HTTP ${error.status ?? '?'})` : '';
  return new ClausegateError('provider_failed', `${what} failed${status} after ${attempts} attempt(s)${budget}: ${detail}`, {
    hint: status.includes('401') ? 'check OPENAI_API_KEY' : 'retry later; the answer was not produced (no fallback to another model)',
  });
}
