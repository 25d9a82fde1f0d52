import { spawn } from 'node:child_process';
import { chmodSync } from 'node:fs';

/** What a child process printed and how it ended. */
export interface ChildOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The uid/gid of `nobody`, used to drop root's privileges so that file permissions apply. */
const NOBODY = { uid: 65534, gid: 65534 };

/** True when this process runs as root: permission bits do not stop it, so permission tests run a child as `nobody`. */
export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/** Opens `folder` to every user (so the unprivileged child can write its index and logs there). */
export function shareWithUnprivileged(folder: string): void {
  if (isRoot()) chmodSync(folder, 0o777);
}

/**
 * Runs `node --import tsx <script> …args` with the repository as its working directory, as
 * `nobody` when this process is root (so EACCES really happens), else as this user.
 */
export function runUnprivileged(script: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(isRoot() ? NOBODY : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
