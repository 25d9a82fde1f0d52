import { answerWithTemplate, DryRunGenerator } from './answer-with-template.ts';
import type { QueryRequest, SimulationResponse } from './query-schemas.ts';
import { createRankScore } from './rank-score.ts';
import { readQueryRequest, type ReadQuery } from './read-query-request.ts';
import { REDACTED } from './shape-query-response.ts';
import type { ServiceState } from '../service-state.ts';
import type { TenantConfig } from '../tenants/tenant-registry.ts';

/**
 * A dry run: every stage up to the prompt runs for real on the requested sources in turn, the
 * generator is replaced by one that records the prompt and answers nothing, so no model is called.
 * Returns the prompt, the snippets selected with their rank scores, the drops with their reasons,
 * the token estimate and the model that would answer. Hidden documents are "[REDACTED]", the
 * prompt too when it quotes one.
 */
export async function simulateQuery(state: ServiceState, tenant: TenantConfig, request: QueryRequest, requestId: string): Promise<SimulationResponse> {
  const read = await readQueryRequest(state, tenant, request);
  let first: SimulationResponse | undefined;
  // Like a query, the first source whose evidence would reach the model is the one simulated.
  for (const source of read.sources) {
    const simulated = await simulateOnSource(state, tenant, read, request, requestId, source);
    if (!simulated.refused_before_model) return simulated;
    first ??= simulated;
  }
  return first!;
}

async function simulateOnSource(state: ServiceState, tenant: TenantConfig, read: ReadQuery, request: QueryRequest, requestId: string, source: string): Promise<SimulationResponse> {
  return state.indexes.use(source, async (pipeline) => {
    const generator = new DryRunGenerator(pipeline.generator.info);
    const result = await state.answers.run(() => answerWithTemplate(pipeline, read.query, {
      template: read.template,
      strictness: request.strictness,
      topK: read.topK,
      tokenBudget: state.settings.RAG_TOKEN_BUDGET,
      retriesOnHallucination: 0,
      documents: read.allowed?.get(source),
    }, generator));
    const sent = generator.requests[0];
    const rankScore = createRankScore(state.indexes.documents(source), state.tenants.sources[source]?.trust ?? 1, state.weights);
    const hidden = read.hidden.get(source) ?? new Set<string>();
    const hides = sent?.evidence.some((item) => hidden.has(item.doc)) ?? false;
    state.audit.record({
      timestamp: state.now().toISOString(),
      request_id: requestId,
      tenant: tenant.id,
      query: read.query,
      status: 'simulated',
      reason_code: sent === undefined ? (result.refusal?.reason ?? null) : null,
      cache_hit: false,
      template_id: read.template.id,
      index_version: result.versions.index,
      citations: [],
    });
    return {
      dry_run: true as const,
      source,
      refused_before_model: sent === undefined,
      reason_code: sent === undefined ? (result.refusal?.reason ?? result.error?.code ?? null) : null,
      prompt: sent === undefined ? null : hides ? REDACTED : sent.prompt,
      prompt_sha256: sent?.promptSha256 ?? null,
      template_id: read.template.id,
      template_sha256: read.template.sha256,
      estimated_tokens: { prompt: result.tokens.prompt, evidence: result.tokens.evidence },
      model: pipeline.generator.info.model,
      selected: result.evidence.map((item) => {
        const text = sent?.evidence.find((entry) => entry.chunkId === item.chunkId)?.text ?? '';
        const secret = hidden.has(item.doc);
        return {
          citation_id: item.anchor,
          doc: item.doc,
          page: item.page,
          section: secret ? REDACTED : item.sectionHeading,
          snippet: secret ? REDACTED : text,
          rank_score: Math.round(rankScore(item.doc, item.similarity) * 1000) / 1000,
        };
      }),
      dropped: result.drops.map((drop) => ({ chunk_id: drop.chunkId, reason: drop.reason, detail: drop.detail })),
      request_id: requestId,
      timestamp: state.now().toISOString(),
    };
  });
}
