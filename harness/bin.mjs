#!/usr/bin/env node
// Entry point for `npx harness`: registers the TypeScript loader, then runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./cli.ts');
process.exitCode = await runCli(process.argv.slice(2));
