import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceState } from '../service-state.ts';

/** `GET /healthz` (the process answers), `GET /readyz` (an index is loaded and no swap runs), `GET /openapi.json`. */
export function registerHealthRoutes(app: FastifyInstance, state: ServiceState): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/healthz', { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  typed.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ready'), sources: z.record(z.string(), z.string()) }), 503: z.object({ status: z.enum(['swapping', 'no_index']), sources: z.record(z.string(), z.string()) }) },
      },
    },
    async (_request, reply) => {
      const sources = Object.fromEntries(state.indexes.names.map((name) => [name, state.indexes.indexVersion(name)]));
      if (state.indexes.names.length === 0) return reply.code(503).send({ status: 'no_index' as const, sources });
      if (state.indexes.swapping) return reply.code(503).send({ status: 'swapping' as const, sources });
      return { status: 'ready' as const, sources };
    },
  );
  app.get('/openapi.json', { config: { rateLimit: false }, schema: { hide: true } }, async () => app.swagger());
}
