// Plain JavaScript: harness/bin.mjs loads the compiled CLI through it before anything is compiled.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';

const loaded = new Map();

/**
 * The `module.exports` of the CommonJS file `file`, run once per process as `require` would run it,
 * with V8's code cache kept beside it: Node 20 keeps no compiled code between processes, and
 * compiling the CLI (the pipeline, zod, yargs, LanceDB and apache-arrow, about 3 MB) and the
 * functions a command calls in it was about a fifth of a cold query's CPU. The cache is written at
 * the exit of a process that had none (or whose cache V8 refused: another Node or V8 version), so
 * it holds the functions that process compiled: `cacheName` keeps one cache per kind of run (the
 * CLI's command), `<file>.<cacheName>.code-cache`, else `<file>.code-cache`. A cache that cannot be
 * written is no error. The file must not use `import()`: on Node 20 a function read from the code
 * cache has lost the callback that loads it (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING); it may
 * `require` an ES module (Node 20.19 and later).
 *
 * @param {string} file absolute path of the CommonJS file
 * @param {{ cacheName?: string }} [options]
 * @returns {unknown}
 */
export function loadCachedScript(file, options = {}) {
  if (loaded.has(file)) return loaded.get(file);
  const cacheFile = options.cacheName === undefined ? `${file}.code-cache` : `${file}.${options.cacheName}.code-cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The wrapper Node gives a CommonJS module; `require` resolves from the file's own folder.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, { filename: file, cachedData });
  const module = { exports: {} };
  const wrapper = script.runInThisContext();
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  loaded.set(file, module.exports);
  if (cachedData === undefined || script.cachedDataRejected === true) process.once('exit', () => writeQuietly(cacheFile, script.createCachedData()));
  return module.exports;
}

// Written whole under a temporary name, then renamed: a process starting at the same time reads the old cache, the new one or none.
function writeQuietly(file, bytes) {
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
