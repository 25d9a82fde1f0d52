import { performance } from 'node:perf_hooks';
import type { AnswerResult } from '../../pipeline/index.ts';
import { createCacheKey } from '../cache/answer-cache.ts';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import type { TenantConfig } from '../tenants/tenant-registry.ts';
import { answerWithTemplate, type TemplateOptions } from './answer-with-template.ts';
import type { WaitOptions } from './create-answer-limiter.ts';
import type { QueryRequest, QueryResponse } from './query-schemas.ts';
import { createRankScore } from './rank-score.ts';
import { readQueryRequest, type ReadQuery } from './read-query-request.ts';
import { shapeQueryResponse } from './shape-query-response.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * Answers one query for a tenant: read and check the request → cache lookup (key: tenant, query,
 * template and its sha256, top_k, styles, sources, index versions, weights) → answer from each of
 * the tenant's requested sources in turn (from the documents the filters allow) until one answers →
 * shape (styles, redaction, follow-ups) → cache, metrics, audit line. Refusals are responses, not errors.
 */
export async function runQuery(state: ServiceState, tenant: TenantConfig, request: QueryRequest, requestId: string, wait: WaitOptions = {}): Promise<QueryResponse> {
  const started = performance.now();
  const read = await readQueryRequest(state, tenant, request);
  const timestamp = state.now().toISOString();
  const key = createCacheKey({
    tenant: tenant.id,
    query: read.query,
    templateId: read.template.id,
    templateSha256: read.template.sha256,
    topK: read.topK,
    citationStyle: request.citation_style,
    responseStyle: request.response_style,
    strictness: request.strictness,
    followUpCount: request.follow_up_count,
    sources: read.sources,
    indexVersions: read.sources.map((source) => state.indexes.indexVersion(source)),
    weights: JSON.stringify(state.weights),
    filters: JSON.stringify(request.filters),
    trace: request.include_trace,
  });
  const cached = await state.cache.get(key);
  const backend = state.cache.kind;
  let response: QueryResponse;
  if (cached !== undefined) {
    state.metrics.cacheHits.inc({ backend });
    const stored = JSON.parse(cached) as QueryResponse;
    response = { ...stored, flags: { ...stored.flags, cache_hit: true }, request_id: requestId, timestamp };
  } else {
    state.metrics.cacheMisses.inc({ backend });
    const { response: answered, result } = await answerFromSources(state, read, request, requestId, timestamp, wait);
    response = answered;
    recordAnswerMetrics(state, result, response);
    await state.cache.set(key, JSON.stringify(response));
  }
  const status = response.refused ? 'refused' : 'answered';
  state.metrics.queries.inc({ tenant: tenant.id, template: read.template.id, status });
  if (response.refused && response.reason_code !== null) state.metrics.refusals.inc({ reason: response.reason_code });
  state.metrics.queryDuration.observe({ tenant: tenant.id }, (performance.now() - started) / 1000);
  state.audit.record({
    timestamp,
    request_id: requestId,
    tenant: tenant.id,
    query: read.query,
    status,
    reason_code: response.reason_code,
    cache_hit: response.flags.cache_hit,
    template_id: read.template.id,
    index_version: response.provenance.index_version,
    citations: response.citations.map((citation) => ({ doc: citation.doc, page: citation.page })),
  });
  return response;
}

async function answerFromSources(state: ServiceState, read: ReadQuery, request: QueryRequest, requestId: string, timestamp: string, wait: WaitOptions): Promise<{ response: QueryResponse; result: AnswerResult }> {
  let first: { response: QueryResponse; result: AnswerResult } | undefined;
  for (const source of read.sources) {
    const allowed = read.allowed?.get(source);
    const options: TemplateOptions = {
      template: read.template,
      strictness: request.strictness,
      topK: read.topK,
      tokenBudget: state.settings.RAG_TOKEN_BUDGET,
      retriesOnHallucination: state.settings.RAG_MAX_RETRIES_ON_HALLUCINATION,
      documents: allowed,
    };
    const answered = await state.indexes.use(source, async (pipeline) => {
      const result = await state.answers.run(() => answerWithTemplate(pipeline, read.query, options), wait);
      // A provider failure is never an answer or a refusal: it becomes a 502 (or 503) error.
      if (result.status === 'failed') {
        throw new ServiceError(result.error?.code.startsWith('index_') ? 'not_ready' : 'provider_failed', `answering failed: ${result.error?.code ?? 'unknown'}`, 'retry later; the service log has the request id');
      }
      const response = shapeQueryResponse(result, {
        templateId: read.template.id,
        templateSha256: read.template.sha256,
        citationStyle: request.citation_style,
        responseStyle: request.response_style,
        strictness: request.strictness,
        followUpCount: request.follow_up_count,
        refusalText: pipeline.config.sources[source]?.refusal ?? result.refusal?.text ?? '',
        hiddenDocuments: read.hidden.get(source) ?? NONE,
        noDocumentMatchesFilters: allowed !== undefined && allowed.size === 0,
        rankScore: createRankScore(state.indexes.documents(source), state.tenants.sources[source]?.trust ?? 1, state.weights),
        costPer1kTokens: state.settings.RAG_COST_PER_1K_TOKENS,
        requestId,
        timestamp,
      });
      if (request.include_trace) response.trace = result;
      return { response, result };
    });
    if (!answered.response.refused) return answered;
    first ??= answered;
  }
  return first!;
}

function recordAnswerMetrics(state: ServiceState, result: AnswerResult, response: QueryResponse): void {
  const { metrics } = state;
  const latency = result.latencyMs;
  metrics.searchLatency.observe(((latency.normalise ?? 0) + (latency.embed ?? 0) + (latency.retrieve ?? 0)) / 1000);
  metrics.documentsRetrieved.observe(result.evidence.length);
  if (result.generation !== null) {
    metrics.modelCalls.inc({ model: result.generation.model }, result.generation.calls);
    metrics.modelTokens.inc({ model: result.generation.model }, response.provenance.tokens_used);
  }
  if (result.flags.hallucinationDetected) metrics.hallucinations.inc();
  if (!response.refused) {
    metrics.citationsPerResponse.observe(response.citations.length);
    metrics.confidence.observe(response.confidence_score);
  }
}
