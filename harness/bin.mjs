#!/usr/bin/env node
// Entry point for `npx harness`: runs the CLI compiled to one CommonJS file with V8's code cache
// (harness/build-cli.mjs, rebuilt when a source is newer), or the TypeScript through tsx's loader
// when it cannot be compiled or when CLAUSEGATE_RUN_TYPESCRIPT=1 asks for it (stack traces then
// name the .ts files and lines).
import module from 'node:module';
import { loadCompiledCli } from './build-cli.mjs';

// Node 22.1 and later keep V8's compiled code of ES modules between runs (NODE_COMPILE_CACHE, else a
// folder under the system's temporary directory): this file, the builder and the external packages
// a command imports. The compiled CLI keeps its own code cache, on Node 20 too.
module.enableCompileCache?.();

const compiled = process.env.CLAUSEGATE_RUN_TYPESCRIPT === '1' ? undefined : await loadCompiledCli(process.argv.slice(2));
let runCli = compiled?.runCli;
if (runCli === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('./cli.ts'));
}
process.exitCode = await runCli(process.argv.slice(2));
