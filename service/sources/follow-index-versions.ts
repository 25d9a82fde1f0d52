import type { Redis } from 'ioredis';
import type { SourceIndexes } from './source-indexes.ts';

/** The Redis channel on which a replica announces a version it published: `{"source":"…","indexVersion":"…"}`. */
export const INDEX_VERSION_CHANNEL = 'clausegate:index-versions';

/** Keeps a replica serving the current version of every source, whoever published it. */
export interface IndexVersionFollower {
  /** Tells the other replicas (through Redis, when configured) that `source` now has `indexVersion`. */
  announce(source: string, indexVersion: string): Promise<void>;
  /** Checks every source's pointer now and swaps in what changed (what the poll does). */
  checkNow(): Promise<void>;
  stop(): Promise<void>;
}

/** Options of `followIndexVersions`. */
export interface FollowIndexVersionsOptions {
  indexes: SourceIndexes;
  /** Seconds between two checks of the sources' `CURRENT` pointers; 0 turns polling off. */
  pollSeconds: number;
  /** The shared Redis: announcements are published and listened to on `INDEX_VERSION_CHANNEL`. */
  redis?: Redis | undefined;
  /** Reports a swap and a failed check (a failed check is retried at the next poll or announcement). */
  log: { info(message: string): void; warn(message: string): void };
}

/**
 * Follows the index versions other replicas publish: each source's `CURRENT` pointer is read every
 * `pollSeconds` (a few hundred bytes from the disk or the bucket), and, with Redis, an announcement
 * on `INDEX_VERSION_CHANNEL` triggers the same check at once. A replica that sees a new version
 * opens it and swaps it in (`SourceIndexes.refresh`); answers carry the version in
 * `provenance.index_version`, and cache keys include it, so no replica answers from a replaced version's cache.
 */
export async function followIndexVersions(options: FollowIndexVersionsOptions): Promise<IndexVersionFollower> {
  const { indexes, log } = options;
  let stopped = false;
  const check = async (source: string) => {
    try {
      const swapped = await indexes.refresh(source);
      if (swapped !== undefined) log.info(`source "${source}": now serving index version ${swapped.indexVersion} (was ${swapped.previousVersion})`);
    } catch (error) {
      log.warn(`source "${source}": could not check for a new index version (kept ${indexes.indexVersion(source)}): ${(error as Error).message}`);
    }
  };
  let checking: Promise<void> | undefined;
  const checkAll = async () => {
    // One round at a time: a slow store never piles up overlapping polls.
    checking ??= Promise.all(indexes.names.map(check))
      .then(() => undefined)
      .finally(() => {
        checking = undefined;
      });
    await checking;
  };
  const timer = options.pollSeconds > 0 ? setInterval(() => void checkAll(), options.pollSeconds * 1000) : undefined;
  timer?.unref();

  const subscriber = options.redis?.duplicate();
  if (subscriber !== undefined) {
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== INDEX_VERSION_CHANNEL || stopped) return;
      let source: unknown;
      try {
        source = (JSON.parse(message) as { source?: unknown }).source;
      } catch {
        return;
      }
      if (typeof source === 'string' && indexes.names.includes(source)) void check(source);
    });
    // Redis errors reach the 'error' listener; ioredis reconnects by itself.
    subscriber.on('error', (error: Error) => log.warn(`index version announcements: ${error.message}`));
    await subscriber.subscribe(INDEX_VERSION_CHANNEL);
  }

  return {
    async announce(source, indexVersion) {
      if (options.redis === undefined) return;
      try {
        await options.redis.publish(INDEX_VERSION_CHANNEL, JSON.stringify({ source, indexVersion }));
      } catch (error) {
        log.warn(`could not announce index version ${indexVersion} of source "${source}" (the other replicas see it at their next poll): ${(error as Error).message}`);
      }
    },
    checkNow: checkAll,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      await checking?.catch(() => undefined);
      if (subscriber !== undefined) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
