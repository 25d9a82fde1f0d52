import { createHash } from 'node:crypto';
import { ServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';

/** A stored reply to an `Idempotency-Key`. */
interface StoredReply {
  bodySha256: string;
  statusCode: number;
  body: unknown;
}

/** Requests of this process still computing the first reply to a key, by key digest. */
const inFlightByState = new WeakMap<ServiceState, Map<string, Promise<void>>>();

/**
 * `Idempotency-Key` (1–200 characters): a repeated request with the same key and body gets the
 * first reply again (the same job for an async query) for `RAG_JOB_TTL_SECONDS`; the same key with
 * another body is 409. A repeat arriving while the first is still being answered in this process
 * waits for it and replays its reply (if the first fails, the repeat is answered on its own).
 * Replies are kept in the job store under a digest of tenant and key, so one tenant's key never
 * matches another's. The caller must call `settle` once its request is over, answered or not.
 */
export async function findIdempotentReply(
  state: ServiceState,
  tenant: string,
  header: string | string[] | undefined,
  body: unknown,
): Promise<{ replay?: { statusCode: number; body: unknown }; remember?: (statusCode: number, body: unknown) => Promise<void>; settle?: () => void }> {
  if (header === undefined) return {};
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key.length === 0 || key.length > 200) {
    throw new ServiceError('invalid_request', 'Idempotency-Key must be 1 to 200 characters', 'send a unique id per logical request, for example a UUID');
  }
  const id = `idempotency:${createHash('sha256').update(`${tenant}\u0000${key}`, 'utf8').digest('hex')}`;
  const bodySha256 = createHash('sha256').update(JSON.stringify(body), 'utf8').digest('hex');
  let inFlight = inFlightByState.get(state);
  if (inFlight === undefined) {
    inFlight = new Map();
    inFlightByState.set(state, inFlight);
  }
  for (let pending = inFlight.get(id); pending !== undefined; pending = inFlight.get(id)) await pending;
  const stored = await state.jobs.get(id);
  if (stored !== undefined && stored.tenant === tenant) {
    const reply = stored.result as StoredReply;
    if (reply.bodySha256 !== bodySha256) throw new ServiceError('conflict', 'this Idempotency-Key was used with another request body', 'use a new key for a new request');
    return { replay: { statusCode: reply.statusCode, body: reply.body } };
  }
  // Checked and claimed with no await between, so a concurrent repeat always finds the claim.
  const pending = inFlight.get(id);
  if (pending !== undefined) return findIdempotentReply(state, tenant, header, body);
  let settle!: () => void;
  const claim = new Promise<void>((resolve) => (settle = resolve));
  inFlight.set(id, claim);
  const owned = inFlight;
  return {
    settle: () => {
      if (owned.get(id) === claim) owned.delete(id);
      settle();
    },
    remember: async (statusCode, sent) => {
      const now = state.now().toISOString();
      const result: StoredReply = { bodySha256, statusCode, body: sent };
      await state.jobs.put({ id, tenant, status: 'succeeded', createdAt: now, updatedAt: now, result });
    },
  };
}
