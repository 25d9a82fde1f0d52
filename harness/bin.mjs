#!/usr/bin/env node
// Entry point for `npx harness`: runs the CLI compiled to JavaScript (harness/build-cli.mjs, rebuilt
// when a source is newer), or the TypeScript through tsx's loader when it cannot be compiled or when
// CLAUSEGATE_RUN_TYPESCRIPT=1 asks for it (stack traces then name the .ts files and lines).
import { loadCompiledCli } from './build-cli.mjs';

const compiled = process.env.CLAUSEGATE_RUN_TYPESCRIPT === '1' ? undefined : await loadCompiledCli();
let runCli = compiled?.runCli;
if (runCli === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('./cli.ts'));
}
process.exitCode = await runCli(process.argv.slice(2));
