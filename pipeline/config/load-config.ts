import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ClausegateError } from '../errors.ts';
import { ClausegateConfig } from './config-schema.ts';

/** The config file looked for in the working directory when no path is given. */
export const DEFAULT_CONFIG_FILE = '.clausegate.json';

/** Secrets and endpoints taken from the environment; never written to logs or reports. */
export interface ProviderEnvironment {
  openaiApiKey: string | undefined;
  openaiBaseUrl: string | undefined;
}

/** The loaded configuration, the environment values that override it, and where it came from. */
export interface LoadedConfig {
  config: ClausegateConfig;
  environment: ProviderEnvironment;
  /** The config file read, or `undefined` when only defaults apply. */
  file: string | undefined;
}

/** Options of `loadConfig`. */
export interface LoadConfigOptions {
  /** Path of a config file; default `.clausegate.json` in `cwd` when it exists. */
  file?: string | undefined;
  /** Working directory; default `process.cwd()`. */
  cwd?: string;
  /** Environment variables; pass `process.env` from the CLI. Only the variables named here are read. */
  env?: Record<string, string | undefined>;
  /** Overrides applied after the file (for example from CLI flags), in the file's shape. */
  overrides?: Record<string, unknown>;
}

/**
 * Loads the project configuration: the frozen defaults, then the config file (after the file it
 * `"extends"`, if any), then `overrides`,
 * then the environment variables that name a setting (`CLAUSEGATE_PROVIDER`, `OPENAI_BASE_URL`,
 * `RAG_INDEX_URI` for `paths.indexDir`).
 * Every bad field is reported by its path with what was expected.
 */
export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? {};
  const explicit = options.file !== undefined;
  const file = path.resolve(cwd, options.file ?? DEFAULT_CONFIG_FILE);
  let fromFile: Record<string, unknown> = {};
  let usedFile: string | undefined;
  if (existsSync(file)) {
    fromFile = readWithExtends(file, []);
    usedFile = file;
  } else if (explicit) {
    throw new ClausegateError('config_not_found', `config file ${file} does not exist`, {
      hint: 'pass an existing file to --config, or omit it to use the defaults',
    });
  }

  const merged = mergeDeep(fromFile, options.overrides ?? {});
  const provider = env.CLAUSEGATE_PROVIDER;
  if (provider !== undefined && provider !== '') merged.provider = provider;
  const indexUri = nonEmpty(env.RAG_INDEX_URI);
  if (indexUri !== undefined) merged.paths = { ...((merged.paths as Record<string, unknown> | undefined) ?? {}), indexDir: indexUri };
  const config = parseConfig(merged, usedFile ?? 'defaults');
  // Configured sources extend the built-in ones instead of replacing them.
  const defaults = ClausegateConfig.parse({});
  config.sources = { ...defaults.sources, ...config.sources };

  const baseUrl = nonEmpty(env.OPENAI_BASE_URL) ?? config.openai.baseUrl;
  if (baseUrl !== undefined) {
    try {
      new URL(baseUrl);
    } catch {
      throw new ClausegateError('env_invalid', `OPENAI_BASE_URL is not a URL: ${JSON.stringify(baseUrl)}`, {
        hint: 'set it to the server root with its /v1 path, for example http://127.0.0.1:8080/v1',
      });
    }
  }
  return {
    config,
    environment: { openaiApiKey: nonEmpty(env.OPENAI_API_KEY), openaiBaseUrl: baseUrl },
    file: usedFile,
  };
}

/** Parses a config object, turning every zod issue into one readable line `path: message`. */
export function parseConfig(value: unknown, origin = 'config'): ClausegateConfig {
  const result = ClausegateConfig.safeParse(value);
  if (result.success) return result.data;
  throw new ClausegateError('config_invalid', `${origin} is not a valid clausegate config:\n${formatIssues(result.error.issues)}`, {
    hint: 'fix the fields listed above; README "Configuration" lists every field and its default',
    location: { file: origin },
  });
}

/** Formats zod issues as `  - a.b.c: message` lines. */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)';
      return `  - ${where}: ${issue.message}`;
    })
    .join('\n');
}

/**
 * Reads a config file and, when it names another in `"extends"` (a path relative to the file),
 * that file first, the settings of this one merged over it: a file can hold only the settings it
 * changes (as `harness whatif --write-config` writes them).
 */
function readWithExtends(file: string, chain: readonly string[]): Record<string, unknown> {
  if (chain.includes(file)) {
    throw new ClausegateError('config_invalid', `${file} extends itself through ${[...chain, file].join(' → ')}`, {
      hint: 'remove the "extends" that closes the circle',
      location: { file },
    });
  }
  const { extends: base, ...own } = readJsonObject(file);
  if (base === undefined) return own;
  if (typeof base !== 'string' || base.trim() === '') {
    throw new ClausegateError('config_invalid', `${file}: "extends" must be the path of another config file, relative to this one`, { location: { file } });
  }
  const baseFile = path.resolve(path.dirname(file), base);
  if (!existsSync(baseFile)) {
    throw new ClausegateError('config_not_found', `${file} extends ${baseFile}, which does not exist`, {
      hint: `fix "extends" in ${file} (it is relative to that file's folder)`,
      location: { file },
    });
  }
  return mergeDeep(readWithExtends(baseFile, [...chain, file]), own);
}

function readJsonObject(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR') {
      throw new ClausegateError('config_invalid', `${file} is a folder, not a config file`, {
        hint: 'pass --config the JSON file itself, e.g. --config .clausegate.json',
        location: { file },
      });
    }
    throw new ClausegateError('config_invalid', `cannot read the config file ${file} (${code ?? 'error'}: ${(error as Error).message})`, {
      hint: code === 'EACCES' || code === 'EPERM' ? `give the user running harness read access to ${file}` : 'check the path given to --config',
      location: { file },
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClausegateError('config_invalid', `${file} is not valid JSON: ${(error as Error).message}`, {
      hint: 'the config file is plain JSON (no comments, no trailing commas)',
      location: { file },
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ClausegateError('config_invalid', `${file} must hold a JSON object`, { location: { file } });
  }
  return value as Record<string, unknown>;
}

function mergeDeep(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = result[key];
    result[key] =
      isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
