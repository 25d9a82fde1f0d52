import { existsSync } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { digestConfig } from './digest-config.ts';
import { snapshotConfig } from './snapshot-config.ts';

/** The name of the run's config snapshot inside its folder. */
export const RUN_CONFIG_FILE = 'config.json';

/**
 * `reports/<run-id>/config.json`: the answer-shaping settings a run (or a what-if) was made with
 * (see `snapshotConfig`) and their digest, so a comparison of two runs can name each changed
 * setting whatever `--config` is in effect when they are compared.
 */
export const RunConfigFile = z
  .object({
    schemaVersion: z.literal(1),
    /** `digestConfig` of the config; equals the report's `configDigest`. */
    configDigest: z.string().min(1),
    config: z.record(z.string(), z.unknown()),
  })
  .strict();
export type RunConfigFile = z.infer<typeof RunConfigFile>;

/** Writes the snapshot of `config` to `<directory>/config.json` (temporary file, then rename). */
export async function writeRunConfig(directory: string, config: ClausegateConfig): Promise<string> {
  const file = path.join(directory, RUN_CONFIG_FILE);
  const content: RunConfigFile = { schemaVersion: 1, configDigest: digestConfig(config), config: snapshotConfig(config) };
  await writeFileDurably(`${file}.tmp`, `${JSON.stringify(content, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
  return file;
}

/**
 * The config snapshot of a run folder when it has one whose digest is `configDigest` (the report's);
 * `undefined` for a folder without one (runs made before it was written) or an unreadable one —
 * the comparison then says the config changed without naming settings.
 */
export async function readRunConfig(directory: string, configDigest: string): Promise<Record<string, unknown> | undefined> {
  const file = path.join(directory, RUN_CONFIG_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = RunConfigFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success && parsed.data.configDigest === configDigest ? parsed.data.config : undefined;
  } catch {
    return undefined;
  }
}
