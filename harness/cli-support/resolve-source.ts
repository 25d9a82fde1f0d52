import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/index.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { isObjectStorageUri } from '../../pipeline/store/index.ts';

/** What decides the source of a command run without `--source`. */
export interface ResolveSourceInput {
  /** The `--source` given, if any: always wins. */
  requested: string | undefined;
  config: Pick<ClausegateConfig, 'defaultSource' | 'sources' | 'paths'>;
  /**
   * `indexed` (query, serve) chooses among the sources with a published index; `configured`
   * (ingest) among the configured ones, since it builds the index.
   */
  among: 'indexed' | 'configured';
}

/**
 * The source a command works on: `--source` when given, else `defaultSource` from the config,
 * else the only candidate (the one indexed or configured source). With several candidates and no
 * default it throws `source_required` (exit 2) listing them: a question is never answered from a
 * source the user did not choose. With no index at all it throws `index_missing` with the command
 * that builds one.
 */
export function resolveSource(input: ResolveSourceInput): string {
  if (input.requested !== undefined) return input.requested;
  if (input.config.defaultSource !== undefined) return input.config.defaultSource;
  if (input.among === 'indexed' && isObjectStorageUri(input.config.paths.indexDir)) {
    throw new ClausegateError('source_required', `the index is on object storage (${input.config.paths.indexDir}): say which source with --source`, {
      hint: 'e.g. --source sample, or set "defaultSource" in .clausegate.json',
    });
  }
  const candidates = input.among === 'indexed' ? listIndexedSources(input.config.paths.indexDir) : Object.keys(input.config.sources).sort();
  if (candidates.length === 1) return candidates[0] as string;
  if (candidates.length === 0) {
    const configured = Object.keys(input.config.sources).sort();
    throw new ClausegateError('index_missing', `no source is indexed under ${input.config.paths.indexDir}`, {
      hint: `build one first, e.g. npx harness ingest --source ${configured[0] ?? 'NAME'} (configured sources: ${configured.join(', ') || 'none'})`,
    });
  }
  const what = input.among === 'indexed' ? 'indexed' : 'configured';
  throw new ClausegateError('source_required', `${candidates.length} sources are ${what} (${candidates.join(', ')}): say which with --source`, {
    hint: `e.g. --source ${candidates[0]}, or set "defaultSource" in .clausegate.json`,
  });
}

/** The sources under `indexDir` with a published version (a `CURRENT` pointer), sorted by name. */
export function listIndexedSources(indexDir: string): string[] {
  if (!existsSync(indexDir)) return [];
  return readdirSync(indexDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(indexDir, entry.name, 'CURRENT')))
    .map((entry) => entry.name)
    .sort();
}
