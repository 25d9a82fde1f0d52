import { randomUUID } from 'node:crypto';
import { readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ClausegateError } from '../../pipeline/errors.ts';
import { createFileWhole } from '../../pipeline/store/create-file-whole.ts';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';

/** The lock file of a run folder (`reports/<run-id>/run.lock`): which process is answering its cases. */
export const RunLockFile = z
  .object({
    schemaVersion: z.literal(1),
    runId: z.string(),
    pid: z.number().int().positive(),
    hostname: z.string(),
    startedAt: z.string(),
    /** Refreshed every `heartbeatIntervalMs` while the run is alive. */
    heartbeatAt: z.string(),
    token: z.string().min(1),
  })
  .strict();
export type RunLockFile = z.infer<typeof RunLockFile>;

/** Options of `acquireRunLock`. */
export interface AcquireRunLockOptions {
  runId: string;
  /** How often the heartbeat is refreshed; default 5 000 ms. */
  heartbeatIntervalMs?: number;
  /** A heartbeat older than this is a dead run (another host, or a reused pid); default 60 000 ms. */
  staleAfterMs?: number;
  now?: () => Date;
}

/** A held run lock. */
export interface RunLock {
  readonly file: string;
  /** Set when a dead run's lock was taken over: says whose. */
  readonly note: string | undefined;
  /** Stops the heartbeat and deletes the lock file if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

/** The file name of a run's lock inside its folder. */
export const RUN_LOCK_FILE = 'run.lock';

/**
 * Takes the lock of a run folder so that no two processes answer the same run's cases: a file
 * created whole (a private file hard-linked to its name) holding pid, host, start time and a heartbeat refreshed every few
 * seconds. A live holder (a fresh heartbeat, and on this host a running pid) makes it throw
 * `run_locked` (exit 2) naming the holder; a dead one (its pid gone on this host, or its heartbeat
 * stale) is taken over, and `note` says so. Written by hand on purpose: `proper-lockfile` tells a
 * dead holder only by mtime age, seconds later (README "Dependencies and why").
 */
export async function acquireRunLock(directory: string, options: AcquireRunLockOptions): Promise<RunLock> {
  const file = path.join(directory, RUN_LOCK_FILE);
  const now = options.now ?? (() => new Date());
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 5_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  let note: string | undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const started = now().toISOString();
    const content: RunLockFile = { schemaVersion: 1, runId: options.runId, pid: process.pid, hostname: hostname(), startedAt: started, heartbeatAt: started, token: randomUUID() };
    if (await tryCreate(file, content)) return heldLock(file, content, note, heartbeatIntervalMs, now);
    const holder = await readHolder(file);
    if (holder === 'gone') continue;
    if (holder !== 'unreadable' && isAlive(holder, now(), staleAfterMs)) throw lockedError(options.runId, file, holder, now());
    // Dead, or a lock file torn by a crash mid-write: take it over.
    const taken = `${file}.${process.pid}.stale`;
    await rename(file, taken).catch(() => undefined);
    await unlink(taken).catch(() => undefined);
    note =
      holder === 'unreadable'
        ? `took over the unreadable lock file ${file} left by a crashed run`
        : `took over the lock of run ${options.runId}: pid ${holder.pid} on ${holder.hostname} (last heartbeat ${holder.heartbeatAt}) is no longer running`;
  }
  throw new ClausegateError('run_locked', `could not take the lock of run ${options.runId} (${file}): other processes keep taking it`, {
    hint: 'make sure only one `harness run --resume` of this run is started',
    location: { file },
  });
}

/**
 * Creates the lock file whole or not at all (`createFileWhole`), so no other process can ever read
 * a lock file half written by a live run and mistake it for a crashed one's.
 */
function tryCreate(file: string, content: RunLockFile): Promise<boolean> {
  return createFileWhole(file, `${JSON.stringify(content)}\n`, `${file}.${process.pid}.${content.token}.new`);
}

async function readHolder(file: string): Promise<RunLockFile | 'gone' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const parsed = RunLockFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

function isAlive(holder: RunLockFile, now: Date, staleAfterMs: number): boolean {
  if (now.getTime() - Date.parse(holder.heartbeatAt) > staleAfterMs) return false;
  if (holder.hostname !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function heldLock(file: string, content: RunLockFile, note: string | undefined, intervalMs: number, now: () => Date): RunLock {
  let released = false;
  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beating.then(async () => {
      const holder = await readHolder(file).catch(() => 'gone' as const);
      if (released || typeof holder !== 'object' || holder.token !== content.token) return;
      const next = `${file}.${content.token}.tmp`;
      // A heartbeat that cannot be written (a full disk) only ages the lock; the run goes on.
      await writeFileDurably(next, `${JSON.stringify({ ...content, heartbeatAt: now().toISOString() })}\n`)
        .then(() => rename(next, file))
        .catch(() => unlink(next).catch(() => undefined));
    });
  }, intervalMs);
  timer.unref();
  return {
    file,
    note,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await beating;
      const holder = await readHolder(file).catch(() => 'gone' as const);
      if (typeof holder === 'object' && holder.token === content.token) await unlink(file).catch(() => undefined);
    },
  };
}

function lockedError(runId: string, file: string, holder: RunLockFile, now: Date): ClausegateError {
  const ago = Math.max(0, Math.round((now.getTime() - Date.parse(holder.heartbeatAt)) / 1000));
  return new ClausegateError('run_locked', `run ${runId} is still running: pid ${holder.pid} on ${holder.hostname}, started ${holder.startedAt}, last heartbeat ${ago} s ago (lock file ${file})`, {
    hint: `wait for it to finish, or stop that process (kill ${holder.pid}) and resume again; resuming now would answer the same cases twice`,
    location: { file },
  });
}
