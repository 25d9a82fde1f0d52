import path from 'node:path';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { ClausegateError, isClausegateError } from '../../pipeline/errors.ts';
import { digestConfig } from '../run/digest-config.ts';
import { readPath, type AppliedSetting } from './apply-settings.ts';

/** Input of `createConfigDelta`. */
export interface CreateConfigDeltaInput {
  applied: readonly AppliedSetting[];
  /** The config the what-if evaluated. */
  target: ClausegateConfig;
  /** The config file the run used; `undefined` when it used the built-in defaults. */
  configFile: string | undefined;
  /** Where the delta is written: `"extends"` is relative to its folder. */
  outputFile: string;
  /** Loads the run's config with `settings` merged over it, as `"extends"` will. */
  load: (settings: Record<string, unknown>) => ClausegateConfig;
}

/**
 * The config file a what-if writes (`harness whatif --write-config`): only the settings it changed,
 * nested by their paths, over the config the run used — `"extends"` names that file relative to
 * where this one is written (none when the run used the built-in defaults, which a file starts from
 * anyway). A setting inside a map the config file leaves to its default (an embedder's floors) is
 * written with its whole map, since a partial map would replace the default one; the delta is
 * checked to load as the what-if's config (same digest).
 */
export function createConfigDelta(input: CreateConfigDeltaInput): Record<string, unknown> {
  const wanted = digestConfig(input.target);
  const longest = Math.max(...input.applied.map((setting) => setting.path.split('.').length));
  for (let depth = longest; depth >= 1; depth -= 1) {
    const settings: Record<string, unknown> = {};
    for (const setting of input.applied) {
      const parts = setting.path.split('.').slice(0, depth);
      writeNested(settings, parts, structuredClone(readPath(input.target, parts.join('.'))));
    }
    if (!loadsAs(input.load, settings, wanted)) continue;
    if (input.configFile === undefined) return settings;
    const relative = path.relative(path.dirname(input.outputFile), input.configFile).split(path.sep).join('/');
    return { extends: relative.startsWith('.') ? relative : `./${relative}`, ...settings };
  }
  throw new ClausegateError('internal', `the changed settings (${input.applied.map((setting) => setting.path).join(', ')}) do not load back as the what-if's config`);
}

/** True when `settings` over the run's config load as the config of digest `wanted` (an invalid result, such as a partial map, is false). */
function loadsAs(load: CreateConfigDeltaInput['load'], settings: Record<string, unknown>, wanted: string): boolean {
  try {
    return digestConfig(load(settings)) === wanted;
  } catch (error) {
    if (isClausegateError(error, 'config_invalid')) return false;
    throw error;
  }
}

function writeNested(target: Record<string, unknown>, parts: readonly string[], value: unknown): void {
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    node = (next !== null && typeof next === 'object' ? next : (node[part] = {})) as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}
