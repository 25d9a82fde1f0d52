import { createEmbedder, ingestSource, openAnswerPipeline, readCurrentIndexVersion, resolveSourceRoot, type ClausegateConfig, type OpenedAnswerPipeline, type ProviderEnvironment } from '../../pipeline/index.ts';
import { ServiceError } from '../service-error.ts';
import { readSourceDocuments, type SourceDocuments } from './source-documents.ts';

/** The open answer pipeline of every served source, swapped in place by a reindex. */
export interface SourceIndexes {
  /** Source names served. */
  readonly names: readonly string[];
  /** True while a reindex runs (`/readyz` answers 503 then). */
  readonly swapping: boolean;
  /** The index version a source serves now. */
  indexVersion(source: string): string;
  /** The indexed documents of the version a source serves now: types, dates, confidentiality. */
  documents(source: string): SourceDocuments;
  /** Runs `work` with the source's current pipeline, which stays open until `work` settles even if a reindex swaps it. */
  use<T>(source: string, work: (pipeline: OpenedAnswerPipeline) => Promise<T>): Promise<T>;
  /** Ingests the source again, opens the new index, swaps it in and closes the old one once its queries finish. */
  reindex(source: string): Promise<{ source: string; previousVersion: string; indexVersion: string; chunks: number }>;
  /**
   * Serves the version the source's `CURRENT` pointer names now, when it is not the one served (a
   * version published by another replica or an ingest): opens it, swaps it in, and closes the old
   * one once its queries finish. Returns the swap, or undefined when the served version is current.
   */
  refresh(source: string): Promise<{ source: string; previousVersion: string; indexVersion: string } | undefined>;
  close(): Promise<void>;
}

interface Lease {
  pipeline: OpenedAnswerPipeline;
  documents: SourceDocuments;
  inFlight: number;
  retired: boolean;
}

/** Opens every source's index; fails (`index_missing`, exit 3) when one was never ingested. */
export async function openSourceIndexes(options: { config: ClausegateConfig; environment: ProviderEnvironment; sources: readonly string[]; cwd: string; now?: () => Date }): Promise<SourceIndexes> {
  const { config, environment, cwd } = options;
  const now = options.now ?? (() => new Date());
  const leases = new Map<string, Lease>();
  let reindexing = 0;
  const openLease = async (source: string): Promise<Lease> => {
    const pipeline = await openAnswerPipeline(config, environment, source);
    try {
      return { pipeline, documents: readSourceDocuments(pipeline.index.manifest, config.sources[source]?.documents ?? []), inFlight: 0, retired: false };
    } catch (error) {
      await pipeline.close();
      throw error;
    }
  };
  try {
    for (const source of options.sources) leases.set(source, await openLease(source));
  } catch (error) {
    await Promise.all([...leases.values()].map((lease) => lease.pipeline.close()));
    throw error;
  }
  const current = (source: string): Lease => {
    const lease = leases.get(source);
    if (lease === undefined) throw new ServiceError('source_not_found', `source "${source}" is not served`, 'ask about one of your sources');
    return lease;
  };
  const release = async (lease: Lease) => {
    lease.inFlight -= 1;
    if (lease.retired && lease.inFlight === 0) await lease.pipeline.close();
  };
  const swapIn = async (source: string, old: Lease, fresh: Lease) => {
    leases.set(source, fresh);
    old.retired = true;
    if (old.inFlight === 0) await old.pipeline.close();
  };
  // Swaps of one source run one at a time (a reindex and a refresh, or two refreshes, never interleave).
  const queues = new Map<string, Promise<unknown>>();
  const serially = <T>(source: string, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(source) ?? Promise.resolve()).catch(() => undefined).then(work);
    queues.set(source, run);
    return run;
  };
  return {
    names: [...options.sources],
    get swapping() {
      return reindexing > 0;
    },
    indexVersion: (source) => current(source).pipeline.index.manifest.indexVersion,
    documents: (source) => current(source).documents,
    async use(source, work) {
      const lease = current(source);
      lease.inFlight += 1;
      try {
        return await work(lease.pipeline);
      } finally {
        await release(lease);
      }
    },
    async reindex(source) {
      current(source);
      reindexing += 1;
      try {
        return await serially(source, async () => {
          const old = current(source);
          const root = resolveSourceRoot({ source, config, cwd });
          const summary = await ingestSource({ source, root, config, embedder: createEmbedder(config, environment, config.sources[source]), now, waitForLock: true });
          const fresh = await openLease(source);
          await swapIn(source, old, fresh);
          return { source, previousVersion: old.pipeline.index.manifest.indexVersion, indexVersion: fresh.pipeline.index.manifest.indexVersion, chunks: summary.counts.chunks };
        });
      } finally {
        reindexing -= 1;
      }
    },
    async refresh(source) {
      current(source);
      return serially(source, async () => {
        const old = current(source);
        const served = old.pipeline.index.manifest.indexVersion;
        const named = await readCurrentIndexVersion(config.paths.indexDir, source);
        if (named === undefined || named === served) return undefined;
        const fresh = await openLease(source);
        const indexVersion = fresh.pipeline.index.manifest.indexVersion;
        // The pointer may have moved again (and back) between the read and the open: keep what is served then.
        if (indexVersion === served) {
          await fresh.pipeline.close();
          return undefined;
        }
        await swapIn(source, old, fresh);
        return { source, previousVersion: served, indexVersion };
      });
    },
    async close() {
      await Promise.all([...leases.values()].map((lease) => lease.pipeline.close()));
    },
  };
}
