import { describe, expect, it } from 'vitest';
import type { PerturbationCase } from '../golden/golden-case.ts';
import { checkPerturbationQuotas } from './check-perturbation-quotas.ts';
import type { GeneratedKind } from './generate-perturbations.ts';

function variants(kind: GeneratedKind, count: number): PerturbationCase[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `case-${index}.${kind}-1`,
    base_id: `case-${index}`,
    question: 'Q?',
    kind,
    expect: kind === 'distractor_flip' ? 'refuse' : 'same',
    evidence: [],
    answer_terms: [],
  }));
}

describe('checkPerturbationQuotas', () => {
  it('counts per kind and passes a set that meets every quota', () => {
    const set = [...variants('typo', 25), ...variants('casing_punct', 25), ...variants('filler_prefix', 25), ...variants('synonym', 25), ...variants('word_order', 20), ...variants('abbreviation', 10), ...variants('distractor_flip', 30)];
    const summary = checkPerturbationQuotas(set);
    expect(summary).toMatchObject({ total: 160, flipShare: 30 / 160, expectRefuse: 30, baseCases: 30, problems: [] });
    expect(summary.byKind).toEqual({ typo: 25, casing_punct: 25, filler_prefix: 25, synonym: 25, word_order: 20, abbreviation: 10, distractor_flip: 30 });
  });

  it('names every quota missed', () => {
    const summary = checkPerturbationQuotas([...variants('typo', 60), ...variants('casing_punct', 30), ...variants('distractor_flip', 10)]);
    expect(summary.problems).toEqual([
      '100 perturbations, fewer than the 150 required; raise --per-case or add baseline cases',
      'distractor flips are 10.0% of the perturbations, below 15.0%; add baseline questions that name an exchange, product or year',
      'typo is 60.0% of the perturbations, above 35.0%',
      '0 filler_prefix variants, fewer than 5',
      '0 synonym variants, fewer than 5',
      '0 word_order variants, fewer than 5',
      '0 abbreviation variants, fewer than 5',
    ]);
    expect(checkPerturbationQuotas([]).flipShare).toBe(0);
  });
});
