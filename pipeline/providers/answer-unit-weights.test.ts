import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectWeightsError as expectWeightsErrorOf } from '../testing/expect-weights-error.ts';
import { DEFAULT_ANSWER_UNIT_WEIGHTS_FILE, loadAnswerUnitWeights, scoreAnswerUnit } from './answer-unit-weights.ts';
import type { AnswerUnitWeights } from './answer-unit-weights.ts';
import { createExtractiveGenerator } from './extractive-generator.ts';
import type { GenerationEvidence, GenerationRequest } from './generator.ts';
import { ANSWER_UNIT_FEATURES } from './measure-answer-units.ts';

describe('answer-unit weights', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'clausegate-units-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const expectWeightsError = (file: string, message: RegExp) => expectWeightsErrorOf(loadAnswerUnitWeights, file, message, 'harness tune --model answer');


  it('reads the shipped file, fitted on the features the generator measures, with its held-back folds', () => {
    const weights = loadAnswerUnitWeights(DEFAULT_ANSWER_UNIT_WEIGHTS_FILE);
    expect(weights.features).toEqual([...ANSWER_UNIT_FEATURES]);
    expect(weights.training.folds.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a missing, non-JSON or other-featured file, naming it and the command that writes it', () => {
    expectWeightsError(path.join(work, 'absent.json'), /cannot be read/);
    const corrupt = path.join(work, 'corrupt.json');
    writeFileSync(corrupt, '{"kind": "clausegate-answer-unit');
    expectWeightsError(corrupt, /not valid JSON/);
    const shipped = JSON.parse(readFileSync(DEFAULT_ANSWER_UNIT_WEIGHTS_FILE, 'utf8')) as AnswerUnitWeights;
    const other = path.join(work, 'other.json');
    writeFileSync(other, JSON.stringify({ ...shipped, features: ['rank'], mean: [0], scale: [1], weights: [1] }));
    expectWeightsError(other, /fitted on other features/);
  });

  it('scores a unit by its standardised features', () => {
    expect(scoreAnswerUnit({ mean: [0, 1], scale: [1, 2], weights: [2, -1] }, [3, 5])).toBe(6 - 2);
  });
});

describe('the extractive generator with learned unit weights', () => {
  const evidence: GenerationEvidence = {
    anchor: 'C0',
    chunkId: 'item',
    doc: 'hosting-agreement.pdf',
    page: 4,
    sectionHeading: 'Fees and invoices',
    text: 'The client pays the hosting fees monthly.\nThe client pays the hosting fees within fifteen (15) days of each invoice.',
  };
  const request: GenerationRequest = { prompt: 'p', promptSha256: 'sha', question: 'How does the client pay the hosting fees?', evidence: [evidence], refusal: 'Not in the documents.', maxSentences: 1 };
  // Invented weights that value only a stated duration (`holdsDuration`).
  const durationFirst: AnswerUnitWeights = {
    ...loadAnswerUnitWeights(),
    version: 'u1-test',
    mean: ANSWER_UNIT_FEATURES.map(() => 0),
    scale: ANSWER_UNIT_FEATURES.map(() => 1),
    weights: ANSWER_UNIT_FEATURES.map((name) => (name === 'holdsDuration' ? 5 : 0)),
  };

  it('states first the unit the ranker scores highest, and names the weights in its model', async () => {
    // Two sentences the rules rank alike: they state the first; the invented ranker, the one with a duration.
    const ruled = await createExtractiveGenerator().generate(request);
    expect(ruled.output.kind === 'answer' ? ruled.output.sentences[0]!.text : ruled.output.text).toBe('The client pays the hosting fees monthly.');
    const generator = createExtractiveGenerator({}, durationFirst);
    expect(generator.info.model).toBe('extractive-v1+u1-test');
    const { output } = await generator.generate(request);
    expect(output.kind === 'answer' ? output.sentences[0]!.text : output.text).toBe('The client pays the hosting fees within fifteen (15) days of each invoice.');
  });

  it('reorders only the units the rules rank near the best', async () => {
    // The sentence with a duration ranks 0.7 of the best (below 0.85): the ranker preferring it changes nothing.
    const far = { ...request, question: 'How is the client billed for support and hosting fees?', evidence: [{ ...evidence, text: 'The client pays the hosting fees within fifteen (15) days of each invoice.\nThe client is billed monthly for support.' }] };
    const [ruled, learned] = await Promise.all([createExtractiveGenerator().generate(far), createExtractiveGenerator({}, durationFirst).generate(far)]);
    expect(ruled.output.kind === 'answer' ? ruled.output.sentences[0]!.text : '').toBe('The client is billed monthly for support.');
    expect(learned.output).toEqual(ruled.output);
  });

  it('keeps the rules\' order where the ranker scores units alike', async () => {
    const flat = { ...durationFirst, weights: ANSWER_UNIT_FEATURES.map(() => 0) };
    const [ruled, learned] = await Promise.all([createExtractiveGenerator().generate(request), createExtractiveGenerator({}, flat).generate(request)]);
    expect(learned.output).toEqual(ruled.output);
  });
});
