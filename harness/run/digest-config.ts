import { createHash } from 'node:crypto';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';

/**
 * `sha256:<hex>` of the settings that can change an answer: the whole config except where files
 * live (`paths`), which source a command picks without `--source` (`defaultSource`; a run names its suite's), logging, report retention (`reports`), the ingest's file-size limit (the index version records what was indexed), the cache mode (a replayed response is the recorded one), the OpenAI
 * endpoint and transport (`baseUrl`, timeout, retries, concurrency), the reranker's concurrency and
 * prices. Two runs with the same digest, index and suite are comparable case by case; `--resume`
 * refuses to continue a run whose digest changed.
 */
export function digestConfig(config: ClausegateConfig): string {
  const { paths: _paths, logging: _logging, ingest: _ingest, defaultSource: _defaultSource, reports: _reports, ...shaping } = config;
  const { baseUrl: _baseUrl, timeoutMs: _timeout, totalTimeoutMs: _totalTimeout, maxRetries: _retries, concurrency: _openaiConcurrency, pricing: _pricing, ...openai } = config.openai;
  const { concurrency: _rerankConcurrency, ...rerank } = config.rerank;
  const { cache: _cache, ...generation } = config.generation;
  const canonical = canonicalJson({ ...shaping, openai, rerank, generation });
  return `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}
