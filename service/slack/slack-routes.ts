import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QueryRequest } from '../query/query-schemas.ts';
import { runQuery } from '../query/run-query.ts';
import { ServiceError, toServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import { renderSlackBlocks } from './render-slack-blocks.ts';
import { verifySlackSignature } from './verify-slack-signature.ts';

/** Slack deliveries still posting, so a shutdown can wait for them. */
export type SlackDeliveries = Set<Promise<void>>;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `POST /slack/commands` for `/clausegate <question>`: verifies Slack's signature on the raw form
 * body, acknowledges at once (Slack waits 3 s), then answers as the configured tenant and posts the
 * Block Kit message to the command's `response_url` (only under RAG_SLACK_RESPONSE_URL_PREFIX).
 */
export function registerSlackRoutes(app: FastifyInstance, state: ServiceState, deliveries: SlackDeliveries, fetchFunction: typeof fetch = fetch): void {
  const secret = state.settings.RAG_SLACK_SIGNING_SECRET;
  const tenantId = state.settings.RAG_SLACK_TENANT;
  if (secret === undefined || tenantId === undefined) return;
  const tenant = state.tenants.tenants.find((entry) => entry.id === tenantId);
  if (tenant === undefined) throw new ServiceError('invalid_request', `RAG_SLACK_TENANT names no tenant ("${tenantId}")`, 'set it to the id of a tenant in the tenants file');

  void app.register(async (scope) => {
    // The signature covers the exact bytes Slack sent, so the form is kept as text and parsed here.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, String(body)));
    scope.post('/slack/commands', { schema: { hide: true } }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const check = verifySlackSignature({
        signingSecret: secret,
        timestamp: header(request, 'x-slack-request-timestamp'),
        signature: header(request, 'x-slack-signature'),
        rawBody,
        nowSeconds: Math.floor(state.now().getTime() / 1000),
      });
      if (check !== 'ok') {
        throw new ServiceError('slack_signature_invalid', check === 'stale_timestamp' ? 'the Slack request timestamp is more than 5 minutes old' : 'the Slack signature does not verify', 'check the app\'s signing secret (RAG_SLACK_SIGNING_SECRET) and the server clock');
      }
      const form = new URLSearchParams(rawBody);
      const question = (form.get('text') ?? '').trim();
      const responseUrl = form.get('response_url') ?? '';
      if (question === '') return reply.send({ response_type: 'ephemeral', text: 'Ask a question after the command, for example: /clausegate What is the monthly fee for a display device?' });
      if (!responseUrl.startsWith(state.settings.RAG_SLACK_RESPONSE_URL_PREFIX)) {
        throw new ServiceError('invalid_request', 'response_url is not a Slack hook URL', 'Slack sends its own response_url; set RAG_SLACK_RESPONSE_URL_PREFIX only for a proxy');
      }
      const delivery = (async () => {
        let message: unknown;
        try {
          const response = await runQuery(state, tenant, QueryRequest.parse({ query: question, citation_style: 'bracketed_ids' }), request.id);
          message = renderSlackBlocks(question, response);
        } catch (error) {
          const failure = toServiceError(error);
          message = { response_type: 'ephemeral', text: `clausegate could not answer: ${failure.message}. ${failure.fix}` };
        }
        await fetchFunction(responseUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'posting to the Slack response_url failed');
        });
      })();
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
      return reply.send({ response_type: 'ephemeral', text: `Looking that up in the documents: ${question}` });
    });
  });
}
