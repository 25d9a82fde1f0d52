import { z } from 'zod';
import { MetricName, MetricPopulation } from './metric-names.ts';

/** One gate of the QA contract: a metric over a population compared with a frozen threshold. */
export const Gate = z
  .object({
    /** Stable id used in reports and CI output, e.g. `baseline_pass_rate`. */
    id: z.string().regex(/^[a-z][a-z0-9_]*$/, 'gate ids are snake_case'),
    metric: MetricName,
    population: MetricPopulation,
    comparison: z.enum(['>=', '<=', '==']),
    threshold: z.number().min(0).max(1),
    /** What to check when the gate fails; printed after the measured value. */
    message: z.string().min(1).optional(),
  })
  .strict();
export type Gate = z.infer<typeof Gate>;

/**
 * `golden/gates.json`: the frozen QA contract. Change a threshold only by bumping `version`; every
 * report records the version and the file's content hash.
 */
export const Gates = z
  .object({
    schemaVersion: z.literal(1),
    version: z.string().min(1),
    description: z.string().optional(),
    gates: z.array(Gate).min(1),
  })
  .strict()
  .superRefine((value, context) => {
    const seen = new Set<string>();
    for (const [index, gate] of value.gates.entries()) {
      if (seen.has(gate.id)) context.addIssue({ code: 'custom', path: ['gates', index, 'id'], message: `duplicate gate id ${JSON.stringify(gate.id)}` });
      seen.add(gate.id);
      if (gate.metric === 'perturbation_invariance' && gate.population !== 'perturb') {
        context.addIssue({ code: 'custom', path: ['gates', index, 'population'], message: "perturbation_invariance exists only for population 'perturb'" });
      }
    }
  });
export type Gates = z.infer<typeof Gates>;
