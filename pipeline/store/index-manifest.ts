import { z } from 'zod';

/** Folder-safe id of an index version, e.g. `v20261122T042540123Z`; chosen by the caller (never read from the clock here). */
export const IndexVersionId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'letters, digits, `_`, `.` and `-`, starting with a letter or digit')
  .refine((value) => !value.endsWith('.partial') && !value.endsWith('.tmp'), 'must not end with .partial or .tmp');

/** What identifies the embedder that produced the stored vectors (mirrors `EmbedderInfo`). */
export const ManifestEmbedder = z
  .object({
    name: z.string().min(1),
    model: z.string().min(1),
    dimensions: z.number().int().positive(),
    version: z.string().min(1),
  })
  .strict();
export type ManifestEmbedder = z.infer<typeof ManifestEmbedder>;

/** What the ingest did with one file of the source. */
export const ManifestDocument = z
  .object({
    /** Path relative to the source root, `/` separators. */
    doc: z.string().min(1),
    /** sha256 of the file's bytes (hex); absent for a skipped file that was never read (unreadable, too large, a link). */
    sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    /** Absent when the file was never read as a document (an unsupported type, a duplicate). */
    format: z.enum(['pdf', 'docx', 'txt']).optional(),
    pages: z.number().int().min(0),
    chunks: z.number().int().min(0),
    status: z.enum(['indexed', 'skipped', 'duplicate']),
    /** Why a `skipped` document was skipped. */
    reason: z.enum(['no_text_layer', 'unreadable_text', 'encrypted', 'corrupt', 'empty', 'unsupported', 'unreadable', 'too_large', 'symlink']).optional(),
    message: z.string().optional(),
    /** For a `duplicate`: the document whose bytes it repeats. */
    duplicateOf: z.string().min(1).optional(),
    /** Some of its pages were recognised by OCR (their text layer was missing or noise); absent otherwise. */
    ocr: z.literal(true).optional(),
    /** The pages (1-based) whose text was recognised by OCR. */
    ocrPages: z.array(z.number().int().min(1)).optional(),
    /** Pages OCR failed on (indexed without their text); the next ingest extracts the document again. */
    ocrFailedPages: z.array(z.number().int().min(1)).optional(),
    /** An indexed document's type (the source's `documents` rules, else its format); absent in indexes built before it was recorded. */
    docType: z.string().min(1).optional(),
    /** An indexed document's date, YYYY-MM-DD, and where it was learned (`dateFrom`). */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    /** `config`: the source's `documents` rules; `text`: the effective or edition date the text states; `mtime`: the file's modification time. */
    dateFrom: z.enum(['config', 'text', 'mtime']).optional(),
    /** True when the source marks the document confidential (only tenants with the permission read its text). */
    confidential: z.boolean().optional(),
  })
  .strict()
  .superRefine((document, context) => {
    if (document.status !== 'skipped' && document.sha256 === undefined) {
      context.addIssue({ code: 'custom', path: ['sha256'], message: `a ${document.status} document needs its sha256` });
    }
    if (document.status === 'skipped' && document.reason === undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'a skipped document needs a reason' });
    }
    if (document.status === 'duplicate' && document.duplicateOf === undefined) {
      context.addIssue({ code: 'custom', path: ['duplicateOf'], message: 'a duplicate needs duplicateOf' });
    }
    if (document.status !== 'indexed' && document.chunks !== 0) {
      context.addIssue({ code: 'custom', path: ['chunks'], message: `a ${document.status} document has no chunks` });
    }
  });
export type ManifestDocument = z.infer<typeof ManifestDocument>;

const count = z.number().int().min(0);

/**
 * The on-disk format of an index version this code writes and reads: 2 = vector search in LanceDB
 * (IVF_PQ above a size threshold) and `store` in the manifest; 3 = the keyword index as
 * `keyword-index.bin` (opened without parsing) instead of `keyword-index.json`; 4 = what the query path
 * reads about every chunk (word counts, term statistics, acronyms, phrases, each chunk's document)
 * stored at ingest in `corpus-statistics.json` and `source-phrases.txt`; 5 = the per-document and
 * per-chunk part of those statistics as `document-statistics.bin` (opened without parsing). A version
 * without `store`, or of another format, was built by an older clausegate and must be re-ingested.
 */
export const STORE_FORMAT = 5;

/** How the version stores and searches its data (filled in by `writeIndex`). */
export const ManifestStore = z
  .object({
    format: z.number().int().positive(),
    /** `flat`: exhaustive vector search; `ivf_pq`: through the IVF_PQ index built at ingest. */
    vectorIndex: z.enum(['flat', 'ivf_pq']),
  })
  .strict();
export type ManifestStore = z.infer<typeof ManifestStore>;

/**
 * `manifest.json` of one index version: what was indexed, with which embedder, chunker, policy and
 * keyword index, and the counts. Written last into a version folder, so a version with a valid
 * manifest is complete.
 */
export const IndexManifest = z
  .object({
    schemaVersion: z.literal(1),
    source: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/),
    indexVersion: IndexVersionId,
    /** ISO timestamp passed in by the caller. */
    createdAt: z.iso.datetime({ offset: true }),
    embedder: ManifestEmbedder,
    chunkerVersion: z.string().min(1),
    policyVersion: z.string().min(1),
    /** Filled in by `writeIndex` (the store decides how keywords are indexed). */
    keywordIndex: z.object({ kind: z.string().min(1), version: z.string().min(1) }).strict(),
    /** Filled in by `writeIndex`; absent in versions written by clausegate before format 2 (refused at open with the re-ingest hint). */
    store: ManifestStore.optional(),
    documents: z.array(ManifestDocument),
    counts: z
      .object({
        documents: count,
        pages: count,
        chunks: count,
        definitions: count,
        skipped: count,
        duplicates: count,
      })
      .strict(),
    /** Milliseconds per phase, for the ingest summary (optional). */
    timings: z.record(z.string(), z.number().min(0)).optional(),
  })
  .strict();
export type IndexManifest = z.infer<typeof IndexManifest>;

/** What a caller of `writeIndex` provides: the manifest without `keywordIndex` and `store`, which `writeIndex` fills in. */
export type IndexManifestInput = Omit<IndexManifest, 'keywordIndex' | 'store'> & { keywordIndex?: IndexManifest['keywordIndex']; store?: ManifestStore };
