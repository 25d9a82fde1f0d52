import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';

/**
 * The answer-shaping part of a config as a plain object: everything except where files live
 * (`paths`) and logging, which differ between machines and never change an answer.
 */
export function snapshotConfig(config: ClausegateConfig): Record<string, unknown> {
  const { paths: _paths, logging: _logging, reports: _reports, ...shaping } = config;
  return JSON.parse(JSON.stringify(shaping)) as Record<string, unknown>;
}
