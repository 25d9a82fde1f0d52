import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCorpus as corpus } from '../../pipeline/testing/locate-test-corpus.ts';
import { runCli } from '../cli.ts';
import { fetchCorpus } from './fetch-corpus.ts';
import { readCorpusManifest, type CorpusManifest } from './corpus-manifest.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** A real file server on loopback: `/mirror/<corpus>/<file>` and `/public/<file>`, with a request log. */
let server: Server;
let base: string;
const requests: string[] = [];
const served: Record<string, string> = {
  '/mirror/demo/a.pdf': 'alpha bytes',
  '/mirror/demo/altered.pdf': 'not the recorded bytes',
  '/public/b.pdf': 'beta bytes',
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = served[decodeURIComponent(request.url ?? '')];
    response.writeHead(body === undefined ? 404 : 200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function manifest(): CorpusManifest {
  return {
    corpora: {
      demo: {
        description: 'test corpus',
        licence: 'test',
        files: [
          { file: 'a.pdf', bytes: 11, sha256: hash('alpha bytes') },
          { file: 'b.pdf', bytes: 10, sha256: hash('beta bytes'), url: `${base}/public/b.pdf` },
          { file: 'altered.pdf', bytes: 14, sha256: hash('recorded bytes') },
          { file: 'notes.md', bytes: 5, sha256: hash('notes'), optional: true },
        ],
      },
    },
  };
}

describe('fetchCorpus over a real HTTP server', () => {
  it('downloads from the mirror, falls back to the public URL, refuses altered bytes and skips optional files', async () => {
    const dest = await mkdtemp(path.join(tmpdir(), 'corpus-'));
    try {
      const results = await fetchCorpus({ manifest: manifest(), dest, baseUrl: `${base}/mirror/` });
      const byFile = Object.fromEntries(results.map((result) => [result.file, result]));
      expect(byFile['a.pdf']).toMatchObject({ status: 'downloaded', detail: `${base}/mirror/demo/a.pdf` });
      // Not on the mirror (404): its public URL serves it.
      expect(byFile['b.pdf']).toMatchObject({ status: 'downloaded', detail: `${base}/public/b.pdf` });
      expect(byFile['altered.pdf']!.status).toBe('failed');
      expect(byFile['altered.pdf']!.detail).toContain('the manifest expects 14 bytes');
      expect(byFile['notes.md']!.status).toBe('skipped');
      expect(await readFile(path.join(dest, 'demo', 'a.pdf'), 'utf8')).toBe('alpha bytes');
      // Nothing partial or altered lands.
      expect((await readdir(path.join(dest, 'demo'))).sort()).toEqual(['a.pdf', 'b.pdf']);

      // A second fetch finds the files in place and asks the server for none of them.
      requests.length = 0;
      const again = await fetchCorpus({ manifest: manifest(), dest, baseUrl: `${base}/mirror` });
      expect(again.filter((result) => result.status === 'present').map((result) => result.file)).toEqual(['a.pdf', 'b.pdf']);
      expect(requests.filter((url) => url.endsWith('/a.pdf') || url.endsWith('/b.pdf'))).toEqual([]);

      // A file altered on disk is no longer "present".
      await writeFile(path.join(dest, 'demo', 'a.pdf'), 'tampered');
      const verified = await fetchCorpus({ manifest: manifest(), dest, verifyOnly: true });
      expect(verified.find((result) => result.file === 'a.pdf')).toMatchObject({ status: 'failed', detail: 'missing or altered' });
    } finally {
      await rm(dest, { recursive: true, force: true });
    }
  });

  it('says what to do when a required file has no source, and names an unknown corpus', async () => {
    const dest = await mkdtemp(path.join(tmpdir(), 'corpus-'));
    try {
      const results = await fetchCorpus({ manifest: manifest(), dest, corpora: ['demo', 'nope'] });
      expect(results.find((result) => result.file === 'a.pdf')!.detail).toBe('missing, and it has no public URL: give a mirror with --base-url (or CLAUSEGATE_CORPUS_URL) holding demo/a.pdf');
      expect(results.find((result) => result.corpus === 'nope')!.detail).toBe('no corpus "nope" in the manifest (it lists: demo)');
    } finally {
      await rm(dest, { recursive: true, force: true });
    }
  });
});

describe('harness corpus', () => {
  it('fetches through the CLI, prints one line per file and a count, and exits 1 while a required file is missing', async () => {
    const dest = await mkdtemp(path.join(tmpdir(), 'corpus-'));
    try {
      const manifestFile = path.join(dest, 'manifest.json');
      await writeFile(manifestFile, JSON.stringify(manifest()));
      const out: string[] = [];
      const err: string[] = [];
      const io = { env: { CLAUSEGATE_CORPUS_URL: `${base}/mirror` }, cwd: dest, interactive: false, stdout: (text: string) => out.push(text), stderr: (text: string) => err.push(text) };
      expect(await runCli(['corpus', 'fetch', '--dest', 'corpora', '--manifest', 'manifest.json'], io)).toBe(1);
      expect(out.at(-1)).toBe(`fetched into ${path.join(dest, 'corpora')}: 0 present, 2 downloaded, 1 optional skipped, 1 failed`);
      expect(err.join('\n')).toContain('demo/altered.pdf: ');
      expect(await runCli(['corpus', 'fetch', '--dest', 'corpora', '--manifest', 'manifest.json', '--corpus', 'nope'], io)).toBe(1);
      await writeFile(manifestFile, '{"corpora": {}} trailing');
      expect(await runCli(['corpus', 'verify', '--dest', 'corpora', '--manifest', 'manifest.json'], io)).toBe(2);
      expect(err.at(-1)).toContain('cannot read the corpus manifest');
    } finally {
      await rm(dest, { recursive: true, force: true });
    }
  });
});

describe('the committed corpus manifest', () => {
  it('is valid and gives every file the suites read a public URL', async () => {
    const committed = await readCorpusManifest();
    expect(Object.keys(committed.corpora).sort()).toEqual(['cme', 'cuad']);
    for (const entry of Object.values(committed.corpora)) {
      for (const file of entry.files) if (file.file.toLowerCase().endsWith('.pdf')) expect(file.url, file.file).toMatch(/^https:\/\//);
    }
  });

  it.skipIf(!corpus.available)(corpus.title('matches the corpus on disk byte for byte'), async () => {
    const committed = await readCorpusManifest();
    const results = await fetchCorpus({ manifest: committed, dest: corpus.root, verifyOnly: true });
    expect(results.filter((result) => result.status !== 'present')).toEqual([]);
    for (const name of Object.keys(committed.corpora)) {
      const onDisk = (await readdir(path.join(corpus.root, name))).sort();
      expect(committed.corpora[name]!.files.map((file) => file.file).sort()).toEqual(onDisk);
    }
    expect(existsSync(path.join(corpus.root, 'cme'))).toBe(true);
  });
});
