import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

/** A real redis-server on a free loopback port, for tests. */
export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then waits for it to exit). */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `redis-server` (the Debian package) on a free loopback port with persistence off and waits
 * until it answers PING. Throws with the install command when the binary is missing.
 */
export async function startRedisServer(): Promise<TestRedis> {
  const port = await findFreePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'clausegate-redis-'));
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const spawnError = new Promise<never>((_, reject) => child.once('error', (error) => reject(new Error(`redis-server could not start (${error.message}); install it: apt-get install redis-server`))));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await Promise.race([client.connect().then(() => client.ping()), spawnError]);
      client.disconnect();
      break;
    } catch (error) {
      client.disconnect();
      if (Date.now() > deadline || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
