import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneRuns } from './prune-runs.ts';

let reportDir: string;
beforeEach(() => {
  reportDir = mkdtempSync(path.join(tmpdir(), 'clausegate-prune-'));
});
afterEach(() => rmSync(reportDir, { recursive: true, force: true }));

function finishedRun(name: string, secondsAgo: number): void {
  mkdirSync(path.join(reportDir, name));
  const file = path.join(reportDir, name, 'report.json');
  writeFileSync(file, '{}');
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, time, time);
}

describe('pruneRuns', () => {
  it('keeps the newest finished runs, and never the baselines or an unfinished run', async () => {
    finishedRun('cme-old', 300);
    finishedRun('cme-middle', 200);
    finishedRun('cme-new', 100);
    mkdirSync(path.join(reportDir, 'unfinished'));
    writeFileSync(path.join(reportDir, 'unfinished', 'run.json'), '{}');
    mkdirSync(path.join(reportDir, 'baseline'));
    writeFileSync(path.join(reportDir, 'baseline', 'report.json'), '{}');

    const pruned = await pruneRuns(reportDir, 2);
    expect(pruned.deleted.map((folder) => path.basename(folder))).toEqual(['cme-old']);
    expect(pruned.kept.map((folder) => path.basename(folder))).toEqual(['cme-new', 'cme-middle']);
    expect(existsSync(path.join(reportDir, 'cme-old'))).toBe(false);
    for (const name of ['cme-middle', 'cme-new', 'unfinished', 'baseline']) expect(existsSync(path.join(reportDir, name)), name).toBe(true);

    expect((await pruneRuns(reportDir, 2)).deleted).toEqual([]);
    await expect(pruneRuns(reportDir, 0)).rejects.toThrow('--keep 0 is not a positive whole number');
  });
});
