import type { QueryRequest } from '../query/query-schemas.ts';
import { runQuery } from '../query/run-query.ts';
import { toServiceError } from '../service-error.ts';
import type { ServiceState } from '../service-state.ts';
import type { TenantConfig } from '../tenants/tenant-registry.ts';
import type { QueryJob } from './job-store.ts';

/** Jobs still running in this process, so a shutdown can wait for them. */
export type RunningJobs = Set<Promise<void>>;

/**
 * Stores a queued job for the tenant and runs the query after the response is sent: `running`,
 * then `succeeded` with the response or `failed` with the error body.
 */
export async function startQueryJob(state: ServiceState, running: RunningJobs, tenant: TenantConfig, request: QueryRequest, requestId: string): Promise<QueryJob> {
  const created = state.now().toISOString();
  const job: QueryJob = { id: state.newId(), tenant: tenant.id, status: 'queued', createdAt: created, updatedAt: created };
  await state.jobs.put(job);
  const work = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await state.jobs.put({ ...job, status: 'running', updatedAt: state.now().toISOString() });
    try {
      const result = await runQuery(state, tenant, { ...request, mode: 'sync' }, requestId);
      await state.jobs.put({ ...job, status: 'succeeded', result, updatedAt: state.now().toISOString() });
    } catch (error) {
      await state.jobs.put({ ...job, status: 'failed', error: toServiceError(error).toBody().error, updatedAt: state.now().toISOString() });
    }
  })().catch(() => {});
  running.add(work);
  void work.finally(() => running.delete(work));
  return job;
}
