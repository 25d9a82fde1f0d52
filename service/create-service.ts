import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ClausegateError, type ClausegateConfig, type ProviderEnvironment } from '../pipeline/index.ts';
import { createTenantAuditLog } from './audit/tenant-audit-log.ts';
import type { AnswerCache } from './cache/answer-cache.ts';
import { createLruAnswerCache } from './cache/lru-answer-cache.ts';
import { createRedisAnswerCache } from './cache/redis-answer-cache.ts';
import { createHttpServer } from './http/create-http-server.ts';
import type { JobStore } from './jobs/job-store.ts';
import { createMemoryJobStore } from './jobs/memory-job-store.ts';
import { createRedisJobStore } from './jobs/redis-job-store.ts';
import type { RunningJobs } from './jobs/start-query-job.ts';
import { createServiceMetrics } from './metrics/service-metrics.ts';
import { createAnswerLimiter } from './query/create-answer-limiter.ts';
import type { ServiceState } from './service-state.ts';
import type { ServiceSettings } from './settings/service-settings.ts';
import { followIndexVersions } from './sources/follow-index-versions.ts';
import { openSourceIndexes } from './sources/source-indexes.ts';
import { createFileTemplateBackend } from './templates/file-template-backend.ts';
import { createRedisTemplateBackend } from './templates/redis-template-backend.ts';
import { createTemplateStore } from './templates/template-store.ts';
import { loadTenantRegistry } from './tenants/tenant-registry.ts';

/** Options of `createService`. */
export interface CreateServiceOptions {
  settings: ServiceSettings;
  config: ClausegateConfig;
  environment: ProviderEnvironment;
  /** Working directory: relative paths of the config and the tenants file resolve here. */
  cwd: string;
  /** The sources of the single tenant `RAG_API_KEY` makes (default every configured source); a tenants file names its own. */
  defaultTenantSources?: readonly string[];
  /** Fastify's pino logger on (default true). */
  logger?: boolean;
  now?: () => Date;
  /** Extra routes registered on the app (the Slack command). */
  register?: (app: FastifyInstance, state: ServiceState) => void;
}

/** A created service: its Fastify app and state; `listen` starts it, `close` drains and releases everything. */
export interface Service {
  app: FastifyInstance;
  state: ServiceState;
  /** Listens on `RAG_HOST:RAG_PORT` (port 0: a free one) and returns the base URL. */
  listen(): Promise<string>;
  /** Stops accepting requests, waits for in-flight requests and async jobs, closes the indexes and Redis. */
  close(): Promise<void>;
}

/**
 * Creates the service over the served sources (every source of every tenant): opens their indexes,
 * connects Redis when `RAG_REDIS_URL` is set (cache, jobs, created templates and rate-limit counters
 * there; else in memory, templates in `RAG_DATA_DIR/templates.json`), follows index versions other
 * replicas publish (`RAG_INDEX_POLL_SECONDS`, and announcements through Redis), and builds the HTTP app. Throws `env_invalid`/`config_invalid` on bad settings and
 * `index_missing` when a source was never ingested.
 */
export async function createService(options: CreateServiceOptions): Promise<Service> {
  const { settings, config, environment, cwd } = options;
  const tenants = loadTenantRegistry({
    tenantsFile: settings.RAG_TENANTS_FILE === undefined ? undefined : path.resolve(cwd, settings.RAG_TENANTS_FILE),
    apiKey: settings.RAG_API_KEY,
    adminKey: settings.RAG_ADMIN_KEY,
    allSources: options.defaultTenantSources ?? Object.keys(config.sources),
  });
  const served = [...new Set(tenants.tenants.flatMap((tenant) => tenant.sources))].sort();
  for (const source of served) {
    if (config.sources[source] === undefined) {
      throw new ClausegateError('config_invalid', `a tenant reads source "${source}", which the config does not define`, { hint: `configure it in .clausegate.json (sources.${source}) or remove it from the tenant` });
    }
  }
  const redis = settings.RAG_REDIS_URL === undefined ? undefined : await connectRedis(settings.RAG_REDIS_URL);
  const indexes = await openSourceIndexes({ config, environment, sources: served, cwd, ...(options.now ? { now: options.now } : {}) }).catch(async (error: unknown) => {
    redis?.disconnect();
    throw error;
  });
  // Created templates live where replicas can share them (Redis), else in the data dir's JSON file.
  let logger: FastifyBaseLogger | undefined;
  const versions = await followIndexVersions({
    indexes,
    pollSeconds: settings.RAG_INDEX_POLL_SECONDS,
    redis,
    log: { info: (message) => logger?.info(message), warn: (message) => logger?.warn(message) },
  }).catch(async (error: unknown) => {
    await indexes.close();
    redis?.disconnect();
    throw error;
  });
  const templateBackend = redis ? createRedisTemplateBackend(redis) : await createFileTemplateBackend(path.resolve(cwd, settings.RAG_DATA_DIR)).catch(async (error: unknown) => {
    await versions.stop();
    await indexes.close();
    throw error;
  });
  const cache: AnswerCache = redis
    ? createRedisAnswerCache({ redis, ttlSeconds: settings.RAG_CACHE_TTL_SECONDS })
    : createLruAnswerCache({ maxEntries: settings.RAG_CACHE_MAX_ENTRIES, ttlSeconds: settings.RAG_CACHE_TTL_SECONDS });
  const jobs: JobStore = redis ? createRedisJobStore({ redis, ttlSeconds: settings.RAG_JOB_TTL_SECONDS }) : createMemoryJobStore({ maxJobs: settings.RAG_MAX_JOBS, ttlSeconds: settings.RAG_JOB_TTL_SECONDS });
  const state: ServiceState = {
    settings,
    config,
    environment,
    tenants,
    indexes,
    versions,
    cache,
    jobs,
    templates: createTemplateStore(templateBackend),
    metrics: createServiceMetrics(),
    audit: createTenantAuditLog({ dir: path.resolve(cwd, config.paths.logDir, 'tenants'), maxBytes: config.logging.auditMaxBytes, filesKept: config.logging.auditFilesKept }),
    answers: createAnswerLimiter(settings.RAG_MAX_CONCURRENT_ANSWERS ?? (config.provider === 'offline' ? 1 : 16)),
    weights: { similarity: settings.RAG_SIMILARITY_WEIGHT, recency: settings.RAG_RECENCY_WEIGHT, trust: settings.RAG_TRUST_WEIGHT },
    now: options.now ?? (() => new Date()),
    newId: () => randomUUID(),
  };
  const running: RunningJobs = new Set();
  const app = await createHttpServer(state, running, {
    logger: options.logger ?? true,
    redis,
    ...(options.register ? { register: (instance: FastifyInstance) => options.register!(instance, state) } : {}),
  });
  logger = app.log;
  let closed = false;
  return {
    app,
    state,
    async listen() {
      return app.listen({ host: settings.RAG_HOST, port: settings.RAG_PORT });
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await Promise.allSettled([...running]);
      await versions.stop();
      await indexes.close();
      await cache.close();
      await jobs.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    const where = new URL(url);
    throw new ClausegateError('provider_unreachable', `Redis at ${where.hostname}:${where.port || 6379} did not answer: ${(error as Error).message}`, {
      hint: 'start redis-server or unset RAG_REDIS_URL to keep the cache and jobs in memory',
    });
  }
}
