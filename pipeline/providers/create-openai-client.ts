import OpenAI from 'openai';
import type { ClausegateConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { ClausegateError } from '../errors.ts';
import { redactSecrets } from './redact-secrets.ts';

/**
 * Creates the `openai` SDK client from the environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`) and the
 * `openai` section of the config. The SDK's own retries are turned off: each provider retries
 * transient failures itself, resending identical bytes, so the attempt count is ours to record.
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
  return new OpenAI({
    apiKey: environment.openaiApiKey,
    baseURL: environment.openaiBaseUrl ?? config.baseUrl,
    timeout: config.timeoutMs,
    maxRetries: 0,
    ...(fetchImplementation ? { fetch: fetchImplementation } : {}),
  });
}

/** True for failures worth retrying with the same bytes: 408, 409, 429, 5xx, timeouts and connection errors. */
export function isTransientOpenAIError(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    return status === 408 || status === 409 || status === 429 || (status !== undefined && status >= 500);
  }
  return false;
}

/** Options of `withOpenAIRetries`. */
export interface RetryOptions {
  maxRetries: number;
  /** Base delay in ms, doubled each attempt (default 250). Tests pass a small value. */
  baseDelayMs?: number;
  /**
   * The whole call's budget in ms, every attempt and every wait included (config
   * `openai.totalTimeoutMs`, default 45 000): each attempt gets at most what is left, and no retry
   * starts once it is spent. Default: no budget beyond the client's per-attempt timeout.
   */
  totalTimeoutMs?: number | undefined;
  /** One attempt's timeout (the client's `timeout`, config `openai.timeoutMs`): an attempt gets the smaller of it and the budget left. */
  attemptTimeoutMs?: number | undefined;
  /** Secrets to mask in error messages wherever they occur (the API key); patterns are masked regardless. */
  secrets?: readonly (string | undefined)[];
  /** Waits `ms`; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

/** The per-attempt request options `withOpenAIRetries` hands to `call` (the SDK's `RequestOptions`). */
export interface AttemptOptions {
  /** Only set under a budget: the time left, when shorter than the client's own timeout. */
  timeout?: number;
}

/**
 * Runs `call` and retries it on transient OpenAI errors with exponential backoff, within
 * `totalTimeoutMs`. Returns the result and the number of attempts; after the last attempt the error
 * becomes a `ClausegateError` (`provider_unreachable` for connection failures and a spent budget,
 * `provider_failed` otherwise). This is where provider errors enter the program: their messages are
 * redacted here (`redactSecrets`) and the raw SDK error is not kept, so no key echoed by a provider
 * reaches a log, a report or the terminal. Never switches model.
 */
export async function withOpenAIRetries<T>(
  what: string,
  call: (attempt: AttemptOptions) => Promise<T>,
  options: RetryOptions,
): Promise<{ value: T; attempts: number }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const baseDelay = options.baseDelayMs ?? 250;
  const deadline = options.totalTimeoutMs === undefined ? undefined : performance.now() + options.totalTimeoutMs;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    const left = deadline === undefined ? undefined : Math.max(1, Math.floor(deadline - performance.now()));
    const timeout = left === undefined ? undefined : Math.min(left, options.attemptTimeoutMs ?? left);
    try {
      return { value: await call(timeout === undefined ? {} : { timeout }), attempts: attempt };
    } catch (error) {
      const transient = isTransientOpenAIError(error);
      const delay = baseDelay * 2 ** (attempt - 1);
      const spent = deadline !== undefined && performance.now() + delay >= deadline;
      if (transient && attempt <= options.maxRetries && !spent) {
        await sleep(delay);
        continue;
      }
      throw toProviderError(what, error, attempt, transient && spent ? options.totalTimeoutMs : undefined, options.secrets ?? []);
    }
  }
}

function toProviderError(what: string, error: unknown, attempts: number, budgetMs: number | undefined, secrets: readonly (string | undefined)[]): ClausegateError {
  const detail = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  const budget = budgetMs === undefined ? '' : ` within its budget of ${budgetMs / 1000} s (openai.totalTimeoutMs)`;
  if (error instanceof OpenAI.APIConnectionError) {
    return new ClausegateError('provider_unreachable', `${what}: the OpenAI API could not be reached after ${attempts} attempt(s)${budget}: ${detail}`, {
      hint: 'check OPENAI_BASE_URL and the network, or run with --provider offline',
    });
  }
  const status = error instanceof OpenAI.APIError ? ` (HTTP ${error.status ?? '?'})` : '';
  return new ClausegateError('provider_failed', `${what} failed${status} after ${attempts} attempt(s)${budget}: ${detail}`, {
    hint: status.includes('401') ? 'check OPENAI_API_KEY' : 'retry later; the answer was not produced (no fallback to another model)',
  });
}
