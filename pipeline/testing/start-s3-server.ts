import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver) on a free loopback port, for tests; its data in a temporary folder. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** The bucket created at start. */
  bucket: string;
  /** The environment that points clausegate (and LanceDB) at it: endpoint, plain HTTP, s3rver's fixed test keys. */
  env: Record<string, string>;
  /** Closes the server (and its open connections) and deletes its data. */
  stop(): Promise<void>;
}

/** s3rver's fixed test credentials (not a secret: the server accepts only these). */
const TEST_ACCESS_KEY = 'S3RVER';

/** Starts s3rver on 127.0.0.1 with one empty bucket. */
export async function startS3Server(bucket = 'clausegate-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'clausegate-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      RAG_S3_ENDPOINT: endpoint,
      RAG_S3_ALLOW_HTTP: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: TEST_ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: TEST_ACCESS_KEY,
    },
    async stop() {
      // Clients keep connections alive: close them, or close() waits for their idle timeout.
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
