import { loadConfig, type LoadedConfig } from '../../pipeline/config/index.ts';
import { DEFAULT_COLUMNS } from './fit-to-width.ts';

/** Options every command accepts. */
export interface GlobalOptions {
  config?: string | undefined;
  provider?: 'offline' | 'openai' | undefined;
}

/** What a command needs from the outside world, created once at the edge. */
export interface CommandContext extends LoadedConfig {
  cwd: string;
  env: Record<string, string | undefined>;
  /** True when output goes to a terminal and not to CI logs. */
  interactive: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Columns a line of output may take: the terminal's width, or 100 when stdout is not a terminal. */
  columns: number;
}

/** Loads the config for a command, applying `--provider` over the file and environment. */
export function createContext(
  options: GlobalOptions,
  io: { env: Record<string, string | undefined>; cwd: string; stdout: (text: string) => void; stderr: (text: string) => void; interactive: boolean; columns?: number },
): CommandContext {
  const loaded = loadConfig({
    file: options.config,
    cwd: io.cwd,
    env: io.env,
  });
  if (options.provider) loaded.config.provider = options.provider;
  return { ...loaded, ...io, columns: io.columns ?? DEFAULT_COLUMNS };
}
