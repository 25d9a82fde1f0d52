import { describe, expect, it } from 'vitest';
import { fitLogisticRegression, predictProbability } from './fit-logistic-regression.ts';

describe('fitLogisticRegression', () => {
  it('learns a separable rule from its feature, ignoring a noise feature', () => {
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let index = 0; index < 200; index += 1) {
      const signal = (index % 10) / 10;
      const noise = ((index * 7919) % 13) / 13;
      rows.push([signal, noise]);
      labels.push(signal >= 0.5 ? 1 : 0);
    }
    const model = fitLogisticRegression(rows, labels, { regularisation: 0.001, iterations: 800 });
    expect(model.weights[0]).toBeGreaterThan(2);
    expect(Math.abs(model.weights[1]!)).toBeLessThan(0.5);
    expect(predictProbability(model, [0.9, 0.5])).toBeGreaterThan(0.9);
    expect(predictProbability(model, [0.1, 0.5])).toBeLessThan(0.1);
  });

  it('is deterministic and keeps a constant feature harmless', () => {
    const rows = [[1, 0], [1, 1], [1, 0], [1, 1]];
    const labels = [0, 1, 0, 1];
    const first = fitLogisticRegression(rows, labels);
    const second = fitLogisticRegression(rows, labels);
    expect(second).toEqual(first);
    expect(first.scale[0]).toBe(1);
    expect(Number.isFinite(first.weights[0])).toBe(true);
  });

  it('refuses an empty training set', () => {
    expect(() => fitLogisticRegression([], [])).toThrow(/at least one row/);
  });
});
