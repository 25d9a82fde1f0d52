import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { TiktokenBPE } from 'js-tiktoken/lite';
import { decodeRankTable, encodeRankTable, type RankTable } from './rank-table.ts';

const requireModule = createRequire(import.meta.url);
const RANKS_MODULE = 'js-tiktoken/ranks/cl100k_base';

/** Where `loadRankTable` keeps its file. */
export interface LoadRankTableOptions {
  /** Default: `.cache/clausegate` in the `node_modules` folder that holds js-tiktoken; undefined keeps no file. */
  cacheDir?: string | undefined;
}

/**
 * cl100k_base's rank table. Read from `<cacheDir>/cl100k_base-<crc>-<length>.bin` when an earlier
 * process wrote it (one read and a checksum: about 2 ms, where building it from js-tiktoken's ranks
 * module costs a cold process about 40 ms); else built from that module and written there for the
 * next process. The name carries the CRC-32 and length of the ranks module, so other ranks never
 * meet an old table; a file that is damaged is built again, and a folder that cannot be written is
 * no error (each process then builds its own table).
 */
export function loadRankTable(options: LoadRankTableOptions = { cacheDir: defaultCacheDir() }): RankTable {
  const moduleFile = requireModule.resolve(RANKS_MODULE);
  const source = readFileSync(moduleFile);
  const file = options.cacheDir === undefined ? undefined : path.join(options.cacheDir, `cl100k_base-${crc32(source).toString(16)}-${source.length}.bin`);
  if (file !== undefined) {
    const cached = readIfPresent(file);
    const table = cached === undefined ? undefined : decodeRankTable(cached);
    if (table !== undefined) return table;
  }
  const bytes = encodeRankTable(requireModule(moduleFile) as TiktokenBPE);
  if (file !== undefined) writeQuietly(file, bytes);
  return decodeRankTable(bytes)!;
}

function defaultCacheDir(): string | undefined {
  const parts = requireModule.resolve(RANKS_MODULE).split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  return at < 0 ? undefined : path.join(parts.slice(0, at + 1).join(path.sep), '.cache', 'clausegate');
}

function readIfPresent(file: string): Uint8Array | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

// Written whole under a temporary name, then renamed: a process reading at the same time sees the old file or the new one.
function writeQuietly(file: string, bytes: Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the folder itself could not be made
    }
  }
}
