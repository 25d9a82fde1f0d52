import { z } from 'zod';

/** One async query: who asked, its status and, once done, its response or error. */
export const QueryJob = z.object({
  id: z.string(),
  tenant: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  createdAt: z.string(),
  updatedAt: z.string(),
  result: z.unknown().optional(),
  error: z.object({ code: z.string(), message: z.string(), fix: z.string() }).optional(),
});
export type QueryJob = z.infer<typeof QueryJob>;

/** Where async jobs are kept, bounded and for `RAG_JOB_TTL_SECONDS`: in memory, or in Redis (they survive a restart). */
export interface JobStore {
  readonly kind: 'memory' | 'redis';
  put(job: QueryJob): Promise<void>;
  get(id: string): Promise<QueryJob | undefined>;
  close(): Promise<void>;
}
