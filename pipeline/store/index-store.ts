import { createLocalIndexStore } from './local-index-store.ts';
import { createS3IndexStore, isObjectStorageUri, readS3Settings } from './s3-index-store.ts';

/** Where LanceDB connects for one database folder: its URI and, on object storage, its storage options. */
export interface DatabaseLocation {
  uri: string;
  /** LanceDB `storageOptions` (endpoint, region, credentials); absent on a local disk. */
  storageOptions?: Record<string, string>;
}

/**
 * Where the files of the indexes live: a local folder or an object-store prefix (`s3://bucket/prefix`).
 * Every location it takes and returns is a full path under `root` (a local path, or an `s3://` URI),
 * so messages can name it; none ever holds a credential.
 */
export interface IndexStore {
  /** The root: an absolute local path, or `s3://bucket/prefix` without a trailing `/`. */
  readonly root: string;
  /**
   * True when a folder can be renamed atomically (a local disk): a version is built under a
   * `.partial` name and renamed into place. Object storage cannot rename: a version is written under
   * its final name, and only the pointer written last makes it visible.
   */
  readonly renamesFolders: boolean;
  /** `base` with `names` appended, each a folder or file name. */
  join(base: string, ...names: string[]): string;
  /** The text of a file, or undefined when there is none. */
  readText(location: string): Promise<string | undefined>;
  /**
   * Replaces the file with `content` atomically and durably: a reader sees the old content or the
   * new, never a mix (local: a flushed temporary file renamed over it; object storage: one PUT).
   */
  writeText(location: string, content: string): Promise<void>;
  /** The bytes of a file, or undefined when there is none. */
  readBytes(location: string): Promise<Uint8Array | undefined>;
  /** Replaces the file with `content`, atomically and durably like `writeText`. */
  writeBytes(location: string, content: Uint8Array): Promise<void>;
  /** The names directly inside a folder (files and folders), sorted; empty when it does not exist. */
  list(location: string): Promise<string[]>;
  /** Makes sure a folder exists (a no-op on object storage, where folders are prefixes). */
  createFolder(location: string): Promise<void>;
  /** Renames a folder (only where `renamesFolders`); the entries of its parent are flushed. */
  renameFolder(from: string, to: string): Promise<void>;
  /** Deletes a folder and everything in it; nothing when it does not exist. */
  removeFolder(location: string): Promise<void>;
  /** Deletes a file; nothing when it does not exist. */
  removeFile(location: string): Promise<void>;
  /** How LanceDB connects to the database folder at `location`. */
  database(location: string): DatabaseLocation;
}

const stores = new Map<string, IndexStore>();

/**
 * The store of an index location: an `s3://bucket/prefix` URI is object storage (endpoint, region and
 * credentials from `env`: see `readS3Settings`), anything else a local folder (relative to the
 * working directory). A store passed in is returned as it is. Stores are cached by location, so one
 * S3 client serves a process.
 */
export function resolveIndexStore(location: string | IndexStore, env: Record<string, string | undefined> = process.env): IndexStore {
  if (typeof location !== 'string') return location;
  if (!isObjectStorageUri(location)) return createLocalIndexStore(location);
  const cached = stores.get(location);
  if (cached !== undefined) return cached;
  const store = createS3IndexStore(location, readS3Settings(env));
  stores.set(location, store);
  return store;
}
