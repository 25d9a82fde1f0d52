import { z } from 'zod';
import { ClausegateError } from '../../pipeline/index.ts';

const integer = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const weight = (fallback: number) => z.coerce.number().min(0).max(1).default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');
const optionalText = z.string().min(1).optional();

/**
 * Every setting of the service, read from `RAG_*` environment variables (the names of the design),
 * each with its default. `loadServiceSettings` validates them at start: a bad value stops the
 * service, naming the variable.
 */
export const ServiceSettings = z
  .object({
    RAG_HOST: z.string().min(1).default('127.0.0.1'),
    RAG_PORT: integer(8080, 0, 65_535),
    /** Characters a query may have after control characters are stripped (default 500). */
    RAG_MAX_QUERY_LENGTH: integer(500, 1, 100_000),
    /** Refuse (400) a query with injection patterns instead of only flagging it (default false). */
    RAG_REJECT_INJECTION: flag(false),
    /** Evidence chunks that may reach the prompt when a request names no `top_k` (default 6, the pipeline's budget). */
    RAG_DEFAULT_TOP_K: integer(6, 1, 20),
    /** Evidence tokens of the prompt (default 2,200, the pipeline's budget). */
    RAG_TOKEN_BUDGET: integer(2200, 100, 50_000),
    RAG_SIMILARITY_WEIGHT: weight(1),
    RAG_RECENCY_WEIGHT: weight(0),
    RAG_TRUST_WEIGHT: weight(0),
    /** Regenerations with the strict prompt after a citation violation before refusing: 0 or 1 (default 1). */
    RAG_MAX_RETRIES_ON_HALLUCINATION: integer(1, 0, 1),
    RAG_CACHE_TTL_SECONDS: integer(3600, 1, 30 * 24 * 3600),
    /** Entries of the in-memory cache; 0 turns caching off (without RAG_REDIS_URL). */
    RAG_CACHE_MAX_ENTRIES: integer(10_000, 0, 10_000_000),
    /** `redis://host:port`: the cache and the job store live in Redis (jobs then survive a restart); default in memory. */
    RAG_REDIS_URL: z.string().url().optional(),
    /**
     * Seconds between two checks of each source's `CURRENT` pointer for a version another replica or an
     * ingest published (default 30; 0: only announcements through Redis, or none without it).
     */
    RAG_INDEX_POLL_SECONDS: integer(30, 0, 24 * 3600),
    RAG_JOB_TTL_SECONDS: integer(3600, 1, 7 * 24 * 3600),
    RAG_MAX_JOBS: integer(10_000, 1, 1_000_000),
    /** Pipeline answers computed at once; default 1 with the offline provider (CPU-bound), 16 with OpenAI (waits on the network). */
    RAG_MAX_CONCURRENT_ANSWERS: z.coerce.number().int().min(1).max(256).optional(),
    /** Seconds a sync query may wait for its turn at the answer limit before 503 `overloaded` with Retry-After (default 30). */
    RAG_QUEUE_TIMEOUT_SECONDS: integer(30, 1, 3600),
    /** Requests per tenant per minute before 429 (default 600). */
    RAG_RATE_LIMIT_PER_MINUTE: integer(600, 1, 1_000_000),
    /** Request bodies above this many bytes get 413 (default 65,536). */
    RAG_BODY_LIMIT_BYTES: integer(65_536, 1024, 10 * 1024 * 1024),
    RAG_DEFAULT_TEMPLATE: z.string().min(1).default('balanced'),
    /** Where the service keeps its own files without Redis (created templates: `templates.json`), relative to the working directory. */
    RAG_DATA_DIR: z.string().min(1).default('.clausegate/service'),
    /** The tenants file (JSON, README "Tenants"); without it `RAG_API_KEY` makes one tenant `default` over every source. */
    RAG_TENANTS_FILE: optionalText,
    RAG_API_KEY: optionalText,
    /** The admin key; without it (or `adminKeySha256` in the tenants file) admin endpoints answer 401. */
    RAG_ADMIN_KEY: optionalText,
    RAG_SLACK_SIGNING_SECRET: optionalText,
    /** The tenant whose sources and permissions a Slack command is answered with. */
    RAG_SLACK_TENANT: optionalText,
    /** Answers are posted only to a `response_url` under this prefix (default Slack's own hooks), so a forged form cannot make the service call elsewhere. */
    RAG_SLACK_RESPONSE_URL_PREFIX: z.string().url().default('https://hooks.slack.com/'),
    /** USD per 1,000 prompt and completion tokens for `cost_estimate` (default 0: the offline provider). */
    RAG_COST_PER_1K_TOKENS: z.coerce.number().min(0).default(0),
    RAG_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((settings, context) => {
    const sum = settings.RAG_SIMILARITY_WEIGHT + settings.RAG_RECENCY_WEIGHT + settings.RAG_TRUST_WEIGHT;
    if (Math.abs(sum - 1) > 1e-6) {
      context.addIssue({ code: 'custom', path: ['RAG_SIMILARITY_WEIGHT'], message: `RAG_SIMILARITY_WEIGHT + RAG_RECENCY_WEIGHT + RAG_TRUST_WEIGHT must sum to 1, got ${sum}` });
    }
  });
/** The validated service settings. */
export type ServiceSettings = z.infer<typeof ServiceSettings>;

/** The variables that hold secrets: validated, never echoed in an error. */
const SECRET_VARIABLES = new Set(['RAG_API_KEY', 'RAG_ADMIN_KEY', 'RAG_SLACK_SIGNING_SECRET', 'RAG_REDIS_URL']);

/**
 * Reads and validates the `RAG_*` variables of `env`. Throws `env_invalid` (exit 2 from the CLI)
 * naming each bad variable and what it must be; a secret's value is never part of the message.
 */
export function loadServiceSettings(env: Record<string, string | undefined>): ServiceSettings {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(ServiceSettings.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') picked[key] = value.trim();
  }
  const parsed = ServiceSettings.safeParse(picked);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '(settings)');
    const shown = SECRET_VARIABLES.has(name) || picked[name] === undefined ? '' : ` (got ${JSON.stringify(picked[name])})`;
    return `  - ${name}: ${issue.message}${shown}`;
  });
  throw new ClausegateError('env_invalid', `invalid service settings:\n${lines.join('\n')}`, { hint: 'fix the variables listed above; README "Run as a service" lists every RAG_* variable and its default' });
}
