import type { ClausegateConfig, ProviderEnvironment } from '../pipeline/index.ts';
import type { TenantAuditLog } from './audit/tenant-audit-log.ts';
import type { AnswerCache } from './cache/answer-cache.ts';
import type { AnswerLimiter } from './query/create-answer-limiter.ts';
import type { JobStore } from './jobs/job-store.ts';
import type { ServiceMetrics } from './metrics/service-metrics.ts';
import type { ServiceSettings } from './settings/service-settings.ts';
import type { IndexVersionFollower } from './sources/follow-index-versions.ts';
import type { SourceIndexes } from './sources/source-indexes.ts';
import type { TemplateStore } from './templates/template-store.ts';
import type { TenantRegistry } from './tenants/tenant-registry.ts';

/** Ranking weights of a citation's rank score; they sum to 1. */
export interface RankingWeights {
  similarity: number;
  recency: number;
  trust: number;
}

/** Everything a request handler reads: created once by `createService`, shared by every request. */
export interface ServiceState {
  settings: ServiceSettings;
  config: ClausegateConfig;
  environment: ProviderEnvironment;
  tenants: TenantRegistry;
  indexes: SourceIndexes;
  /** Follows versions published by other replicas; announces the ones this replica publishes. */
  versions: IndexVersionFollower;
  cache: AnswerCache;
  jobs: JobStore;
  templates: TemplateStore;
  metrics: ServiceMetrics;
  audit: TenantAuditLog;
  weights: RankingWeights;
  /** Bounds the pipeline answers computed at once (RAG_MAX_CONCURRENT_ANSWERS). */
  answers: AnswerLimiter;
  /** The wall clock, for timestamps. */
  now: () => Date;
  /** A new unique id (requests, jobs). */
  newId: () => string;
}
