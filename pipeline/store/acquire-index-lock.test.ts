import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClausegateError } from '../errors.ts';
import { acquireIndexLock, IndexLockFile } from './acquire-index-lock.ts';

let indexDir: string;
let lockFile: string;

beforeEach(async () => {
  indexDir = await mkdtemp(path.join(tmpdir(), 'clausegate-lock-'));
  lockFile = path.join(indexDir, 'cme', 'ingest.lock');
});
afterEach(async () => {
  await rm(indexDir, { recursive: true, force: true });
});

/** The pid of a process that has exited (a finished child). */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('acquireIndexLock', () => {
  it('writes a lock file with the pid and start time, and release deletes it', async () => {
    const lock = await acquireIndexLock(indexDir, 'cme', { wait: false, now: () => new Date('2026-11-22T05:00:00Z') });
    expect(lock.file).toBe(lockFile);
    expect(lock.note).toBeUndefined();
    const content = IndexLockFile.parse(JSON.parse(await readFile(lockFile, 'utf8')));
    expect(content).toMatchObject({ schemaVersion: 1, pid: process.pid, startedAt: '2026-11-22T05:00:00.000Z' });
    await lock.release();
    await lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('a second acquire without wait fails with index_locked naming the pid, the lock file and what to do', async () => {
    const lock = await acquireIndexLock(indexDir, 'cme', { wait: false });
    const error = await acquireIndexLock(indexDir, 'cme', { wait: false }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ClausegateError);
    const locked = error as ClausegateError;
    expect(locked.code).toBe('index_locked');
    expect(locked.message).toContain(`pid ${process.pid}`);
    expect(locked.message).toContain(lockFile);
    expect(locked.hint).toContain('--wait');
    expect(locked.hint).toContain(`delete ${lockFile}`);
    await lock.release();
    // Other sources are not affected.
    await (await acquireIndexLock(indexDir, 'sample', { wait: false })).release();
  });

  it('with wait, a second acquire gets the lock once the first is released', async () => {
    const first = await acquireIndexLock(indexDir, 'cme', { wait: false });
    const events: string[] = [];
    const second = acquireIndexLock(indexDir, 'cme', { wait: true, timeoutMs: 60_000, pollIntervalMs: 10 }).then((lock) => {
      events.push('second acquired');
      return lock;
    });
    // Let the waiter poll a few times while the first holds the lock.
    await new Promise((resolve) => setTimeout(resolve, 50));
    events.push('first released');
    await first.release();
    const lock = await second;
    expect(events).toEqual(['first released', 'second acquired']);
    expect(IndexLockFile.parse(JSON.parse(await readFile(lockFile, 'utf8'))).pid).toBe(process.pid);
    await lock.release();
  });

  it('with wait, gives up with index_locked after timeoutMs', async () => {
    const first = await acquireIndexLock(indexDir, 'cme', { wait: false });
    await expect(acquireIndexLock(indexDir, 'cme', { wait: true, timeoutMs: 30, pollIntervalMs: 5 })).rejects.toMatchObject({
      code: 'index_locked',
      message: expect.stringContaining('after waiting'),
    });
    await first.release();
  });

  it('takes over a stale lock whose process is gone, and says so', async () => {
    const pid = await deadPid();
    await mkdir(path.dirname(lockFile), { recursive: true });
    const stale: IndexLockFile = { schemaVersion: 1, pid, hostname: hostname(), startedAt: '2026-11-21T23:00:00.000Z', token: 'stale-token' };
    await writeFile(lockFile, JSON.stringify(stale));

    const lock = await acquireIndexLock(indexDir, 'cme', { wait: false });
    expect(lock.note).toContain(`pid ${pid}`);
    expect(lock.note).toContain('no longer running');
    expect(IndexLockFile.parse(JSON.parse(await readFile(lockFile, 'utf8'))).pid).toBe(process.pid);
    await lock.release();
  });

  it('leaves no empty lock behind an ingest killed while writing it: the content written apart and not yet linked is no lock, and the next acquire removes it', async () => {
    const pid = await deadPid();
    await mkdir(path.dirname(lockFile), { recursive: true });
    const pending = `${lockFile}.${pid}.killed-token.pending`;
    await writeFile(pending, JSON.stringify({ schemaVersion: 1, pid, hostname: hostname(), startedAt: '2026-11-26T14:00:00.000Z', token: 'killed-token' }));
    const lock = await acquireIndexLock(indexDir, 'cme', { wait: false });
    expect(lock.note).toBeUndefined();
    expect(existsSync(pending)).toBe(false);
    expect(IndexLockFile.parse(JSON.parse(await readFile(lockFile, 'utf8'))).pid).toBe(process.pid);
    await lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('does not take over a lock held on another host', async () => {
    await mkdir(path.dirname(lockFile), { recursive: true });
    const remote: IndexLockFile = { schemaVersion: 1, pid: await deadPid(), hostname: `not-${hostname()}`, startedAt: '2026-11-21T23:00:00.000Z', token: 'remote' };
    await writeFile(lockFile, JSON.stringify(remote));
    await expect(acquireIndexLock(indexDir, 'cme', { wait: false })).rejects.toMatchObject({ code: 'index_locked' });
  });

  it('release does not delete a lock that another holder took over', async () => {
    const lock = await acquireIndexLock(indexDir, 'cme', { wait: false });
    const other: IndexLockFile = { schemaVersion: 1, pid: process.pid, hostname: hostname(), startedAt: '2026-11-22T05:00:00.000Z', token: 'someone-else' };
    await writeFile(lockFile, JSON.stringify(other));
    await lock.release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
