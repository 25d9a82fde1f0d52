import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectWeightsError as expectWeightsErrorOf } from '../testing/expect-weights-error.ts';
import { DEFAULT_RERANK_WEIGHTS_FILE, loadRerankWeights } from '../rerank/rerank-weights.ts';
import { createLearnedReranker } from './learned-reranker.ts';
import { describeRerankerContract } from './reranker.contract.ts';

describeRerankerContract('offline-learned (shipped weights)', () => ({ reranker: createLearnedReranker(loadRerankWeights()) }));

describe('loadRerankWeights', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'clausegate-weights-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const expectWeightsError = (file: string, message: RegExp) => expectWeightsErrorOf(loadRerankWeights, file, message, 'harness tune');


  it('reads the shipped file, fitted on the features this pipeline measures', () => {
    const weights = loadRerankWeights(DEFAULT_RERANK_WEIGHTS_FILE);
    expect(weights.weights).toHaveLength(weights.features.length);
    expect(weights.training.folds.length).toBeGreaterThan(1);
  });

  it('names the file and harness tune for a missing file', () => {
    expectWeightsError(path.join(work, 'missing.json'), /cannot be read \(ENOENT\)/);
  });

  it('names the file and harness tune for a corrupt file', () => {
    const file = path.join(work, 'corrupt.json');
    writeFileSync(file, '{"schemaVersion": 1, "kind": ');
    expectWeightsError(file, /not valid JSON/);
  });

  it('refuses weights fitted on other features', () => {
    const file = path.join(work, 'other-features.json');
    const weights = JSON.parse(readFileSync(DEFAULT_RERANK_WEIGHTS_FILE, 'utf8')) as { features: string[] };
    weights.features = [...weights.features.slice(1), 'somethingElse'];
    writeFileSync(file, JSON.stringify(weights));
    expectWeightsError(file, /other features/);
  });

  it('refuses a file whose vectors do not match its features', () => {
    const file = path.join(work, 'short.json');
    const weights = JSON.parse(readFileSync(DEFAULT_RERANK_WEIGHTS_FILE, 'utf8')) as { weights: number[] };
    weights.weights = weights.weights.slice(1);
    writeFileSync(file, JSON.stringify(weights));
    expectWeightsError(file, /invalid at weights/);
  });
});
