import { z } from 'zod';
import { RunOptions } from '../report/run-report.ts';

/**
 * `reports/<run-id>/run.json`: written when a run starts, before any case. It fixes what the run
 * is (suite, selected case ids in order, options, config digest, index version), so `--resume`
 * continues exactly the same run. A run folder with `run.json` and no `report.json` is unfinished.
 */
export const RunPlan = z
  .object({
    schemaVersion: z.literal(1),
    runId: z.string().min(1),
    suite: z.string().min(1),
    createdAt: z.iso.datetime({ offset: true }),
    options: RunOptions.omit({ concurrency: true }),
    configDigest: z.string().min(1),
    indexVersion: z.string().min(1),
    /** The selected cases, in the order the report lists them. */
    caseIds: z.array(z.string().min(1)),
  })
  .strict();
export type RunPlan = z.infer<typeof RunPlan>;
