import { describe, expect, it } from 'vitest';
import { chooseBalancedThreshold, fitGateModel, measureGateModel, type GateRow } from './fit-gate-model.ts';

const row = (caseId: string, feature: number, label: number, rulesAnswer: boolean): GateRow => ({ suite: 'demo', caseId, features: [feature], label, rulesAnswer, rescuable: !rulesAnswer });

describe('chooseBalancedThreshold', () => {
  it('weighs both classes alike whatever their mix', () => {
    // Nine answerable at 0.9 and one should-refuse at 0.8, one answerable at 0.3: the cut goes between 0.3 and 0.8 only if balanced accuracy prefers it.
    const scores = [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.3, 0.2];
    const labels = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0];
    const cut = chooseBalancedThreshold(scores, labels);
    expect(cut).toBeGreaterThan(0.2);
    expect(cut).toBeLessThanOrEqual(0.3);
  });
});

describe('fitGateModel', () => {
  it('rescues the rule refusals whose features look answerable and keeps the rules elsewhere', () => {
    const rows = [
      ...Array.from({ length: 6 }, (_, index) => row(`pass-${index}`, 0.9, 1, true)),
      ...Array.from({ length: 4 }, (_, index) => row(`rescue-${index}`, 0.8, 1, false)),
      ...Array.from({ length: 5 }, (_, index) => row(`refuse-${index}`, 0.1, 0, false)),
    ];
    const model = fitGateModel(rows, { regularisation: 0.01 });
    expect(measureGateModel(model, rows)).toEqual({ accuracy: 1, refusalAccuracy: 1, incorrectRefusal: 0 });
  });
});
