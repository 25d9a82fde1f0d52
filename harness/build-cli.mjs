// The `harness` CLI compiled to JavaScript, so that a command does not pay for transpiling
// TypeScript at start (tsx's loader alone costs about 0.6 s of CPU per process on this project).
// esbuild bundles harness/cli.ts with code splitting (each command's module stays a chunk loaded on
// demand) into .cache/harness-cli/<build>/, packages left to node_modules. The build is redone when
// any of its source files is newer than it, so an edited checkout never runs stale code.
// `node harness/build-cli.mjs` (npm run build, and npm's prepare) builds it ahead of time.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, '.cache', 'harness-cli');
const POINTER = path.join(CACHE, 'current.json');
const ENTRY = path.join(ROOT, 'harness', 'cli.ts');
const SCHEMA_VERSION = 1;
/**
 * Builds beyond the newest `BUILDS_KEPT` that are older than `KEEP_OLD_BUILDS_MS` are removed: a
 * running process (`harness serve`) loads a command's chunks from its own build when first needed.
 */
const BUILDS_KEPT = 5;
const KEEP_OLD_BUILDS_MS = 60 * 60 * 1000;

/**
 * The compiled CLI module (`{ runCli }`), built first when missing or older than a source file;
 * undefined when it cannot be built (esbuild missing, a compile error): the caller then runs the
 * TypeScript through tsx, which reports any error against the sources.
 */
export async function loadCompiledCli() {
  let entry = freshBuildEntry();
  if (entry === undefined) {
    try {
      entry = await buildCli();
    } catch {
      return undefined;
    }
  }
  return import(pathToFileURL(entry).href);
}

/** The entry file of the current build when every source it was built from is unchanged since. */
function freshBuildEntry() {
  let pointer;
  try {
    pointer = JSON.parse(readFileSync(POINTER, 'utf8'));
  } catch {
    return undefined;
  }
  if (pointer?.schemaVersion !== SCHEMA_VERSION || typeof pointer.builtAtMs !== 'number' || !Array.isArray(pointer.inputs)) return undefined;
  try {
    for (const input of pointer.inputs) {
      if (statSync(path.join(ROOT, input)).mtimeMs > pointer.builtAtMs) return undefined;
    }
    const entry = path.join(CACHE, pointer.build, 'cli.js');
    statSync(entry);
    return entry;
  } catch {
    return undefined; // a source was removed, or the build folder was
  }
}

/** Builds the CLI into a new folder, publishes it in current.json (atomically) and returns its entry file. */
export async function buildCli() {
  const { build } = await import('esbuild');
  const builtAtMs = Date.now();
  const buildName = `b${builtAtMs}-${process.pid}`;
  const outdir = path.join(CACHE, buildName);
  mkdirSync(CACHE, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
    plugins: [keepSourceLocations()],
  });
  // The builder itself is an input too: a change to how the CLI is built rebuilds it.
  const inputs = [...Object.keys(result.metafile.inputs).map((input) => path.relative(ROOT, path.resolve(ROOT, input))), 'harness/build-cli.mjs'];
  const pointer = { schemaVersion: SCHEMA_VERSION, build: buildName, builtAtMs, inputs };
  const temporary = `${POINTER}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(pointer)}\n`);
  renameSync(temporary, POINTER);
  removeOldBuilds(buildName);
  return path.join(outdir, 'cli.js');
}

// Code that finds files beside itself (`new URL('./x.json', import.meta.url)`, import.meta.dirname)
// must see its source location, not the bundle's: each module's import.meta is replaced with it.
function keepSourceLocations() {
  return {
    name: 'keep-source-locations',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: 'ts' };
      });
    },
  };
}

function removeOldBuilds(current) {
  const builds = readdirSync(CACHE)
    .filter((name) => name !== current && /^b\d+-\d+$/.test(name))
    .sort((a, b) => Number(b.slice(1).split('-')[0]) - Number(a.slice(1).split('-')[0]));
  for (const name of builds.slice(BUILDS_KEPT - 1)) {
    const folder = path.join(CACHE, name);
    try {
      if (Date.now() - statSync(folder).mtimeMs > KEEP_OLD_BUILDS_MS) rmSync(folder, { recursive: true, force: true });
    } catch {
      // another process removed it first
    }
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await buildCli();
  console.log(`harness CLI built: ${path.relative(ROOT, entry)}`);
}
