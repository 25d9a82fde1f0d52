/**
 * Child process of the run-lock test: takes the lock of `<directory>` as run `<runId>`, says
 * `locked` on stdout and then waits to be killed (SIGKILL leaves the lock file behind).
 *
 * Usage: node --import tsx run-lock-child.fixture.ts <directory> <runId>
 */
import { acquireRunLock } from './acquire-run-lock.ts';

const [directory, runId] = process.argv.slice(2);
if (!directory || !runId) {
  process.stderr.write('usage: run-lock-child.fixture.ts <directory> <runId>\n');
  process.exitCode = 2;
} else {
  await acquireRunLock(directory, { runId, heartbeatIntervalMs: 50 });
  process.stdout.write('locked\n');
  setInterval(() => undefined, 60_000);
}
