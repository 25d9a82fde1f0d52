import { describe, expect, it } from 'vitest';
import { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { applySettings, isReplayableSetting, parseSetting } from './apply-settings.ts';

const config = ClausegateConfig.parse({});

describe('parseSetting', () => {
  it('reads the value as JSON, else as text', () => {
    expect(parseSetting('gate.relevanceThreshold=3')).toEqual({ path: 'gate.relevanceThreshold', value: 3 });
    expect(parseSetting(' gate.coverageCheck = false ')).toEqual({ path: 'gate.coverageCheck', value: false });
    expect(parseSetting('provider=openai')).toEqual({ path: 'provider', value: 'openai' });
    expect(() => parseSetting('gate.relevanceThreshold')).toThrow(/is not path=value/);
    expect(() => parseSetting('=3')).toThrow(/is not path=value/);
  });
});

describe('applySettings', () => {
  it('changes only the named settings and validates the result', () => {
    const { config: changed, applied } = applySettings(config, [parseSetting('gate.relevanceThreshold=3'), parseSetting('budget.maxChunks=4')], 'openai');
    expect(changed.gate.relevanceThreshold).toBe(3);
    expect(changed.budget.maxChunks).toBe(4);
    expect(config.gate.relevanceThreshold).toBe(2);
    expect(applied).toEqual([
      { requested: 'gate.relevanceThreshold', path: 'gate.relevanceThreshold', before: 2, after: 3 },
      { requested: 'budget.maxChunks', path: 'budget.maxChunks', before: 6, after: 4 },
    ]);
  });

  it("applies a similarity floor to the embedder's own floor when it has one, and says so", () => {
    const offline = applySettings(config, [parseSetting('retrieval.minSimilarity=0.25')], 'offline-hashed-ngram');
    expect(offline.config.retrieval.floorsByEmbedder['offline-hashed-ngram']!.minSimilarity).toBe(0.25);
    expect(offline.config.retrieval.minSimilarity).toBe(0.2);
    expect(offline.applied[0]).toMatchObject({ path: 'retrieval.floorsByEmbedder.offline-hashed-ngram.minSimilarity', before: 0.1, after: 0.25 });
    expect(offline.applied[0]!.note).toContain('reads its own floor');
    const openai = applySettings(config, [parseSetting('retrieval.minSimilarity=0.25')], 'openai');
    expect(openai.config.retrieval.minSimilarity).toBe(0.25);
    expect(openai.applied[0]!.note).toBeUndefined();
  });

  it('refuses settings upstream of the stored scores, and values the config rejects', () => {
    for (const path of ['retrieval.vectorK', 'retrieval.expansions', 'chunking.maxTokens', 'provider', 'openai.chatModel', 'rerank.enabled']) expect(isReplayableSetting(path), path).toBe(false);
    expect(() => applySettings(config, [parseSetting('retrieval.candidatePool=20')], 'openai')).toThrow(expect.objectContaining({ code: 'input_invalid' }));
    expect(() => applySettings(config, [parseSetting('gate.relevanceThreshold=4')], 'openai')).toThrow(expect.objectContaining({ code: 'config_invalid' }));
    expect(() => applySettings(config, [parseSetting('retrieval.minSimilarity=0.05')], 'offline-hashed-ngram')).toThrow(/fallbackMinSimilarity/);
  });
});
