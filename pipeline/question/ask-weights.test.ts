import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectWeightsError as expectWeightsErrorOf } from '../testing/expect-weights-error.ts';
import { combineAskReadings, DEFAULT_ASK_WEIGHTS_FILE, LEARNED_ASK_KINDS, loadAskWeights, predictAskKind, wordFeatures } from './ask-weights.ts';
import { detectAsk, readAsk, readAskByRules } from './read-question-ask.ts';
import { lexiconOf } from './read-source-lexicon.ts';

describe('ask weights', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'clausegate-ask-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const expectWeightsError = (file: string, message: RegExp) => expectWeightsErrorOf(loadAskWeights, file, message, 'harness tune --model ask');


  it('reads the shipped file: one model per learned kind over English and function words, with its held-back folds', () => {
    const weights = loadAskWeights(DEFAULT_ASK_WEIGHTS_FILE);
    expect(weights.models.map((model) => model.kind)).toEqual([...LEARNED_ASK_KINDS]);
    for (const model of weights.models) expect(model.weights).toHaveLength(model.features.length);
    expect(weights.training.folds.length).toBeGreaterThanOrEqual(2);
    expect(weights.threshold).toBeGreaterThan(0);
    expect(weights.threshold).toBeLessThanOrEqual(1);
    expect(weights.overrideThreshold).toBeGreaterThanOrEqual(weights.threshold);
  });

  it('refuses a missing, non-JSON or mis-shaped file, naming it and the command that writes it', () => {
    expectWeightsError(path.join(work, 'absent.json'), /cannot be read/);
    const corrupt = path.join(work, 'corrupt.json');
    writeFileSync(corrupt, '{"schemaVersion": 1,');
    expectWeightsError(corrupt, /not valid JSON/);
    const shaped = path.join(work, 'shaped.json');
    writeFileSync(shaped, JSON.stringify({ schemaVersion: 1, kind: 'clausegate-ask-weights', version: 'a1-x', threshold: 0.5, overrideThreshold: 0.75, models: [] }));
    expectWeightsError(shaped, /invalid at models/);
  });

  it('reads words and adjacent word pairs', () => {
    expect([...wordFeatures('How quickly must invoices be paid?')]).toEqual(['how', 'quickly', 'must', 'invoices', 'be', 'paid', 'how_quickly', 'quickly_must', 'must_invoices', 'invoices_be', 'be_paid']);
  });

  it('predicts with each kind\'s regression and keeps the likeliest', () => {
    const weights = loadAskWeights(DEFAULT_ASK_WEIGHTS_FILE);
    const tuned = {
      ...weights,
      models: weights.models.map((model) => ({ ...model, features: ['quickly'], mean: [0], scale: [1], weights: [model.kind === 'duration' ? 4 : -4], bias: 0 })),
    };
    expect(predictAskKind(tuned, 'how quickly must invoices be paid')).toEqual({ kind: 'duration', probability: 1 / (1 + Math.exp(-4)) });
    expect(predictAskKind(tuned, 'who may assign the licence').probability).toBeCloseTo(0.5);
  });
});

describe('combineAskReadings', () => {
  const thresholds = { threshold: 0.5, overrideThreshold: 0.75 };
  it('takes the learned kind where the rules read none, replaces a learned kind they read only at the override probability, and keeps the rest', () => {
    expect(combineAskReadings('none', { kind: 'duration', probability: 0.6 }, thresholds)).toBe('duration');
    expect(combineAskReadings('none', { kind: 'duration', probability: 0.4 }, thresholds)).toBe('none');
    expect(combineAskReadings('amount', { kind: 'percentage', probability: 0.7 }, thresholds)).toBe('amount');
    expect(combineAskReadings('amount', { kind: 'percentage', probability: 0.8 }, thresholds)).toBe('percentage');
    expect(combineAskReadings('frequency', { kind: 'duration', probability: 0.99 }, thresholds)).toBe('frequency');
  });
});

describe('detectAsk', () => {
  const lexicon = lexiconOf({});
  it('lets the learned reading replace a value the rules read only at its override probability', () => {
    // `rate` heads the phrase (an amount by the rules); the learned reading hears a percentage.
    const question = 'what royalty rate does the distributor keep on net revenue';
    expect(readAskByRules(question, lexicon)).toBe('amount');
    const weights = loadAskWeights();
    const predicted = predictAskKind(weights, question);
    expect(predicted.kind).toBe('percentage');
    expect(detectAsk(question, lexicon)).toBe(predicted.probability >= weights.overrideThreshold ? 'percentage' : 'amount');
    expect(predicted.probability).toBeGreaterThanOrEqual(weights.overrideThreshold);
  });

  it('keeps what the wording rules read, and asks the learned reading only when they read none', () => {
    expect(detectAsk('how long is the initial term', lexicon)).toBe('duration');
    expect(readAskByRules('how soon after notice can the licensor terminate', lexicon)).toBe('none');
    const weights = loadAskWeights();
    const predicted = predictAskKind(weights, 'how soon after notice can the licensor terminate');
    expect(detectAsk('how soon after notice can the licensor terminate', lexicon)).toBe(predicted.probability >= weights.threshold ? predicted.kind : 'none');
  });
});

describe('readAsk', () => {
  const lexicon = lexiconOf({});
  it('asks a share too when the learned reading hears a percentage at its threshold, below its override', () => {
    const weights = loadAskWeights();
    for (const question of ['what royalty does the publisher pay', 'what can be charged on unpaid invoices', 'what fee does the publisher pay per copy']) {
      const predicted = predictAskKind(weights, question);
      const hearsShare = predicted.kind === 'percentage' && predicted.probability >= weights.threshold && predicted.probability < weights.overrideThreshold;
      expect(readAsk(question, lexicon)).toEqual({ ask: detectAsk(question, lexicon), shareToo: readAskByRules(question, lexicon) === 'amount' && hearsShare });
    }
    // `royalty … pay` reads an amount by its rules and is heard as a share; a fee per copy is not.
    expect(readAsk('what royalty does the publisher pay', lexicon)).toEqual({ ask: 'amount', shareToo: true });
    expect(readAsk('what fee does the publisher pay per copy', lexicon)).toEqual({ ask: 'amount', shareToo: false });
  });
});
