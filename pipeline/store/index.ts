/** The persisted index of a source: versioned, atomically published, vectors searched in LanceDB. */
export { acquireIndexLock, IndexLockFile } from './acquire-index-lock.ts';
export type { AcquireIndexLockOptions, IndexLock } from './acquire-index-lock.ts';
export { IndexManifest, ManifestDocument, ManifestEmbedder, ManifestStore, IndexVersionId, STORE_FORMAT } from './index-manifest.ts';
export type { IndexManifestInput } from './index-manifest.ts';
export { createKeywordIndex, KEYWORD_INDEX_KIND, KEYWORD_INDEX_VERSION } from './keyword-index.ts';
export { decodeKeywordIndex, encodeKeywordIndex } from './keyword-index-file.ts';
export type { KeywordEntry, KeywordHit, KeywordIndex } from './keyword-index.ts';
export { openIndex } from './open-index.ts';
export type { ExpectedIndex, SearchableIndex } from './open-index.ts';
export { readIndexManifest } from './read-index-manifest.ts';
export type { VectorHit } from './search-chunk-vectors.ts';
export { tokenizeKeywords, KEYWORD_TOKENIZER_VERSION } from './tokenize-keywords.ts';
export { writeIndex } from './write-index.ts';
export type { WriteIndexInput, WriteIndexResult, WriteIndexStep } from './write-index.ts';
export { beginIndexWrite } from './write-index-in-batches.ts';
export type { BeginIndexWriteInput, IndexBatchWriter } from './write-index-in-batches.ts';
export { openDocumentChunkReader } from './read-document-chunks.ts';
export type { DocumentChunkReader } from './read-document-chunks.ts';
