import { readCurrentPointer } from './current-pointer.ts';
import { IndexManifest } from './index-manifest.ts';
import { resolveIndexLayout, VERSION_FILES } from './index-layout.ts';
import type { IndexStore } from './index-store.ts';
import { corruptIndexError, missingIndexError, readIndexFile } from './read-index-file.ts';

/**
 * The manifest of the current version of `source`'s index, without opening LanceDB (cheap: for
 * listings and status). Throws `index_missing` when the source was never ingested and
 * `index_corrupt` when the pointer or the manifest is invalid.
 */
export async function readIndexManifest(indexDir: string | IndexStore, source: string): Promise<{ manifest: IndexManifest; versionDir: string; store: IndexStore }> {
  const layout = resolveIndexLayout(indexDir, source);
  const pointer = await readCurrentPointer(layout);
  if (pointer === undefined) throw missingIndexError(layout);
  const versionDir = layout.versionDir(pointer.indexVersion);
  const file = layout.store.join(versionDir, VERSION_FILES.manifest);
  const manifest = await readIndexFile(file, IndexManifest, layout);
  if (manifest.source !== source || manifest.indexVersion !== pointer.indexVersion) {
    throw corruptIndexError(layout, file, `belongs to source "${manifest.source}" version ${manifest.indexVersion}, not "${source}" ${pointer.indexVersion}`);
  }
  return { manifest, versionDir, store: layout.store };
}
