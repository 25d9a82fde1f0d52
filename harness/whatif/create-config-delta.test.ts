import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../pipeline/config/index.ts';
import { digestConfig } from '../run/index.ts';
import { applySettings } from './apply-settings.ts';
import { createConfigDelta } from './create-config-delta.ts';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'clausegate-delta-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function deltaFor(settings: { path: string; value: unknown }[], embedder = 'none') {
  const loaded = loadConfig({ cwd: work });
  const { config, applied } = applySettings(loaded.config, settings, embedder);
  const outputFile = path.join(work, 'out', 'candidate.json');
  const delta = createConfigDelta({ applied, target: config, configFile: loaded.file, outputFile, load: (extra) => loadConfig({ cwd: work, overrides: extra }).config });
  return { delta, config };
}

describe('createConfigDelta', () => {
  it('writes only the changed settings over the run config, and loading the file gives the what-if config', () => {
    writeFileSync(path.join(work, '.clausegate.json'), JSON.stringify({ gate: { relevanceThreshold: 2 }, rerank: { keepMax: 6 } }));
    const { delta, config } = deltaFor([
      { path: 'gate.relevanceThreshold', value: 3 },
      { path: 'budget.maxChunks', value: 4 },
    ]);
    expect(delta).toEqual({ extends: '../.clausegate.json', gate: { relevanceThreshold: 3 }, budget: { maxChunks: 4 } });

    writeFileSync(path.join(work, 'candidate.json'), JSON.stringify({ ...delta, extends: './.clausegate.json' }));
    const reloaded = loadConfig({ cwd: work, file: 'candidate.json' });
    expect(reloaded.config.rerank.keepMax).toBe(6);
    expect(digestConfig(reloaded.config)).toBe(digestConfig(config));
  });

  it("writes a whole map the config file leaves to its default (an embedder's floors), since part of it would replace it", () => {
    writeFileSync(path.join(work, '.clausegate.json'), JSON.stringify({ gate: { relevanceThreshold: 2 } }));
    const defaults = loadConfig({ cwd: work }).config.retrieval.floorsByEmbedder;
    const embedder = Object.keys(defaults)[0]!;
    const { delta } = deltaFor([{ path: 'retrieval.minSimilarity', value: 0.3 }], embedder);
    const floors = (delta.retrieval as { floorsByEmbedder: Record<string, { minSimilarity: number }> }).floorsByEmbedder;
    expect(Object.keys(floors).sort()).toEqual(Object.keys(defaults).sort());
    expect(floors[embedder]!.minSimilarity).toBe(0.3);
  });

  it('a config that extends itself or a missing file is a named config error', () => {
    writeFileSync(path.join(work, 'a.json'), JSON.stringify({ extends: 'b.json' }));
    writeFileSync(path.join(work, 'b.json'), JSON.stringify({ extends: './a.json' }));
    expect(() => loadConfig({ cwd: work, file: 'a.json' })).toThrow(/extends itself through .*a\.json → .*b\.json → .*a\.json/);
    writeFileSync(path.join(work, 'c.json'), JSON.stringify({ extends: 'missing.json' }));
    expect(() => loadConfig({ cwd: work, file: 'c.json' })).toThrow(/extends .*missing\.json, which does not exist/);
  });
});
