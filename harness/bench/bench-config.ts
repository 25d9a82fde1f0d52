import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ClausegateConfig } from '../../pipeline/config/config-schema.ts';

/** The source name of the scale benchmark's synthetic corpus (no settings of its own). */
export const SCALE_SOURCE = 'scale';

/**
 * The project's own configuration (its sources from `.clausegate.json`, plus the scale benchmark's
 * source with default settings; every other setting at its default) over a benchmark's index folder.
 */
export function benchConfig(indexDir: string): ClausegateConfig {
  return ClausegateConfig.parse(benchConfigFile(indexDir));
}

/** `benchConfig` as a config file's content, for a child `harness` process (`--config`). */
export function benchConfigFile(indexDir: string): { sources: Record<string, unknown>; paths: { indexDir: string } } {
  const project = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.clausegate.json'), 'utf8')) as { sources?: Record<string, unknown> };
  return { sources: { ...project.sources, [SCALE_SOURCE]: {} }, paths: { indexDir } };
}
