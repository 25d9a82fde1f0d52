import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnprivileged, shareWithUnprivileged } from '../testing/run-unprivileged.ts';
import type { DocumentReport, IngestSummary } from './ingest-source.ts';
import { listSourceFiles } from './list-source-files.ts';

const repository = path.resolve(import.meta.dirname, '../..');
const sample = path.join(repository, 'data/raw/sample');
const child = path.join(import.meta.dirname, 'ingest-child.fixture.ts');

describe('per-file and per-folder faults are reported and the rest goes in', () => {
  let work: string;
  let root: string;
  let summary: IngestSummary;
  const report = (doc: string): DocumentReport | undefined => summary.documents.find((document) => document.doc === doc);

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-faults-'));
    shareWithUnprivileged(work);
    root = path.join(work, 'raw');
    mkdirSync(path.join(root, 'private'), { recursive: true });
    mkdirSync(path.join(root, 'open'), { recursive: true });
    for (const name of readdirSync(sample).filter((file) => !file.startsWith('.'))) copyFileSync(path.join(sample, name), path.join(root, 'open', name));
    writeFileSync(path.join(root, 'locked.txt'), 'Notice\nThe Licensee shall report usage monthly.\n');
    chmodSync(path.join(root, 'locked.txt'), 0o000);
    writeFileSync(path.join(root, 'private', 'terms.txt'), 'Terms\nThe Licensee may not redistribute data.\n');
    chmodSync(path.join(root, 'private'), 0o000);
    symlinkSync(path.join(root, 'open', readdirSync(path.join(root, 'open'))[0]!), path.join(root, 'link-to-agreement'));
    symlinkSync(root, path.join(root, 'open', 'loop'));
    writeFileSync(path.join(root, 'big.txt'), `Heading\n${'word '.repeat(4000)}\n`);
    execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
    const outcome = await runUnprivileged(child, [root, path.join(work, 'index'), '10000'], { cwd: repository });
    expect(outcome.stderr).not.toMatch(/\n\s+at /); // no stack trace
    summary = JSON.parse(outcome.stdout.trim()) as IngestSummary;
  }, 120_000);
  afterAll(() => {
    chmodSync(path.join(root, 'private'), 0o755);
    rmSync(work, { recursive: true, force: true });
  });

  it('indexes every readable document despite the faults', () => {
    expect(summary.counts.documents).toBe(readdirSync(sample).filter((file) => !file.startsWith('.') && !file.endsWith('.md')).length);
    for (const name of readdirSync(path.join(root, 'open')).filter((file) => file !== 'loop')) {
      expect(report(`open/${name}`)?.status, name).toMatch(/^(indexed|skipped)$/);
    }
  });

  it('reports an unreadable file and an unreadable folder with the reason and the fix', () => {
    expect(report('locked.txt')).toMatchObject({ status: 'skipped', reason: 'unreadable' });
    expect(report('locked.txt')?.message).toMatch(/EACCES: permission denied.*chmod a\+r /);
    expect(report('private/')).toMatchObject({ status: 'skipped', reason: 'unreadable' });
    expect(report('private/')?.message).toMatch(/folder cannot be read \(EACCES.*chmod a\+rx /);
  });

  it('reports symbolic links as skipped, naming the target (never followed, so no loop)', () => {
    expect(report('link-to-agreement')).toMatchObject({ status: 'skipped', reason: 'symlink' });
    expect(report('link-to-agreement')?.message).toContain(path.join(root, 'open'));
    expect(report('open/loop')).toMatchObject({ status: 'skipped', reason: 'symlink' });
  });

  it('skips a file over the size limit unread, and a FIFO without blocking', () => {
    expect(report('big.txt')).toMatchObject({ status: 'skipped', reason: 'too_large' });
    expect(report('big.txt')?.message).toMatch(/over the limit of 10000 bytes per file \(ingest\.maxFileBytes\)/);
    expect(report('pipe.txt')).toMatchObject({ status: 'skipped', reason: 'unsupported' });
  });

  it('reports in the walk order (folder by folder), with the skipped paths in their place', async () => {
    const listing = await listSourceFiles(root);
    expect(listing.skipped.map((item) => item.relativePath)).toEqual(expect.arrayContaining(['link-to-agreement', 'open/loop', 'pipe.txt']));
    const open = readdirSync(path.join(root, 'open')).sort().map((name) => `open/${name}`);
    expect(summary.documents.map((document) => document.doc)).toEqual(['big.txt', 'link-to-agreement', 'locked.txt', ...open, 'pipe.txt', 'private/']);
  });
});
