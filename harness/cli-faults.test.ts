// Disk, permission and usage faults through the real CLI: each gives a named error (what, where,
// what to do) and the right exit code, and an answer already computed is still printed.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTmpfs, type MountedTmpfs } from '../pipeline/testing/mount-tmpfs.ts';
import { runCli, type CommandIo } from './cli.ts';

const sample = path.resolve(import.meta.dirname, '../data/raw/sample');

function captureIo(cwd: string): CommandIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { env: {}, cwd, interactive: false, stdout: (text) => out.push(text), stderr: (text) => err.push(text), out, err };
}

describe('harness CLI under disk, permission and usage faults', () => {
  let work: string;
  let mounted: MountedTmpfs | undefined;
  const writeConfig = (name: string, paths: Record<string, string>) => {
    const file = path.join(work, name);
    writeFileSync(file, JSON.stringify({ paths: { indexDir: path.join(work, 'index'), rawRoot: path.join(work, 'raw'), logDir: path.join(work, 'logs'), ...paths } }));
    return file;
  };

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'clausegate-cli-faults-'));
    cpSync(sample, path.join(work, 'raw', 'sample'), { recursive: true });
    expect(await runCli(['ingest', '--source', 'sample', '--config', writeConfig('config.json', {})], captureIo(work))).toBe(0);
    mounted = mountTmpfs(path.join(work, 'small'), 64);
  });
  afterAll(() => {
    mounted?.unmount();
    rmSync(work, { recursive: true, force: true });
  });

  it('--config naming a folder exits 2 and says so', async () => {
    const io = captureIo(work);
    expect(await runCli(['list', '--config', work], io)).toBe(2);
    expect(io.err.join('\n')).toContain(`${work} is a folder, not a config file`);
  });

  it('ingest of an unknown source exits 2, listing the configured ones', async () => {
    const io = captureIo(work);
    expect(await runCli(['ingest', '--source', 'nosuch', '--config', writeConfig('config.json', {})], io)).toBe(2);
    expect(io.err.join('\n')).toContain('unknown source "nosuch"; configured sources: sample');
  });

  it.skipIf(process.getuid?.() !== 0)('a full disk under logs/: the answer is printed, then a named error (disk_full), exit 3', async () => {
    if (mounted === undefined) return expect.soft(mounted, 'tmpfs could not be mounted here').toBeDefined();
    const logDir = path.join(mounted.folder, 'logs');
    mkdirSync(logDir, { recursive: true });
    // Fill the 64 KB file system.
    writeFileSync(path.join(mounted.folder, 'filler'), Buffer.alloc(60 * 1024));
    try {
      writeFileSync(path.join(mounted.folder, 'filler2'), Buffer.alloc(64 * 1024));
    } catch {
      // full
    }
    const io = captureIo(work);
    const code = await runCli(['query', 'What is the monthly fee for a non-professional display device?', '--config', writeConfig('full.json', { logDir })], io);
    expect(io.out.join('\n')).toMatch(/^Q: What is the monthly fee/m);
    expect(io.err.join('\n')).toMatch(/the answer above was not written to the audit log: .*the disk is full: .*ENOSPC/s);
    expect(io.err.join('\n')).toContain('free space on the disk');
    expect(code).toBe(3);
  });

  it.skipIf(process.getuid?.() !== 0)('a read-only file system for the index: ingest fails with filesystem_read_only, exit 3, no stack trace', async () => {
    if (mounted === undefined) return expect.soft(mounted, 'tmpfs could not be mounted here').toBeDefined();
    // An index folder that was writable once, on a disk remounted read-only.
    mkdirSync(path.join(mounted.folder, 'index'), { recursive: true });
    mounted.remountReadOnly();
    const io = captureIo(work);
    const code = await runCli(['ingest', '--source', 'sample', '--config', writeConfig('readonly.json', { indexDir: path.join(mounted.folder, 'index') })], io);
    expect(code).toBe(3);
    const printed = io.err.join('\n');
    expect(printed).toMatch(/the file system is read-only: .*EROFS/);
    expect(printed).toContain('point paths.* in .clausegate.json');
    expect(printed).not.toMatch(/\n\s+at /);
  });
});
