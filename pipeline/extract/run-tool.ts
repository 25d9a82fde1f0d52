import { spawn } from 'node:child_process';

/** How a tool run ended: its exit, or `missing` when the executable is not on PATH. */
export type ToolRun =
  | { status: 'exited'; code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string; timedOut: boolean }
  | { status: 'missing'; message: string };

/**
 * Runs `command` with `args` (no shell: nothing is interpreted), with `env` (its PATH finds the
 * command), and collects what it prints. A run longer than `timeoutMs` is killed and reported as
 * timed out. Never throws: a command that cannot start is `missing` (not on PATH) or an exit with code null.
 */
export function runTool(command: string, args: readonly string[], options: { env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<ToolRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (data: Buffer) => stdout.push(data));
    child.stderr.on('data', (data: Buffer) => stderr.push(data));
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ENOENT') resolve({ status: 'missing', message: `${command} is not on PATH` });
      else resolve({ status: 'exited', code: null, signal: null, stdout: Buffer.alloc(0), stderr: error.message, timedOut: false });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ status: 'exited', code, signal, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8'), timedOut });
    });
  });
}
