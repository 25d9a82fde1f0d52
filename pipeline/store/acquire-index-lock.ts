import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ClausegateError } from '../errors.ts';
import { createFileWhole } from './create-file-whole.ts';
import { resolveIndexLayout } from './index-layout.ts';
import type { IndexStore } from './index-store.ts';

/** The lock file of a source's index (`<indexDir>/<source>/ingest.lock`): who holds it. */
export const IndexLockFile = z
  .object({
    schemaVersion: z.literal(1),
    pid: z.number().int().positive(),
    hostname: z.string(),
    startedAt: z.string(),
    /** Distinguishes two holders with the same pid (two acquisitions in one process). */
    token: z.string().min(1),
  })
  .strict();
export type IndexLockFile = z.infer<typeof IndexLockFile>;

/** Options of `acquireIndexLock`. */
export interface AcquireIndexLockOptions {
  /** Wait for the holder to release the lock (polling) instead of failing at once. */
  wait: boolean;
  /** How long to wait at most, when `wait` is true; default 600 000 ms (10 minutes). */
  timeoutMs?: number;
  /** How often to look again while waiting; default 200 ms. */
  pollIntervalMs?: number;
  /** The clock for `startedAt`; default the system clock. */
  now?: () => Date;
}

/** A held index lock. */
export interface IndexLock {
  /** The lock file. */
  readonly file: string;
  /** Set when a stale lock (its process no longer running) was taken over: says whose. */
  readonly note: string | undefined;
  /** Deletes the lock file if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

/** A lock file that cannot be parsed and is older than this was left by a crash mid-write. */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

/**
 * Takes the exclusive ingest lock of `source`'s index: a lock file holding the pid, host and start
 * time, created whole (`tryCreate`: written apart, then hard-linked into place). When another live process holds it, fails at once with
 * `index_locked` (naming the holder's pid and the lock file) or, with `wait`, polls until it is
 * released or `timeoutMs` passes. A lock whose process is no longer running on this host is stale:
 * it is taken over, and the returned `note` says so. For an index on object storage the lock file is
 * on the local disk (see `IndexLayout.lockFile`): it keeps the writers of one machine apart, not of several.
 * Written by hand on purpose: `proper-lockfile` tells a dead holder only by mtime age, seconds
 * later (README "Dependencies and why").
 */
export async function acquireIndexLock(indexDir: string | IndexStore, source: string, options: AcquireIndexLockOptions): Promise<IndexLock> {
  const layout = resolveIndexLayout(indexDir, source);
  const file = layout.lockFile;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const now = options.now ?? (() => new Date());
  const waitStarted = Date.now();
  await mkdir(path.dirname(file), { recursive: true });
  let note: string | undefined;

  for (;;) {
    const content: IndexLockFile = { schemaVersion: 1, pid: process.pid, hostname: hostname(), startedAt: now().toISOString(), token: randomUUID() };
    if (await tryCreate(file, content)) {
      await removeAbandonedPending(file);
      return heldLock(file, content, note);
    }

    const holder = await readHolder(file);
    if (holder === 'gone') continue;
    if (holder === 'unreadable') {
      // A damaged lock file (locks are created whole, see `tryCreate`): stale once it is older than the grace period.
      if (await isOlderThan(file, UNREADABLE_LOCK_GRACE_MS)) {
        if (await removeStaleLock(file, undefined)) note = `took over an unreadable lock file ${file} left by a crashed ingest`;
        else await sleep(Math.min(pollIntervalMs, 50));
        continue;
      }
    } else if (!isRunning(holder)) {
      if (await removeStaleLock(file, holder.token)) {
        note = `took over a stale lock: pid ${holder.pid} (started ${holder.startedAt}) is no longer running; its lock file ${file} was replaced`;
      } else {
        await sleep(Math.min(pollIntervalMs, 50));
      }
      continue;
    }

    const waited = Date.now() - waitStarted;
    if (!options.wait || waited >= timeoutMs) throw lockedError(file, source, holder, options.wait ? waited : undefined);
    await sleep(Math.min(pollIntervalMs, Math.max(1, timeoutMs - waited)));
  }
}

/** Creates the lock file whole (`createFileWhole`): an ingest killed at any point leaves no lock or a whole one, whose pid tells it is stale. */
function tryCreate(file: string, content: IndexLockFile): Promise<boolean> {
  return createFileWhole(file, `${JSON.stringify(content)}\n`, `${file}.${content.pid}.${content.token}${PENDING_SUFFIX}`);
}

/** The end of a lock's content file before it is linked to the lock's name. */
const PENDING_SUFFIX = '.pending';

/** Removes the content files that ingests killed before linking them left beside the lock (their pid no longer running). */
async function removeAbandonedPending(file: string): Promise<void> {
  const prefix = `${path.basename(file)}.`;
  for (const name of await readdir(path.dirname(file)).catch(() => [] as string[])) {
    if (!name.startsWith(prefix) || !name.endsWith(PENDING_SUFFIX)) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isRunning({ pid, hostname: hostname() })) {
      await unlink(path.join(path.dirname(file), name)).catch(() => undefined);
    }
  }
}

function heldLock(file: string, content: IndexLockFile, note: string | undefined): IndexLock {
  let released = false;
  return {
    file,
    note,
    async release() {
      if (released) return;
      released = true;
      const holder = await readHolder(file);
      // Never delete a lock that was taken over from us (after we were wrongly judged stale).
      if (typeof holder === 'object' && holder.token === content.token) await unlink(file).catch(() => undefined);
    },
  };
}

async function readHolder(file: string): Promise<IndexLockFile | 'gone' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const parsed = IndexLockFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** True unless the holder is on this host and its pid is certainly gone. */
function isRunning(holder: Pick<IndexLockFile, 'pid' | 'hostname'>): boolean {
  if (holder.hostname !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

async function isOlderThan(file: string, ageMs: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs > ageMs;
  } catch {
    return false;
  }
}

/**
 * Removes a stale lock file, unless another process took it over first. Two processes may find the
 * same stale lock: a short-lived `.takeover` lock lets only one of them remove it, and the removal
 * happens only if the file still holds the stale holder's token.
 */
async function removeStaleLock(file: string, staleToken: string | undefined): Promise<boolean> {
  const takeover = `${file}.takeover`;
  let handle;
  try {
    handle = await open(takeover, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Someone else is taking over; a takeover lock this old was left by a crash mid-takeover.
    if (await isOlderThan(takeover, UNREADABLE_LOCK_GRACE_MS)) await unlink(takeover).catch(() => undefined);
    return false;
  }
  try {
    const holder = await readHolder(file);
    const stillStale = staleToken === undefined ? holder === 'unreadable' : typeof holder === 'object' && holder.token === staleToken;
    if (!stillStale) return false;
    await unlink(file).catch(() => undefined);
    return true;
  } finally {
    await handle.close();
    await unlink(takeover).catch(() => undefined);
  }
}

function lockedError(file: string, source: string, holder: IndexLockFile | 'unreadable', waitedMs: number | undefined): ClausegateError {
  const who = holder === 'unreadable' ? 'another ingest (its lock file is being written)' : `another ingest (pid ${holder.pid} on ${holder.hostname}, started ${holder.startedAt})`;
  const waited = waitedMs === undefined ? '' : ` after waiting ${Math.round(waitedMs / 1000)} s`;
  const pid = holder === 'unreadable' ? 'the holder' : `pid ${holder.pid}`;
  return new ClausegateError('index_locked', `the index of source "${source}" is locked by ${who}${waited}; lock file ${file}`, {
    hint: `wait for that ingest to finish (or pass --wait to queue behind it); if ${pid} is not an ingest any more, delete ${file} and run again`,
    location: { file },
  });
}
