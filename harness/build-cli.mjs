// The `harness` CLI compiled to JavaScript, so that a command does not pay for transpiling
// TypeScript at start (tsx's loader alone costs about 0.6 s of CPU per process on this project).
// esbuild bundles harness/cli.ts into one CommonJS file, .cache/harness-cli/<build>/cli.cjs, which
// harness/bin.mjs runs through loadCachedScript with V8's code cache beside it (one cache per
// command): Node 20 compiles every ES module at every start and keeps no compiled code between
// processes, and a cold query spent about a fifth of its CPU compiling and linking the CLI's
// modules. Each command's module (and what only it needs) is still evaluated only when the command
// is invoked: esbuild wraps a module reached through `import()` in a function run at its first
// import. Packages stay in node_modules but those of BUNDLED_PACKAGES. The build is redone when any
// of its source files, or the lock file, is newer than it, so an edited checkout never runs stale code.
// `node harness/build-cli.mjs` (npm run build, and npm's prepare) builds it ahead of time.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCachedScript } from './cli-support/load-cached-script.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CACHE = path.join(ROOT, '.cache', 'harness-cli');
const POINTER = path.join(CACHE, 'current.json');
const ENTRY = path.join(ROOT, 'harness', 'cli.ts');
const BUNDLE_FILE = 'cli.cjs';
const SCHEMA_VERSION = 2;
/**
 * Builds beyond the newest `BUILDS_KEPT` that are older than `KEEP_OLD_BUILDS_MS` are removed: a
 * process that started from an older build may still be running (`harness serve`).
 */
const BUILDS_KEPT = 5;
const KEEP_OLD_BUILDS_MS = 60 * 60 * 1000;

/**
 * The compiled CLI's exports (`{ runCli }`), built first when missing or older than a source file,
 * run with the code cache of the command `args` invoke (see codeCacheName); undefined when it
 * cannot be built (esbuild missing, a compile error): the caller then runs the TypeScript through
 * tsx, which reports any error against the sources.
 * @param {readonly string[]} args the command line after `harness`
 */
export async function loadCompiledCli(args) {
  let entry = freshBuildEntry();
  if (entry === undefined) {
    try {
      entry = await buildCli();
    } catch {
      return undefined;
    }
  }
  return loadCachedScript(entry, { cacheName: codeCacheName(args, [...process.execArgv, process.env.NODE_OPTIONS ?? '']) });
}

/**
 * The name of the code cache a run with `args` uses: its first word that is not an option and may
 * name a command (lower-case letters), else `main` (`harness --help`). Runs of one command compile
 * much the same functions; a word that is not a command (an option's value) only costs a cache.
 * V8 refuses a cache made under other flags, so Node options (`nodeOptions`: `process.execArgv`,
 * NODE_OPTIONS) add a hash of themselves: runs with and without `--cpu-prof`, say, keep a cache each
 * instead of replacing each other's.
 * @param {readonly string[]} args
 * @param {readonly string[]} [nodeOptions]
 */
export function codeCacheName(args, nodeOptions = []) {
  const command = args.find((arg) => /^[a-z]{1,32}$/.test(arg)) ?? 'main';
  const options = nodeOptions.filter((option) => option !== '').join('\n');
  return options === '' ? command : `${command}-${hashText(options)}`;
}

// FNV-1a, 32 bits, as 8 hex digits: a name, not a secret (node:crypto is not loaded this early).
function hashText(text) {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
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
    const entry = path.join(CACHE, pointer.build, BUNDLE_FILE);
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
    entryPoints: [ENTRY],
    outfile: path.join(outdir, BUNDLE_FILE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: externalPackages(),
    // Node 20 loses the dynamic import callback of a function read from V8's code cache (the
    // `import()` fails with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING): the bundle holds no `import()`,
    // an external package a module imports on demand is required then instead.
    supported: { 'dynamic-import': false },
    metafile: true,
    logLevel: 'silent',
    plugins: [keepSourceLocations(), oneApacheArrow(), englishZodLocales()],
  });
  // The builder itself is an input too: a change to how the CLI is built rebuilds it. Bundled
  // packages are not listed file by file (a start stats every input): package.json and the lock
  // file stand for them.
  const inputs = [
    ...Object.keys(result.metafile.inputs)
      .map((input) => path.relative(ROOT, path.resolve(ROOT, input)))
      .filter((input) => !input.split(path.sep).includes('node_modules')),
    'harness/build-cli.mjs',
    'harness/cli-support/load-cached-script.mjs',
    'package.json',
    // An installed package has no lock file: listed only where it exists, or every start would rebuild.
    ...(existsSync(path.join(ROOT, 'package-lock.json')) ? ['package-lock.json'] : []),
  ];
  const pointer = { schemaVersion: SCHEMA_VERSION, build: buildName, builtAtMs, inputs };
  const temporary = `${POINTER}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(pointer)}\n`);
  renameSync(temporary, POINTER);
  removeOldBuilds(buildName);
  return path.join(outdir, BUNDLE_FILE);
}

/**
 * Packages bundled into the CLI instead of loaded from node_modules: those a query loads. Resolving,
 * reading and compiling their files one by one was most of their cost at every start: LanceDB's
 * JavaScript and apache-arrow are about 100 small CommonJS files, zod about 95 ES modules
 * (`node -e "require('@lancedb/lancedb')"` 0.263 s of CPU against 0.177 s bundled; importing zod
 * 0.25 s against 0.16 s), yargs about 20. zod must stay one instance shared with
 * fastify-type-provider-zod (schemas and their registry cross between them), so that is bundled
 * too. `@actions/core` cannot be required (its package exports an ES module to `import` only), so
 * it is bundled, evaluated when a run publishes to GitHub Actions. Every other package stays
 * external, required from node_modules by the module that needs it (an ES-only one through Node's
 * `require` of ES modules, Node 20.19 and later), and so does LanceDB's native binding
 * (`@lancedb/lancedb-<platform>`).
 */
const BUNDLED_PACKAGES = new Set(['@lancedb/lancedb', 'apache-arrow', 'zod', 'fastify-type-provider-zod', 'yargs', 'lru-cache', 'js-tiktoken', '@actions/core']);

function externalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
  return [...names.filter((name) => !BUNDLED_PACKAGES.has(name)), '@lancedb/lancedb-*'];
}

// LanceDB requires apache-arrow's CommonJS build, the pipeline imports arrow as an ES module: as
// they resolve, both builds of arrow would be in the bundle, and arrow's classes checked with
// `instanceof` across them. Every import of arrow gets the CommonJS build LanceDB uses.
function oneApacheArrow() {
  return {
    name: 'one-apache-arrow',
    setup(builder) {
      builder.onResolve({ filter: /^apache-arrow$/ }, (args) =>
        args.kind === 'require-call' ? undefined : builder.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir }),
      );
    },
  };
}

// zod's `locales` namespace (`z.locales.fr()`…) holds the messages of about 40 languages, some 370 kB
// of the JavaScript a query compiles; this program uses English only, which zod sets as its default
// by importing its English file itself. In the bundle the namespace holds `en` alone.
function englishZodLocales() {
  return {
    name: 'english-zod-locales',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        contents: "export { default as en } from './en.js';\n",
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

// Code that finds files beside itself (`new URL('./x.json', import.meta.url)`, import.meta.dirname)
// must see its source location, not the bundle's: each module's import.meta is replaced with it.
// That holds for the bundled ES packages too (yargs finds its locale files beside itself).
function keepSourceLocations() {
  return {
    name: 'keep-source-locations',
    setup(builder) {
      builder.onLoad({ filter: /\.(?:ts|js|mjs)$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const typescript = args.path.endsWith('.ts');
        if (!typescript && !source.includes('import.meta')) return undefined; // esbuild reads it as usual
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: typescript ? 'ts' : 'js' };
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
