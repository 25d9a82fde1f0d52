import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { RunningJobs } from '../jobs/start-query-job.ts';
import { ServiceError, toServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import { registerAdminRoutes } from './admin-routes.ts';
import { identifyCaller } from './authenticate.ts';
import { registerHealthRoutes } from './health-routes.ts';
import { registerQueryRoutes } from './query-routes.ts';
import { registerSlackRoutes } from '../slack/slack-routes.ts';

/** Options of `createHttpServer`. */
export interface HttpServerOptions {
  /** Fastify's pino logger: `false` in tests, a level otherwise. Keys and signatures are redacted. */
  logger: boolean;
  /** Rate-limit counters live here when Redis is configured (shared by every instance). */
  redis?: Redis | undefined;
  /** Extra routes (the Slack command). */
  register?: (app: FastifyInstance) => void;
}

/**
 * Creates the Fastify app: zod request and response schemas (fastify-type-provider-zod), the
 * OpenAPI document, a rate limit per tenant, JSON errors `{error:{code,message,fix}}` for every
 * failure (a schema failure names the field path), and the routes.
 */
export async function createHttpServer(state: ServiceState, running: RunningJobs, options: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: state.settings.RAG_LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers["x-slack-signature"]'] }
      : false,
    bodyLimit: state.settings.RAG_BODY_LIMIT_BYTES,
    genReqId: () => state.newId(),
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are built by typed code from the same zod schemas, which also document them in the
  // OpenAPI file; re-validating every reply through zod cost the cached path most of its time, so
  // replies are written with JSON.stringify (the tests parse them with the schemas).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = describeFailure(error);
    if (failure.code === 'internal') request.log.error({ err: error }, 'request failed');
    if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
    return reply.code(failure.status).send(failure.toBody());
  });
  // Our own JSON parser, so a malformed body is answered with JSON.parse's position (line and column).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(new ServiceError('invalid_json', 'the JSON body is empty', 'send a JSON object'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(new ServiceError('invalid_json', `the body is not valid JSON: ${(error as Error).message}`, 'send one JSON object; fix the character at the position named'), undefined);
    }
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(new ServiceError('not_found', `no route ${request.method} ${request.url.split('?')[0]}`, 'see GET /openapi.json for the endpoints').toBody()));

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'clausegate', description: 'Source-bounded answers from licensing documents, with citations, or a refusal.', version: '1.0.0' },
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: state.settings.RAG_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(options.redis === undefined ? {} : { redis: options.redis, nameSpace: 'clausegate:ratelimit:' }),
    keyGenerator: (request) => {
      const caller = identifyCaller(state, request);
      return caller === undefined ? `ip:${request.ip}` : caller.kind === 'admin' ? 'admin' : `tenant:${caller.tenant.id}`;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      serviceError: new ServiceError('rate_limited', `more than ${context.max} requests in ${context.after}`, `wait ${Math.ceil(context.ttl / 1000)} s (Retry-After) or ask for a higher RAG_RATE_LIMIT_PER_MINUTE`),
    }),
  });
  registerHealthRoutes(app, state);
  registerQueryRoutes(app, state, running);
  registerAdminRoutes(app, state);
  registerSlackRoutes(app, state, running);
  options.register?.(app);
  return app;
}

/** The service error for anything a request threw: schema failures, body limits, malformed JSON, rate limits, ours. */
function describeFailure(error: FastifyError & { serviceError?: ServiceError }): ServiceError {
  if (error.serviceError instanceof ServiceError) return error.serviceError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const issues = error.validation.map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return `${where}${path ? `.${path}` : ''}: ${issue.message}`;
    });
    return new ServiceError('invalid_request', issues.join('; '), 'fix the fields named above; GET /openapi.json has the request schema');
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ServiceError('body_too_large', 'the request body is larger than the limit (RAG_BODY_LIMIT_BYTES)', 'send a smaller body; a query needs only a few hundred bytes');
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ServiceError('invalid_request', 'the body must be JSON (Content-Type: application/json)', 'send the body as JSON with Content-Type: application/json');
  if (error.statusCode === 429) return new ServiceError('rate_limited', error.message, 'wait for the time in Retry-After');
  return toServiceError(error);
}
