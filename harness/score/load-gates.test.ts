import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGates } from './load-gates.ts';

const CONTRACT = fileURLToPath(new URL('../../golden/gates.json', import.meta.url));

describe('loadGates', () => {
  it('loads the frozen QA contract with its content hash', async () => {
    const loaded = await loadGates(CONTRACT);
    const bytes = await readFile(CONTRACT);
    expect(loaded.contentHash).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    expect(loaded.gates.version).toBe('qa-contract-2');
    expect(loaded.gates.gates.map((gate) => `${gate.id}: ${gate.metric}(${gate.population}) ${gate.comparison} ${gate.threshold}`)).toEqual([
      'baseline_pass_rate: pass_rate(baseline) >= 0.95',
      'perturb_pass_rate: pass_rate(perturb) >= 0.9',
      'baseline_answer_precision: answer_precision(baseline) >= 0.95',
      'perturb_answer_precision: answer_precision(perturb) >= 0.9',
      'baseline_hallucination_rate: hallucination_rate(baseline) == 0',
      'perturb_hallucination_rate: hallucination_rate(perturb) == 0',
      'fallback_used_rate: fallback_used_rate(all) <= 0.15',
      'baseline_incorrect_refusal_rate: incorrect_refusal_rate(baseline) <= 0.02',
      'perturb_incorrect_refusal_rate: incorrect_refusal_rate(perturb) <= 0.02',
      'baseline_evidence_recall: evidence_recall(baseline) >= 0.9',
      'baseline_refusal_accuracy: refusal_accuracy(baseline) == 1',
      'attribution_coverage: attribution_coverage(all) >= 0.9',
      'errors: error_rate(all) == 0',
    ]);
    expect(loaded.gates.gates.find((gate) => gate.id === 'fallback_used_rate')?.message).toBe(
      'Fallback retrieval triggered too often; check embeddings/index changes or similarity calibration.',
    );
  });

  it('rejects a missing file, bad JSON, unknown metrics and duplicate ids with golden_invalid', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'clausegate-gates-'));
    try {
      const file = path.join(directory, 'gates.json');
      await expect(loadGates(file)).rejects.toMatchObject({ code: 'golden_invalid' });
      await writeFile(file, '{ "schemaVersion": 1,');
      await expect(loadGates(file)).rejects.toThrow(/not valid JSON/);
      const gate = { id: 'g', metric: 'pass_rate', population: 'baseline', comparison: '>=', threshold: 0.9 };
      await writeFile(file, JSON.stringify({ schemaVersion: 1, version: 'v', gates: [gate, { ...gate, metric: 'speed' }] }));
      await expect(loadGates(file)).rejects.toThrow(/gates\.1\.metric/);
      await writeFile(file, JSON.stringify({ schemaVersion: 1, version: 'v', gates: [gate, gate] }));
      await expect(loadGates(file)).rejects.toThrow(/gates\.1\.id: duplicate gate id "g"/);
      await writeFile(file, JSON.stringify({ schemaVersion: 1, version: 'v', gates: [{ ...gate, metric: 'perturbation_invariance' }] }));
      await expect(loadGates(file)).rejects.toThrow(/gates\.0\.population/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
