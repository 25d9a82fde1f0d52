import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script, constants } from 'node:vm';

const loaded = new Map<string, unknown>();

/**
 * The `module.exports` of the CommonJS file `file`, run once per process as `require` would run it,
 * with V8's code cache kept beside it (`<file>.code-cache`): Node 20 keeps no compiled code between
 * processes, and compiling the CLI's bundled packages (LanceDB and apache-arrow, about 0.8 MB) and
 * the functions a command calls in them was about 40 ms of every cold query. The cache is written at
 * the exit of a process that had none (or whose cache V8 refused: another Node or V8 version), so it
 * holds the functions that process compiled; a cache that cannot be written is no error.
 */
export function loadCachedScript(file: string): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const cacheFile = `${file}.code-cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The wrapper Node gives a CommonJS module; `require` resolves from the file's own folder.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  loaded.set(file, module.exports);
  if (cachedData === undefined || script.cachedDataRejected === true) process.once('exit', () => writeQuietly(cacheFile, script.createCachedData()));
  return module.exports;
}

// Written whole under a temporary name, then renamed: a process starting at the same time reads the old cache, the new one or none.
function writeQuietly(file: string, bytes: Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing was written
    }
  }
}
