import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startQueryJob, type RunningJobs } from '../jobs/start-query-job.ts';
import { QueryJob } from '../jobs/job-store.ts';
import { ErrorResponse, JobAccepted, QueryRequest, QueryResponse, SimulationResponse } from '../query/query-schemas.ts';
import { runQuery } from '../query/run-query.ts';
import { simulateQuery } from '../query/simulate-query.ts';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import { requireTenant } from './authenticate.ts';
import { findIdempotentReply } from './idempotency.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse, 502: ErrorResponse, 503: ErrorResponse };

/** `POST /api/v1/rag/query` (sync, async or dry run) and `GET /api/v1/rag/jobs/:id`, for tenant keys. */
export function registerQueryRoutes(app: FastifyInstance, state: ServiceState, running: RunningJobs): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/v1/rag/query',
    {
      schema: {
        tags: ['query'],
        summary: 'Answer a question from the tenant\'s documents, or refuse',
        security: [{ apiKey: [] }],
        body: QueryRequest,
        response: { 200: z.union([QueryResponse, SimulationResponse]), 202: JobAccepted, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(state, request);
      const body = request.body;
      const idempotency = await findIdempotentReply(state, tenant.id, request.headers['idempotency-key'], body);
      if (idempotency.replay !== undefined) return reply.code(idempotency.replay.statusCode).header('idempotent-replayed', 'true').send(idempotency.replay.body as never);
      try {
        let statusCode = 200;
        let sent: unknown;
        if (body.dry_run) sent = await simulateQuery(state, tenant, body, request.id);
        else if (body.mode === 'async') {
          const job = await startQueryJob(state, running, tenant, body, request.id);
          statusCode = 202;
          sent = { job_id: job.id, status: job.status, poll_url: `/api/v1/rag/jobs/${job.id}` };
        } else {
          // A caller that has gone (a client's or a proxy's timeout) gives up its place in the queue.
          const gone = new AbortController();
          reply.raw.once('close', () => {
            if (!reply.raw.writableFinished) gone.abort();
          });
          sent = await runQuery(state, tenant, body, request.id, { maxWaitMs: state.settings.RAG_QUEUE_TIMEOUT_SECONDS * 1000, signal: gone.signal });
        }
        await idempotency.remember?.(statusCode, sent);
        return reply.code(statusCode).send(sent as never);
      } finally {
        idempotency.settle?.();
      }
    },
  );
  typed.get(
    '/api/v1/rag/jobs/:id',
    {
      schema: {
        tags: ['query'],
        summary: 'Poll an async query',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: {
          200: z.object({ job_id: z.string(), status: QueryJob.shape.status, created_at: z.string(), updated_at: z.string(), result: QueryResponse.optional(), error: ErrorResponse.shape.error.optional() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const tenant = requireTenant(state, request);
      const job = await state.jobs.get(request.params.id);
      // Another tenant's job is answered exactly like a job that does not exist.
      if (job === undefined || job.tenant !== tenant.id) {
        throw new ServiceError('job_not_found', `no job "${request.params.id}"`, 'poll the job_id your async query returned; jobs expire after RAG_JOB_TTL_SECONDS');
      }
      return {
        job_id: job.id,
        status: job.status,
        created_at: job.createdAt,
        updated_at: job.updatedAt,
        ...(job.result === undefined ? {} : { result: job.result as QueryResponse }),
        ...(job.error === undefined ? {} : { error: job.error }),
      };
    },
  );
}
