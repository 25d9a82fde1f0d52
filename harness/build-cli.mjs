// The `harness` CLI compiled to JavaScript, so that a command does not pay for transpiling
// TypeScript at start (tsx's loader alone costs about 0.6 s of CPU per process on this project).
// esbuild bundles harness/cli.ts with code splitting (each command's module stays a chunk loaded on
// demand) into .cache/harness-cli/<build>/, packages left to node_modules but LanceDB and
// apache-arrow (BUNDLED_PACKAGES). The build is redone when any of its source files, or the lock
// file, is newer than it, so an edited checkout never runs stale code.
// `node harness/build-cli.mjs` (npm run build, and npm's prepare) builds it ahead of time.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
  await buildCachedPackages(build, outdir);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { cli: ENTRY },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: externalPackages(),
    // Bundled CommonJS (LanceDB, apache-arrow) requires the platform's native LanceDB package and
    // Node's modules at run time: `require` is made for the bundle's own location.
    banner: { js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);" },
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
    plugins: [keepSourceLocations(), cachedPackages(path.join(outdir, CACHED_PACKAGES_FILE)), englishZodLocales()],
  });
  // The builder itself is an input too: a change to how the CLI is built rebuilds it. Bundled
  // packages are not listed file by file (a start stats every input): package.json and the lock
  // file stand for them.
  const inputs = [
    ...Object.keys(result.metafile.inputs)
      .filter((input) => !input.startsWith('cached-packages:')) // made by the plugin below, no file
      .map((input) => path.relative(ROOT, path.resolve(ROOT, input)))
      .filter((input) => !input.split(path.sep).includes('node_modules')),
    'harness/build-cli.mjs',
    'package.json',
    // An installed package has no lock file: listed only where it exists, or every start would rebuild.
    ...(existsSync(path.join(ROOT, 'package-lock.json')) ? ['package-lock.json'] : []),
  ];
  const pointer = { schemaVersion: SCHEMA_VERSION, build: buildName, builtAtMs, inputs };
  const temporary = `${POINTER}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(pointer)}\n`);
  renameSync(temporary, POINTER);
  removeOldBuilds(buildName);
  return path.join(outdir, 'cli.js');
}

/**
 * Packages bundled into the CLI instead of loaded from node_modules: LanceDB's JavaScript and
 * apache-arrow (with what they require) are about 100 small CommonJS files, and zod about 95 ES
 * modules; resolving, reading and compiling them one by one was most of their cost at every start
 * (bundled, loading them took about two thirds of the CPU: `node -e "require('@lancedb/lancedb')"`
 * 0.263 s against 0.177 s; importing zod 0.25 s against 0.16 s). zod must stay one instance shared
 * with fastify-type-provider-zod (schemas and their registry cross between them), so that is bundled
 * too and both use the bundle's one copy. Every other package stays external (yargs reads its locale
 * files beside itself), and so does LanceDB's native binding (`@lancedb/lancedb-<platform>`).
 */
const BUNDLED_PACKAGES = new Set(['@lancedb/lancedb', 'apache-arrow', 'zod', 'fastify-type-provider-zod']);

function externalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
  return [...names.filter((name) => !BUNDLED_PACKAGES.has(name)), '@lancedb/lancedb-*'];
}

// LanceDB's JavaScript and apache-arrow are CommonJS: bundled into one CommonJS file of their own
// (packages.cjs), which the CLI runs through loadCachedScript with V8's code cache beside it, so a
// start neither compiles their 0.8 MB nor the functions it calls in them again. Every import of
// either package, the pipeline's ESM imports included, gets that file's one copy (LanceDB requires
// apache-arrow's CommonJS build: as they resolve, both builds of arrow would be in the bundle).
const CACHED_PACKAGES = ['@lancedb/lancedb', 'apache-arrow'];
const CACHED_PACKAGES_FILE = 'packages.cjs';
const SCRIPT_LOADER = path.join(ROOT, 'harness', 'cli-support', 'load-cached-script.ts');

async function buildCachedPackages(build, outdir) {
  await build({
    absWorkingDir: ROOT,
    stdin: { contents: `module.exports = { ${CACHED_PACKAGES.map((name) => `${JSON.stringify(name)}: require(${JSON.stringify(name)})`).join(', ')} };`, resolveDir: ROOT, loader: 'js' },
    outfile: path.join(outdir, CACHED_PACKAGES_FILE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['@lancedb/lancedb-*'],
    logLevel: 'silent',
  });
}

function cachedPackages(packagesFile) {
  return {
    name: 'cached-packages',
    setup(builder) {
      builder.onResolve({ filter: /^(?:@lancedb\/lancedb|apache-arrow)$/ }, (args) => ({ path: args.path, namespace: 'cached-packages' }));
      builder.onLoad({ filter: /.*/, namespace: 'cached-packages' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(SCRIPT_LOADER)}).loadCachedScript(${JSON.stringify(packagesFile)})[${JSON.stringify(args.path)}];`,
        resolveDir: ROOT,
        loader: 'js',
      }));
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
