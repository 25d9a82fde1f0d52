import { z } from 'zod';
import { ClausegateError, isClausegateError } from '../errors.ts';
import { createCorpusStatisticsBuilder, type CorpusStatisticsBuilder } from '../corpus/index.ts';
import type { Chunk, DefinitionEntry } from '../types.ts';
import { writeChunkTable } from './chunk-table.ts';
import { readCurrentPointer, writeCurrentPointer } from './current-pointer.ts';
import type { DefinitionsFile } from './definitions-file.ts';
import { IndexManifest, STORE_FORMAT, type IndexManifestInput } from './index-manifest.ts';
import { PARTIAL_SUFFIX, resolveIndexLayout, VERSION_FILES, type IndexLayout } from './index-layout.ts';
import type { IndexStore } from './index-store.ts';
import { createKeywordIndexBuilder, type KeywordIndexBuilder } from './create-keyword-index-builder.ts';
import { KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION, keywordEntryOf } from './keyword-index.ts';
import { encodeKeywordIndexParts } from './keyword-index-file.ts';

/** The steps of `writeIndex`, in order, as reported to `onStep`. */
export type WriteIndexStep = 'table-written' | 'files-written' | 'version-renamed' | 'pointer-switched' | 'cleaned';

/** Input of `writeIndex`. `vectors[i]` is the vector of `chunks[i]`. */
export interface WriteIndexInput {
  /** A local folder, an `s3://bucket/prefix` URI, or a store. */
  indexDir: string | IndexStore;
  source: string;
  /** The manifest of the new version; `keywordIndex` is filled in here. Its `indexVersion` names the version folder. */
  manifest: IndexManifestInput;
  chunks: readonly Chunk[];
  vectors: readonly Float32Array[];
  definitions: readonly DefinitionEntry[];
  /** Called after each step completes (progress, and the seam the crash tests stop the write at). */
  onStep?: (step: WriteIndexStep) => void | Promise<void>;
}

/** What `writeIndex` did. */
export interface WriteIndexResult {
  /** The folder of the new, now current, version. */
  versionDir: string;
  /** The manifest as written (with `keywordIndex`). */
  manifest: IndexManifest;
  /** Version folders deleted after the switch (older versions, leftovers of interrupted writes). */
  removed: string[];
  /** Problems of the clean-up after the switch; the new version is published regardless. */
  warnings: string[];
}

/**
 * Publishes a new version of a source's index ATOMICALLY. The whole version is built in
 * `<indexDir>/<source>/versions/<indexVersion>.partial/` (LanceDB table `chunks` with its vector index, the keyword index,
 * the definitions, and `manifest.json` last), renamed to its final name, and only then does the
 * `CURRENT` pointer switch to it (temporary file + rename). On object storage, which cannot rename,
 * the version is built under its final name and the pointer (one PUT) is still written last. A crash before the switch leaves the
 * previous version current and intact; the next write deletes what the crash left. After the switch,
 * every version but the new one, the one it replaced (kept for readers that still have it open) and
 * the latest version that has documents is deleted: a run of empty versions never prunes the last
 * good one.
 *
 * The caller must hold the source's ingest lock (`acquireIndexLock`): writes are not safe to run
 * concurrently with each other (they are safe to run while readers open the index).
 */
export async function writeIndex(input: WriteIndexInput): Promise<WriteIndexResult> {
  const layout = resolveIndexLayout(input.indexDir, input.source);
  const manifest = validateInput(input);
  const { indexVersion } = manifest;
  const partialDir = layout.partialDir(indexVersion);
  const versionDir = layout.versionDir(indexVersion);

  const { previous, removed } = await startVersion(layout, input.source, indexVersion);

  let published = false;
  try {
    await layout.store.createFolder(partialDir);
    const vectorIndex = await writeChunkTable(layout.store.database(partialDir), input.chunks, input.vectors, manifest.embedder.dimensions);
    manifest.store = { format: STORE_FORMAT, vectorIndex };
    await input.onStep?.('table-written');

    const corpus = createCorpusStatisticsBuilder();
    const keywords = createKeywordIndexBuilder();
    for (const chunk of input.chunks) {
      corpus.add(chunk);
      keywords.add(keywordEntryOf(chunk));
    }
    await writeVersionFiles(layout.store, partialDir, keywords, corpus, input.definitions, manifest);
    await input.onStep?.('files-written');

    await switchToVersion(layout, manifest.indexVersion, () => input.onStep?.('version-renamed'));
    published = true;
    await input.onStep?.('pointer-switched');
  } catch (error) {
    if (!published) {
      // Best effort: the next write removes whatever this leaves behind.
      await layout.store.removeFolder(partialDir).catch(() => undefined);
      await layout.store.removeFolder(versionDir).catch(() => undefined);
    }
    throw error;
  }

  const warnings = await pruneVersions(layout, manifest, previous, removed);
  await input.onStep?.('cleaned');
  return { versionDir, manifest, removed, warnings };
}

/**
 * Begins a new version `indexVersion` of the source laid out as `layout`: makes sure its versions
 * folder exists, refuses a version that is already current (a bug of the caller), and deletes the
 * leftovers of interrupted writes (never current, so safe to delete; the caller holds the lock).
 * Returns the current version, if any, and what was deleted.
 */
export async function startVersion(layout: IndexLayout, source: string, indexVersion: string): Promise<{ previous: string | undefined; removed: string[] }> {
  await layout.store.createFolder(layout.versionsDir);
  const previous = await readPreviousVersion(layout);
  if (previous === indexVersion) {
    throw new ClausegateError('internal', `index version ${indexVersion} of source "${source}" is already the current version`, {
      hint: 'every write needs a new indexVersion (it is derived from the ingest time)',
    });
  }
  return { previous, removed: await removeLeftovers(layout, indexVersion) };
}

/**
 * Writes the keyword index (of every entry `keywords` was given), the corpus and document statistics and the phrases (of every chunk `corpus` was given),
 * the definitions and, last, the manifest into the unpublished version folder (each durably).
 */
export async function writeVersionFiles(
  store: IndexStore,
  partialDir: string,
  keywords: KeywordIndexBuilder,
  corpus: CorpusStatisticsBuilder,
  definitions: readonly DefinitionEntry[],
  manifest: IndexManifest,
): Promise<void> {
  await store.writeBytes(store.join(partialDir, VERSION_FILES.keywordIndex), encodeKeywordIndexParts(keywords.finish(), KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION));
  const statistics = corpus.finish();
  await store.writeBytes(store.join(partialDir, VERSION_FILES.corpusStatistics), new TextEncoder().encode(JSON.stringify(statistics.file)));
  await store.writeBytes(store.join(partialDir, VERSION_FILES.documentStatistics), statistics.documentStatistics);
  await store.writeBytes(store.join(partialDir, VERSION_FILES.phrases), new TextEncoder().encode(statistics.phrases));
  const definitionsFile: DefinitionsFile = { schemaVersion: 1, definitions: definitions.map((entry) => ({ ...entry })) };
  await store.writeText(store.join(partialDir, VERSION_FILES.definitions), `${JSON.stringify(definitionsFile, null, 2)}\n`);
  // The manifest goes last: a version folder with a valid manifest is complete.
  await store.writeText(store.join(partialDir, VERSION_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Renames the complete version folder into place (where the store renames folders; on object storage
 * it was built there), then switches `CURRENT` to it (`renamed` runs between the two).
 */
export async function switchToVersion(layout: IndexLayout, indexVersion: string, renamed?: () => unknown): Promise<void> {
  if (layout.store.renamesFolders) await layout.store.renameFolder(layout.partialDir(indexVersion), layout.versionDir(indexVersion));
  await renamed?.();
  await writeCurrentPointer(layout, indexVersion);
}

/**
 * After a switch to `manifest`'s version: deletes every other version but the previous one and the
 * last one with documents (kept for a shrink to be undone), adding each deleted one to `removed`.
 * Returns a warning per version that could not be deleted.
 */
export async function pruneVersions(layout: IndexLayout, manifest: IndexManifest, previous: string | undefined, removed: string[]): Promise<string[]> {
  const { indexVersion } = manifest;
  const warnings: string[] = [];
  const lastWithDocuments = manifest.counts.documents > 0 ? indexVersion : await findLastVersionWithDocuments(layout, indexVersion);
  for (const entry of await layout.store.list(layout.versionsDir)) {
    if (entry === indexVersion || entry === previous || entry === lastWithDocuments) continue;
    const location = layout.store.join(layout.versionsDir, entry);
    try {
      await layout.store.removeFolder(location);
      removed.push(entry);
    } catch (error) {
      warnings.push(`could not delete the old index version ${location}: ${(error as Error).message}`);
    }
  }
  return warnings;
}

/** The manifest to write, after checking that the input is consistent (a mismatch is a bug of the caller). */
function validateInput(input: WriteIndexInput): IndexManifest {
  const parsed = IndexManifest.safeParse({
    ...input.manifest,
    keywordIndex: { kind: KEYWORD_INDEX_KIND, version: KEYWORD_INDEX_VERSION },
    store: undefined,
  });
  if (!parsed.success) throw bug(`the manifest is invalid: ${z.prettifyError(parsed.error)}`);
  const manifest = parsed.data;
  const { chunks, vectors, definitions } = input;
  const dimensions = manifest.embedder.dimensions;
  if (manifest.source !== input.source) throw bug(`the manifest is for source "${manifest.source}", the write for "${input.source}"`);
  if (vectors.length !== chunks.length) throw bug(`${chunks.length} chunks but ${vectors.length} vectors`);
  if (manifest.counts.chunks !== chunks.length) throw bug(`manifest.counts.chunks is ${manifest.counts.chunks}, ${chunks.length} chunks given`);
  if (manifest.counts.definitions !== definitions.length) {
    throw bug(`manifest.counts.definitions is ${manifest.counts.definitions}, ${definitions.length} definitions given`);
  }
  const chunkIds = new Set<string>();
  chunks.forEach((chunk, index) => {
    if (chunkIds.has(chunk.chunkId)) throw bug(`chunk id ${chunk.chunkId} occurs twice`);
    chunkIds.add(chunk.chunkId);
    if (chunk.source !== input.source) throw bug(`chunk ${chunk.chunkId} belongs to source "${chunk.source}", not "${input.source}"`);
    const vector = vectors[index];
    if (vector === undefined || vector.length !== dimensions) {
      throw bug(`the vector of chunk ${chunk.chunkId} has ${vector?.length ?? 'no'} dimensions, the embedder ${dimensions}`);
    }
    for (const value of vector) if (!Number.isFinite(value)) throw bug(`the vector of chunk ${chunk.chunkId} holds ${value}`);
  });
  for (const entry of definitions) {
    if (!chunkIds.has(entry.chunkId)) throw bug(`definition "${entry.term}" points at chunk ${entry.chunkId}, which is not in the index`);
  }
  return manifest;
}

function bug(problem: string): ClausegateError {
  return new ClausegateError('internal', `writeIndex: ${problem}`, { hint: 'this is a bug in the ingest; please report it with the command that failed' });
}

/** The version `CURRENT` points at; a missing or unreadable pointer means there is nothing to keep. */
export async function readPreviousVersion(layout: IndexLayout): Promise<string | undefined> {
  try {
    return (await readCurrentPointer(layout))?.indexVersion;
  } catch (error) {
    if (isClausegateError(error, 'index_corrupt')) return undefined;
    throw error;
  }
}

/** The newest complete version other than `exclude` whose manifest counts at least one document. */
export async function findLastVersionWithDocuments(layout: IndexLayout, exclude: string): Promise<string | undefined> {
  const { store } = layout;
  const candidates = (await store.list(layout.versionsDir)).filter((entry) => entry !== exclude && !entry.endsWith(PARTIAL_SUFFIX));
  // Version ids are UTC timestamps: newest first by name; a version without a valid manifest is incomplete.
  candidates.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  for (const entry of candidates) {
    try {
      const text = await store.readText(store.join(layout.versionsDir, entry, VERSION_FILES.manifest));
      if (text === undefined) continue;
      const parsed = IndexManifest.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.counts.documents > 0) return entry;
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * Deletes `.partial` folders, a non-current folder already named `indexVersion`, and stray pointer
 * temp files. (On object storage a crashed write leaves a version folder that was never current:
 * the prune after the next switch deletes it.)
 */
export async function removeLeftovers(layout: IndexLayout, indexVersion: string): Promise<string[]> {
  const { store } = layout;
  const removed: string[] = [];
  for (const entry of await store.list(layout.versionsDir)) {
    if (entry.endsWith(PARTIAL_SUFFIX) || entry === indexVersion) {
      await store.removeFolder(store.join(layout.versionsDir, entry));
      removed.push(entry);
    }
  }
  for (const entry of await store.list(layout.sourceDir)) {
    if (entry.startsWith('CURRENT.') && entry.endsWith('.tmp')) await store.removeFile(store.join(layout.sourceDir, entry));
  }
  return removed;
}
