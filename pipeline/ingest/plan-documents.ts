import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { SkipReason } from '../types.ts';
import { describeUnreadable, type SourceListing } from './list-source-files.ts';

/** What the ingest will do with one path of the source, decided before any extraction. */
export type PlannedDocument<Reused> =
  | { kind: 'skip'; relativePath: string; sha256?: string; reason: SkipReason; message: string }
  | { kind: 'duplicate'; relativePath: string; sha256: string; original: string }
  | { kind: 'reuse'; relativePath: string; absolutePath: string; sha256: string; reused: Reused }
  | { kind: 'extract'; relativePath: string; absolutePath: string; sha256: string };

/** Input of `planDocuments`. */
export interface PlanDocumentsInput<Reused> {
  listing: SourceListing;
  /** Documents of the current version that can be reused as they are, by sha256. */
  reusable: ReadonlyMap<string, Reused> | undefined;
  /** Files larger than this are reported as `too_large` without being read. */
  maxFileBytes: number;
}

/**
 * Hashes and classifies every file (cheap, one at a time), so that extraction can then run several
 * documents at once. A file larger than `maxFileBytes` is skipped unread (`too_large`); a file that
 * cannot be read (permissions, I/O, gone) is skipped (`unreadable`) and the rest goes on; what the
 * listing already skipped (unreadable folders, links) keeps its place in the walk's order.
 */
export async function planDocuments<Reused>(input: PlanDocumentsInput<Reused>): Promise<PlannedDocument<Reused>[]> {
  const plan: (PlannedDocument<Reused> & { order: number })[] = input.listing.skipped.map(({ order, relativePath, reason, message }) => ({ kind: 'skip', order, relativePath, reason, message }));
  const seen = new Map<string, string>();
  for (const file of input.listing.files) {
    const { relativePath, absolutePath, order } = file;
    let bytes: Buffer;
    try {
      const size = (await stat(absolutePath)).size;
      if (size > input.maxFileBytes) {
        plan.push({
          kind: 'skip',
          order,
          relativePath,
          reason: 'too_large',
          message: `${formatMegabytes(size)} is over the limit of ${formatMegabytes(input.maxFileBytes)} per file (ingest.maxFileBytes); split the document, or raise the limit in .clausegate.json`,
        });
        continue;
      }
      bytes = await readFile(absolutePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === undefined) throw error;
      plan.push({ kind: 'skip', order, relativePath, reason: 'unreadable', message: describeUnreadable('file', absolutePath, error) });
      continue;
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const original = seen.get(sha256);
    if (original !== undefined && bytes.length > 0) {
      plan.push({ kind: 'duplicate', order, relativePath, sha256, original });
      continue;
    }
    seen.set(sha256, relativePath);
    const reused = input.reusable?.get(sha256);
    plan.push(reused ? { kind: 'reuse', order, relativePath, absolutePath, sha256, reused } : { kind: 'extract', order, relativePath, absolutePath, sha256 });
  }
  // The walk's order, as before skipped paths were reported: document order feeds chunk order.
  return plan.sort((a, b) => a.order - b.order);
}

function formatMegabytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${bytes} bytes`;
}
