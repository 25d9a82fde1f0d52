import { createHash } from 'node:crypto';

/**
 * Where finished query responses are kept for `RAG_CACHE_TTL_SECONDS`. Keys come from
 * `createCacheKey` and hold the tenant, so one tenant never reads another's entry.
 */
export interface AnswerCache {
  /** `lru` (in memory, the default), `redis`, or `off` (RAG_CACHE_MAX_ENTRIES=0). */
  readonly kind: 'lru' | 'redis' | 'off';
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Drops every entry (a reindex or a template change). Returns how many were dropped. */
  clear(): Promise<number>;
  close(): Promise<void>;
}

/** What a cached response depends on. */
export interface CacheKeyParts {
  tenant: string;
  query: string;
  templateId: string;
  templateSha256: string;
  topK: number;
  citationStyle: string;
  responseStyle: string;
  strictness: string;
  followUpCount: number;
  sources: readonly string[];
  /** The index version of every source read, so a reindex never serves an old answer. */
  indexVersions: readonly string[];
  /** The ranking weights in force. */
  weights: string;
  /** The request's filters. */
  filters: string;
  /** Whether the response carries the pipeline's trace. */
  trace: boolean;
}

/**
 * sha256 of the tenant, the normalised query (whitespace collapsed, lower case), the template and
 * its sha256, top_k, the citation and response styles, strictness, follow-ups, sources, index
 * versions and ranking weights.
 */
export function createCacheKey(parts: CacheKeyParts): string {
  const normalised = parts.query.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
  const fields = [
    parts.tenant,
    normalised,
    parts.templateId,
    parts.templateSha256,
    String(parts.topK),
    parts.citationStyle,
    parts.responseStyle,
    parts.strictness,
    String(parts.followUpCount),
    parts.sources.join(','),
    parts.indexVersions.join(','),
    parts.weights,
    parts.filters,
    String(parts.trace),
  ];
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex');
}
