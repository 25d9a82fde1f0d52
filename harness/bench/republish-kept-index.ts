// `npx tsx harness/bench/republish-kept-index.ts FROM TO [source]` (source default `scale`): publishes
// the current version of an index kept by `measure-store-scale.ts --keep` again under TO, in this
// code's store format: its LanceDB table (vector index included) hard-linked, not rebuilt (the 100×
// IVF_PQ build takes most of an hour), its version files (keyword index, corpus statistics, definitions, manifest)
// written by this code. So an index built before a change of the version files can be opened before
// and after the change without building the table twice. Not a test: a benchmark helper.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createCorpusStatisticsBuilder } from '../../pipeline/corpus/index.ts';
import { openChunkTable, readChunks } from '../../pipeline/store/chunk-table.ts';
import { IndexManifest, STORE_FORMAT } from '../../pipeline/store/index.ts';
import { resolveIndexLayout, VERSION_FILES } from '../../pipeline/store/index-layout.ts';
import { createKeywordIndexBuilder } from '../../pipeline/store/create-keyword-index-builder.ts';
import { keywordEntryOf } from '../../pipeline/store/keyword-index.ts';
import { startVersion, switchToVersion, writeVersionFiles } from '../../pipeline/store/write-index.ts';

const [from, to, source = 'scale'] = process.argv.slice(2);
if (from === undefined || to === undefined) throw new Error('usage: republish-kept-index.ts FROM TO [source]');

/** Hard-links every file under `source` into `target` (Lance files are never rewritten in place). */
function linkTree(source: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source)) {
    const at = path.join(source, entry);
    if (statSync(at).isDirectory()) linkTree(at, path.join(target, entry));
    else linkSync(at, path.join(target, entry));
  }
}

const fromLayout = resolveIndexLayout(path.resolve(from), source);
const { indexVersion } = JSON.parse(readFileSync(fromLayout.currentFile, 'utf8')) as { indexVersion: string };
const fromDir = fromLayout.versionDir(indexVersion);
const manifest = IndexManifest.parse(JSON.parse(readFileSync(path.join(fromDir, VERSION_FILES.manifest), 'utf8')));
const opened = await openChunkTable({ uri: fromDir }, manifest.embedder.dimensions);
const chunks = await readChunks(opened.table);
opened.close();

const toLayout = resolveIndexLayout(path.resolve(to), source);
const republished = `${indexVersion}-f${STORE_FORMAT}`;
if (existsSync(toLayout.versionDir(republished))) throw new Error(`${toLayout.versionDir(republished)} exists already`);
await startVersion(toLayout, source, republished);
const partialDir = toLayout.partialDir(republished);
linkTree(path.join(fromDir, 'chunks.lance'), path.join(partialDir, 'chunks.lance'));
const definitions = JSON.parse(readFileSync(path.join(fromDir, VERSION_FILES.definitions), 'utf8')) as { definitions: [] };
const corpus = createCorpusStatisticsBuilder();
const keywords = createKeywordIndexBuilder();
for (const chunk of chunks) {
  corpus.add(chunk);
  keywords.add(keywordEntryOf(chunk));
}
await writeVersionFiles(toLayout.store, partialDir, keywords, corpus, definitions.definitions, {
  ...manifest,
  indexVersion: republished,
  store: { format: STORE_FORMAT, vectorIndex: manifest.store?.vectorIndex ?? 'flat' },
});
await switchToVersion(toLayout, republished);
console.log(`republished ${fromDir} (${chunks.length} chunks) as ${toLayout.versionDir(republished)} in store format ${STORE_FORMAT}`);
