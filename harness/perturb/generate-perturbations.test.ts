import { afterAll, describe, expect, it } from 'vitest';
import { checkCaseReferences } from '../golden/check-case-references.ts';
import { PerturbationCase } from '../golden/golden-case.ts';
import { checkPerturbationQuotas } from './check-perturbation-quotas.ts';
import { formatPerturbationLines } from './format-perturbation-lines.ts';
import { generatePerturbations, SURFACE_KINDS } from './generate-perturbations.ts';
import { loadWordNet } from './load-wordnet.ts';
import { SYNTHETIC_SUITE } from './synthetic-suite.fixture.ts';

const wordNet = loadWordNet();
afterAll(() => wordNet.close());

describe('generatePerturbations', () => {
  it('is deterministic: the same seed gives the same bytes, another seed other variants', () => {
    const first = formatPerturbationLines(generatePerturbations(SYNTHETIC_SUITE, { seed: 1, wordNet }));
    const again = formatPerturbationLines(generatePerturbations(SYNTHETIC_SUITE, { seed: 1, wordNet: loadWordNet() }));
    const other = formatPerturbationLines(generatePerturbations(SYNTHETIC_SUITE, { seed: 2, wordNet }));
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('meets the quotas on a suite of sixty cases, spread across the kinds', () => {
    const perturbations = generatePerturbations(SYNTHETIC_SUITE, { seed: 1, wordNet });
    const summary = checkPerturbationQuotas(perturbations);
    expect(summary.problems).toEqual([]);
    expect(summary.total).toBeGreaterThanOrEqual(150);
    expect(summary.flipShare).toBeGreaterThanOrEqual(0.15);
    for (const count of Object.values(summary.byKind)) expect(count).toBeGreaterThanOrEqual(5);
    expect(summary.baseCases).toBe(SYNTHETIC_SUITE.length);
  });

  it('writes lines the golden schema accepts, that check out against their base cases', () => {
    const perturbations = generatePerturbations(SYNTHETIC_SUITE, { seed: 3, wordNet });
    const text = formatPerturbationLines(perturbations);
    const parsed = text.trimEnd().split('\n').map((line) => PerturbationCase.parse(JSON.parse(line)));
    expect(parsed).toEqual(perturbations);
    const problems = checkCaseReferences(
      SYNTHETIC_SUITE.map((value, index) => ({ value, location: { file: 'baseline.jsonl', line: index + 1 } })),
      parsed.map((value, index) => ({ value, location: { file: 'perturb.jsonl', line: index + 1 } })),
    );
    expect(problems).toEqual([]);
  });

  it('gives should-refuse cases only surface variants expecting refusal, flips expect refusal, the rest repeat the evidence', () => {
    const bases = new Map(SYNTHETIC_SUITE.map((base) => [base.id, base]));
    for (const perturbation of generatePerturbations(SYNTHETIC_SUITE, { seed: 4, wordNet, perCase: 5 })) {
      const base = bases.get(perturbation.base_id)!;
      expect(perturbation.id.startsWith(`${base.id}.${perturbation.kind}-`)).toBe(true);
      expect(perturbation.id.slice(base.id.length)).toMatch(/^\.[a-z_]+-\d$/u);
      expect(perturbation.question).not.toBe(base.question);
      if (base.should_refuse) {
        expect(SURFACE_KINDS).toContain(perturbation.kind);
        expect(perturbation.expect).toBe('refuse');
      } else if (perturbation.kind === 'distractor_flip') {
        expect(perturbation).toMatchObject({ expect: 'refuse', evidence: [], answer_terms: [] });
      } else {
        expect(perturbation).toMatchObject({ expect: 'same', evidence: base.evidence, answer_terms: base.answer_terms });
      }
      expect(perturbation.notes).toBeTruthy();
    }
  });

  it('controls density with perCase and never repeats a question within a case', () => {
    for (const perCase of [1, 2, 5, 8]) {
      const perturbations = generatePerturbations(SYNTHETIC_SUITE, { seed: 1, perCase, wordNet });
      const byBase = new Map<string, typeof perturbations>();
      for (const perturbation of perturbations) byBase.set(perturbation.base_id, [...(byBase.get(perturbation.base_id) ?? []), perturbation]);
      for (const variants of byBase.values()) {
        expect(variants.length).toBeLessThanOrEqual(perCase);
        expect(new Set(variants.map((variant) => variant.question)).size).toBe(variants.length);
      }
      expect(perturbations.length).toBeGreaterThanOrEqual(Math.min(perCase, 3) * SYNTHETIC_SUITE.length * 0.9);
    }
  });

  it('skips a kind that does not apply instead of writing a no-op', () => {
    const base = { id: 'short', question: 'Why?', should_refuse: false, evidence: [{ doc: 'a.pdf', page: 1, quote: 'q' }], answer_terms: ['x'], category: 'c' };
    const perturbations = generatePerturbations([base], { seed: 1, perCase: 7 });
    expect(perturbations.map((perturbation) => perturbation.kind)).not.toContain('typo');
    expect(perturbations.map((perturbation) => perturbation.kind)).not.toContain('distractor_flip');
    for (const perturbation of perturbations) expect(perturbation.question.trim()).not.toBe('Why?');
  });
});
