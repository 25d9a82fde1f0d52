import OpenAI from 'openai';
import type { ClausegateConfig } from '../config/config-schema.ts';
import type { ProviderEnvironment } from '../config/load-config.ts';
import { ClausegateError } from '../errors.ts';

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
  /** Waits `ms`; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `call` and retries it on transient OpenAI errors with exponential backoff. Returns the result
 * and the number of attempts; after the last attempt the error becomes a `ClausegateError`
 * (`provider_unreachable` for connection failures, `provider_failed` otherwise). Never switches model.
 */
export async function withOpenAIRetries<T>(
  what: string,
  call: () => Promise<T>,
  options: RetryOptions,
): Promise<{ value: T; attempts: number }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const baseDelay = options.baseDelayMs ?? 250;
  let attempt = 0;
  for (;;) {
    attempt += 1;
    try {
      return { value: await call(), attempts: attempt };
    } catch (error) {
      const transient = isTransientOpenAIError(error);
      if (transient && attempt <= options.maxRetries) {
        await sleep(baseDelay * 2 ** (attempt - 1));
        continue;
      }
      throw toProviderError(what, error, attempt);
    }
  }
}

function toProviderError(what: string, error: unknown, attempts: number): ClausegateError {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof OpenAI.APIConnectionError) {
    return new ClausegateError('provider_unreachable', `${what}: the OpenAI API could not be reached after ${attempts} attempt(s): ${detail}`, {
      hint: 'check OPENAI_BASE_URL and the network, or run with --provider offline',
      cause: error,
    });
  }
  const status = error instanceof OpenAI.APIError ? ` (HTTP ${error.status ?? '?'})` : '';
  return new ClausegateError('provider_failed', `${what} failed${status} after ${attempts} attempt(s): ${detail}`, {
    hint: status.includes('401') ? 'check OPENAI_API_KEY' : 'retry later; the answer was not produced (no fallback to another model)',
    cause: error,
  });
}
