import { describe, expect, it } from 'vitest';
import { checkCaseReferences } from './check-case-references.ts';
import type { BaselineCase, PerturbationCase } from './golden-case.ts';
import type { GoldenEntry } from './parse-golden-lines.ts';

function baseline(id: string, line: number, shouldRefuse = false): GoldenEntry<BaselineCase> {
  return {
    value: {
      id,
      question: `Question ${id}?`,
      should_refuse: shouldRefuse,
      evidence: shouldRefuse ? [] : [{ doc: 'a.pdf', page: 1, quote: 'quote' }],
      answer_terms: shouldRefuse ? [] : ['term'],
      category: 'c',
    },
    location: { file: 'baseline.jsonl', line },
  };
}

function perturbation(id: string, baseId: string, line: number, changes: Partial<PerturbationCase> = {}): GoldenEntry<PerturbationCase> {
  return {
    value: { id, base_id: baseId, question: `Perturbed ${id}?`, kind: 'typo', expect: 'same', evidence: [{ doc: 'a.pdf', page: 1, quote: 'quote' }], answer_terms: ['term'], ...changes },
    location: { file: 'perturb.jsonl', line },
  };
}

describe('checkCaseReferences', () => {
  it('finds nothing wrong in a sound suite', () => {
    expect(checkCaseReferences([baseline('a', 1), baseline('r', 2, true)], [perturbation('a-1', 'a', 1), perturbation('r-1', 'r', 2, { expect: 'refuse', evidence: [], answer_terms: [] })])).toEqual([]);
  });

  it('reports duplicate ids within and across files at the later line', () => {
    const problems = checkCaseReferences([baseline('a', 1), baseline('a', 2)], [perturbation('a', 'a', 3)]);
    expect(problems).toEqual([
      { file: 'baseline.jsonl', line: 2, field: 'id', message: 'duplicate id "a" (first used at baseline.jsonl:1)' },
      { file: 'perturb.jsonl', line: 3, field: 'id', message: 'duplicate id "a" (first used at baseline.jsonl:1)' },
    ]);
  });

  it('reports a perturbation without its base, including one pointing at another perturbation', () => {
    const problems = checkCaseReferences([baseline('a', 1)], [perturbation('a-1', 'a', 1), perturbation('a-2', 'a-1', 2), perturbation('z-1', 'z', 3)]);
    expect(problems.map((problem) => [problem.line, problem.field, problem.message])).toEqual([
      [2, 'base_id', 'base case "a-1" is not in the baseline file'],
      [3, 'base_id', 'base case "z" is not in the baseline file'],
    ]);
  });

  it("reports expect 'same' on a should-refuse base and a question left unchanged", () => {
    const problems = checkCaseReferences([baseline('r', 1, true), baseline('a', 2)], [perturbation('r-1', 'r', 1), perturbation('a-1', 'a', 2, { question: ' Question  a? ' })]);
    expect(problems.map((problem) => [problem.line, problem.field])).toEqual([
      [1, 'expect'],
      [2, 'question'],
    ]);
  });
});
