import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClausegateError } from '../../pipeline/errors.ts';
import { listIndexedSources, resolveSource, type ResolveSourceInput } from './resolve-source.ts';

describe('resolveSource', () => {
  let indexDir: string;
  const sources = { sample: { refusal: 'r' }, cme: { refusal: 'r' }, cuad: { refusal: 'r' } } as unknown as ResolveSourceInput['config']['sources'];

  beforeEach(() => {
    indexDir = mkdtempSync(path.join(tmpdir(), 'clausegate-resolve-source-'));
  });
  afterEach(() => rmSync(indexDir, { recursive: true, force: true }));

  function publish(source: string): void {
    mkdirSync(path.join(indexDir, source), { recursive: true });
    writeFileSync(path.join(indexDir, source, 'CURRENT'), '{"schemaVersion":1,"indexVersion":"v20261126T000000Z"}\n');
  }
  const config = (defaultSource?: string): ResolveSourceInput['config'] =>
    ({ sources, paths: { indexDir }, ...(defaultSource === undefined ? {} : { defaultSource }) }) as ResolveSourceInput['config'];

  it('uses --source when given, whatever is indexed', () => {
    publish('sample');
    publish('cme');
    expect(resolveSource({ requested: 'cuad', config: config(), among: 'indexed' })).toBe('cuad');
  });

  it('uses the one indexed source; a folder without a published version does not count', () => {
    publish('cme');
    mkdirSync(path.join(indexDir, 'cuad')); // an ingest that never published
    expect(listIndexedSources(indexDir)).toEqual(['cme']);
    expect(resolveSource({ requested: undefined, config: config(), among: 'indexed' })).toBe('cme');
  });

  it('requires --source (source_required, exit 2) listing the indexed sources when several are indexed', () => {
    publish('sample');
    publish('cme');
    let thrown: unknown;
    try {
      resolveSource({ requested: undefined, config: config(), among: 'indexed' });
    } catch (error) {
      thrown = error;
    }
    expect(isClausegateError(thrown, 'source_required')).toBe(true);
    expect((thrown as Error).message).toContain('(cme, sample)');
    expect(resolveSource({ requested: undefined, config: config('sample'), among: 'indexed' })).toBe('sample');
  });

  it('says how to build an index when none is published', () => {
    expect(() => resolveSource({ requested: undefined, config: config(), among: 'indexed' })).toThrow(/no source is indexed/);
  });

  it('ingest chooses among configured sources: the only one, the default, else --source is required', () => {
    expect(() => resolveSource({ requested: undefined, config: config(), among: 'configured' })).toThrow(/3 sources are configured \(cme, cuad, sample\)/);
    expect(resolveSource({ requested: undefined, config: config('cuad'), among: 'configured' })).toBe('cuad');
    const single = { ...config(), sources: { sample: sources.sample } } as ResolveSourceInput['config'];
    expect(resolveSource({ requested: undefined, config: single, among: 'configured' })).toBe('sample');
  });
});
