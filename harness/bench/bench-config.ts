import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ClausegateConfig } from '../../pipeline/config/config-schema.ts';

/** The project's own configuration (its sources from `.clausegate.json`, every other setting at its default) over a benchmark's index folder. */
export function benchConfig(indexDir: string): ClausegateConfig {
  const project = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.clausegate.json'), 'utf8')) as { sources?: unknown };
  return ClausegateConfig.parse({ sources: project.sources, paths: { indexDir } });
}
