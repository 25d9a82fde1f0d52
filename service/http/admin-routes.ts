import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, QueryRequest, SimulationResponse } from '../query/query-schemas.ts';
import { simulateQuery } from '../query/simulate-query.ts';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import { PromptTemplate, TemplateInput } from '../templates/prompt-template.ts';
import type { TenantConfig } from '../tenants/tenant-registry.ts';
import { requireAdmin } from './authenticate.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };
const security = [{ apiKey: [] }];
const Weights = z
  .object({ similarity: z.number().min(0).max(1), recency: z.number().min(0).max(1), trust: z.number().min(0).max(1) })
  .strict()
  .refine((weights) => Math.abs(weights.similarity + weights.recency + weights.trust - 1) < 1e-6, { message: 'similarity + recency + trust must sum to 1', path: ['similarity'] });

/** Admin endpoints (admin key only): templates, simulate, ranking weights, reindex, metrics. */
export function registerAdminRoutes(app: FastifyInstance, state: ServiceState): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = (): TenantConfig => ({ id: 'admin', apiKeySha256: '', sources: [...state.indexes.names], canSeeConfidential: true });
  const base = '/api/v1/rag/admin';
  const clearCache = () => {
    void state.cache.clear();
  };

  typed.get(`${base}/templates`, { schema: { tags: ['admin'], security, response: { 200: z.object({ templates: z.array(PromptTemplate) }), ...errors } } }, async (request) => {
    requireAdmin(state, request);
    return { templates: await state.templates.list() };
  });
  typed.get(`${base}/templates/:id`, { schema: { tags: ['admin'], security, params: z.object({ id: z.string() }), response: { 200: PromptTemplate, ...errors } } }, async (request) => {
    requireAdmin(state, request);
    return await state.templates.get(request.params.id);
  });
  typed.post(`${base}/templates`, { schema: { tags: ['admin'], security, body: TemplateInput, response: { 201: PromptTemplate, ...errors } } }, async (request, reply) => {
    requireAdmin(state, request);
    const created = await state.templates.create(request.body);
    clearCache();
    return reply.code(201).send(created);
  });
  typed.put(`${base}/templates/:id`, { schema: { tags: ['admin'], security, params: z.object({ id: z.string() }), body: TemplateInput, response: { 200: PromptTemplate, ...errors } } }, async (request) => {
    requireAdmin(state, request);
    const updated = await state.templates.update(request.params.id, request.body);
    clearCache();
    return updated;
  });
  typed.delete(`${base}/templates/:id`, { schema: { tags: ['admin'], security, params: z.object({ id: z.string() }), response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    requireAdmin(state, request);
    await state.templates.remove(request.params.id);
    clearCache();
    return reply.code(204).send(null);
  });

  typed.post(
    `${base}/simulate`,
    { schema: { tags: ['admin'], summary: 'Dry run: the prompt, snippets and drops; no model call', security, body: QueryRequest, response: { 200: SimulationResponse, ...errors } } },
    async (request) => {
      requireAdmin(state, request);
      return simulateQuery(state, admin(), request.body, request.id);
    },
  );

  typed.post(`${base}/ranking/weights`, { schema: { tags: ['admin'], security, body: Weights, response: { 200: Weights, ...errors } } }, async (request) => {
    requireAdmin(state, request);
    state.weights = { ...request.body };
    clearCache();
    return state.weights;
  });

  typed.post(
    `${base}/reindex`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Ingest a source again, swap its index in and clear the cache',
        security,
        body: z.object({ source: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/) }).strict(),
        response: { 200: z.object({ source: z.string(), previous_version: z.string(), index_version: z.string(), chunks: z.number().int(), cache_entries_dropped: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      requireAdmin(state, request);
      const { source } = request.body;
      if (!state.indexes.names.includes(source)) throw new ServiceError('source_not_found', `source "${source}" is not served`, `reindex one of: ${state.indexes.names.join(', ')}`);
      const swapped = await state.indexes.reindex(source);
      const dropped = await state.cache.clear();
      // The other replicas reading the same index swap the new version in at once (or at their next poll).
      await state.versions.announce(source, swapped.indexVersion);
      return { source, previous_version: swapped.previousVersion, index_version: swapped.indexVersion, chunks: swapped.chunks, cache_entries_dropped: dropped };
    },
  );

  app.get(`${base}/metrics`, { schema: { tags: ['admin'], security, summary: 'Prometheus text exposition' } }, async (request, reply) => {
    requireAdmin(state, request);
    const text = await state.metrics.registry.metrics();
    return reply.type(state.metrics.registry.contentType).send(text);
  });
}
