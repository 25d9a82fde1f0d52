import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import type { Caller, TenantConfig } from '../tenants/tenant-registry.ts';

const callers = new WeakMap<FastifyRequest, Caller | null>();

/** The key a request presents: `Authorization: Bearer KEY` or `X-API-Key: KEY`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined;
}

/** Who sent the request, looked up once per request (the rate limiter asks first), or undefined. */
export function identifyCaller(state: ServiceState, request: FastifyRequest): Caller | undefined {
  if (!callers.has(request)) {
    const key = presentedKey(request);
    callers.set(request, key === undefined ? null : (state.tenants.identify(key) ?? null));
  }
  return callers.get(request) ?? undefined;
}

/** The tenant of the request, or 401 `unauthorized` (no key, an unknown key, or the admin key on a tenant endpoint). */
export function requireTenant(state: ServiceState, request: FastifyRequest): TenantConfig {
  const caller = identifyCaller(state, request);
  if (caller?.kind === 'tenant') return caller.tenant;
  throw new ServiceError('unauthorized', caller?.kind === 'admin' ? 'the admin key cannot ask queries; use a tenant key' : 'no valid API key was presented', 'send a tenant key as "Authorization: Bearer KEY" or "X-API-Key: KEY"');
}

/** Passes only the admin key, else 401 `unauthorized`. */
export function requireAdmin(state: ServiceState, request: FastifyRequest): void {
  const caller = identifyCaller(state, request);
  if (caller?.kind === 'admin') return;
  throw new ServiceError('unauthorized', state.tenants.hasAdminKey ? 'admin endpoints need the admin key' : 'admin endpoints are off: no admin key is configured', 'send the admin key as "Authorization: Bearer KEY" (RAG_ADMIN_KEY or adminKeySha256 in the tenants file)');
}
