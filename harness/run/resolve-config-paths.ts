import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { isObjectStorageUri } from '../../pipeline/store/index.ts';

/**
 * A copy of the config with every `paths` entry resolved against `cwd`, so the run reads and
 * writes where the user's working directory says, whatever the process's own directory is. An
 * index on object storage (`s3://…`) is left as it is.
 */
export function resolveConfigPaths(config: ClausegateConfig, cwd: string): ClausegateConfig {
  const paths = Object.fromEntries(Object.entries(config.paths).map(([name, value]) => [name, isObjectStorageUri(value) ? value : path.resolve(cwd, value)])) as ClausegateConfig['paths'];
  return { ...config, paths, generation: { ...config.generation } };
}
