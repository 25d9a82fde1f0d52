import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the bundles are written: under the project, so that the packages they import resolve from its node_modules. */
const BUNDLES = path.resolve(import.meta.dirname, '../../.cache/extract-worker');

/** A compiled extraction worker: its entry file and how to remove it. */
export interface ExtractWorkerBundle {
  file: string;
  remove(): Promise<void>;
}

/**
 * Compiles the extraction worker (`extract-worker.ts` and the pipeline modules it imports; packages
 * stay imports) into one JavaScript file with esbuild, so that each worker thread starts on plain
 * JavaScript. Started on the TypeScript, every worker registered tsx, which runs its module hooks on
 * one more thread per worker (an isolate each: memory) and transpiles and source-maps every module
 * again in each worker (about a second of CPU per worker). Returns undefined when esbuild cannot
 * build it (the caller starts the workers on the TypeScript through tsx, as before).
 */
export async function bundleExtractWorker(): Promise<ExtractWorkerBundle | undefined> {
  const folder = path.join(BUNDLES, `w${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  try {
    const { build } = await import('esbuild');
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, 'extract-worker.mjs');
    await build({
      entryPoints: [path.join(import.meta.dirname, 'extract-worker.ts')],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      plugins: [keepSourceLocations()],
    });
    await removeStaleBundles(folder);
    return { file, remove: () => rm(folder, { recursive: true, force: true }) };
  } catch {
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    return undefined;
  }
}

/** A bundle left by an ingest that was killed is removed a day later (an ingest never runs that long). */
async function removeStaleBundles(current: string): Promise<void> {
  for (const name of await readdir(BUNDLES).catch(() => [])) {
    const folder = path.join(BUNDLES, name);
    if (folder === current) continue;
    const modified = await stat(folder).then((found) => found.mtimeMs, () => Date.now());
    if (Date.now() - modified > 24 * 3_600_000) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

// Code that finds files beside itself (`createRequire(import.meta.url)`) must see its source
// location, not the bundle's: each module's import.meta is replaced with it.
function keepSourceLocations() {
  return {
    name: 'keep-source-locations',
    setup(builder: { onLoad(options: { filter: RegExp }, load: (args: { path: string }) => Promise<{ contents: string; loader: 'ts' }>): void }) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = source
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
        return { contents, loader: 'ts' };
      });
    },
  };
}
