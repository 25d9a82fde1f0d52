import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClausegateError } from '../../pipeline/errors.ts';
import { acquireRunLock, RUN_LOCK_FILE, RunLockFile } from './acquire-run-lock.ts';

const childScript = path.join(import.meta.dirname, 'run-lock-child.fixture.ts');
const repository = path.resolve(import.meta.dirname, '../..');

/** Starts a child that takes the run lock; resolves once it holds it. */
function startHolder(directory: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, directory, 'run-a'], { cwd: repository, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('locked')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

describe('acquireRunLock: one process per run', () => {
  let directory: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'clausegate-run-lock-'));
  });
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  it('refuses while another live process holds the run, naming it (run_locked, exit 2)', async () => {
    child = await startHolder(directory);
    const error = await acquireRunLock(directory, { runId: 'run-a' }).catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'run_locked')).toBe(true);
    expect((error as Error).message).toContain(`run run-a is still running: pid ${child.pid}`);
    expect((error as { hint: string }).hint).toContain(`kill ${child.pid}`);
  });

  it('keeps the heartbeat fresh while held', async () => {
    child = await startHolder(directory);
    const first = RunLockFile.parse(JSON.parse(readFileSync(path.join(directory, RUN_LOCK_FILE), 'utf8')));
    await sleep(300);
    const later = RunLockFile.parse(JSON.parse(readFileSync(path.join(directory, RUN_LOCK_FILE), 'utf8')));
    expect(later.token).toBe(first.token);
    expect(Date.parse(later.heartbeatAt)).toBeGreaterThan(Date.parse(first.heartbeatAt));
  });

  it('takes over the lock of a process killed with SIGKILL, and says so', async () => {
    child = await startHolder(directory);
    const pid = child.pid;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const lock = await acquireRunLock(directory, { runId: 'run-a' });
    expect(lock.note).toContain(`pid ${pid}`);
    expect(RunLockFile.parse(JSON.parse(readFileSync(lock.file, 'utf8'))).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock whose heartbeat is stale (another host), and a torn lock file', async () => {
    const stale: RunLockFile = { schemaVersion: 1, runId: 'run-a', pid: 1, hostname: 'elsewhere', startedAt: '2026-01-01T00:00:00.000Z', heartbeatAt: '2026-01-01T00:00:00.000Z', token: 'x' };
    writeFileSync(path.join(directory, RUN_LOCK_FILE), JSON.stringify(stale));
    const lock = await acquireRunLock(directory, { runId: 'run-a' });
    expect(lock.note).toContain('on elsewhere');
    await lock.release();
    writeFileSync(path.join(directory, RUN_LOCK_FILE), '{"schemaVer');
    const again = await acquireRunLock(directory, { runId: 'run-a' });
    expect(again.note).toContain('unreadable');
    await again.release();
  });

  it('a fresh heartbeat from another host counts as alive', async () => {
    const now = new Date().toISOString();
    writeFileSync(path.join(directory, RUN_LOCK_FILE), JSON.stringify({ schemaVersion: 1, runId: 'run-a', pid: 1, hostname: 'elsewhere', startedAt: now, heartbeatAt: now, token: 'x' }));
    expect(isClausegateError(await acquireRunLock(directory, { runId: 'run-a' }).catch((caught: unknown) => caught), 'run_locked')).toBe(true);
  });
});
