import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The service's Prometheus metrics, on a registry of their own (two services in one process never share counts). */
export interface ServiceMetrics {
  registry: Registry;
  queries: Counter<'tenant' | 'template' | 'status'>;
  queryDuration: Histogram<'tenant'>;
  searchLatency: Histogram;
  documentsRetrieved: Histogram;
  modelCalls: Counter<'model'>;
  modelTokens: Counter<'model'>;
  citationsPerResponse: Histogram;
  confidence: Histogram;
  hallucinations: Counter;
  cacheHits: Counter<'backend'>;
  cacheMisses: Counter<'backend'>;
  refusals: Counter<'reason'>;
}

/** Creates the metrics named in the README (`rag_queries_total{tenant,template,status}` and the rest). No label ever holds a key or a question. */
export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    queries: new Counter({ name: 'rag_queries_total', help: 'Queries by tenant, template and status (answered, refused, failed, rejected)', labelNames: ['tenant', 'template', 'status'], registers }),
    queryDuration: new Histogram({ name: 'rag_query_duration_seconds', help: 'Time to answer a query, cache hits included', labelNames: ['tenant'], buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers }),
    searchLatency: new Histogram({ name: 'rag_search_latency_seconds', help: 'Normalise, embed and retrieve time of a query', buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers }),
    documentsRetrieved: new Histogram({ name: 'rag_documents_retrieved', help: 'Evidence chunks that reached the prompt', buckets: [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20], registers }),
    modelCalls: new Counter({ name: 'rag_model_calls_total', help: 'Generator calls', labelNames: ['model'], registers }),
    modelTokens: new Counter({ name: 'rag_model_tokens_used', help: 'Prompt and completion tokens sent to and received from the generator', labelNames: ['model'], registers }),
    citationsPerResponse: new Histogram({ name: 'rag_citations_per_response', help: 'Citations of an answered query', buckets: [0, 1, 2, 3, 4, 5, 6, 8, 10], registers }),
    confidence: new Histogram({ name: 'rag_confidence_score', help: 'confidence_score of answered queries', buckets: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1], registers }),
    hallucinations: new Counter({ name: 'rag_hallucinations_detected_total', help: 'Answers refused because citation validation failed after the strict retry', registers }),
    cacheHits: new Counter({ name: 'rag_cache_hits_total', help: 'Queries answered from the cache', labelNames: ['backend'], registers }),
    cacheMisses: new Counter({ name: 'rag_cache_misses_total', help: 'Queries not in the cache', labelNames: ['backend'], registers }),
    refusals: new Counter({ name: 'rag_refusals_total', help: 'Refusals by reason code', labelNames: ['reason'], registers }),
  };
}
