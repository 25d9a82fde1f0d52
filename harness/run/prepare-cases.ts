import type { GoldenLocation, LoadedSuite } from '../golden/index.ts';
import type { LocatedEvidence } from '../report/case-result.ts';
import { createExpectedCase } from '../score/index.ts';
import type { ExpectedCase } from '../score/index.ts';
import type { SuiteCheck } from './check-suite.ts';

/** One case ready to run: the question, where it is written, and what scoring expects. */
export interface SuiteCase {
  id: string;
  kind: 'baseline' | 'perturbation';
  baseId?: string;
  perturbationKind?: string;
  expect?: 'same' | 'refuse';
  /** The case's category; a perturbation takes its base case's (`uncategorised` when the base is missing). */
  category: string;
  question: string;
  location: GoldenLocation;
  /** The expected quotes as written and located. */
  evidence: LocatedEvidence[];
  expected: ExpectedCase;
}

/**
 * Turns a checked suite into runnable cases, baseline first, each file in line order; the
 * perturbations only when `perturb` is set. Call it only for a suite without problems.
 */
export function prepareCases(suite: LoadedSuite, check: SuiteCheck, options: { perturb: boolean }): SuiteCase[] {
  const refusal = suite.settings.refusal;
  const categories = new Map(suite.baseline.map((entry) => [entry.value.id, entry.value.category]));
  const cases: SuiteCase[] = [];
  for (const { value, location } of suite.baseline) {
    const evidence = check.evidence.get(value.id) ?? [];
    cases.push({
      id: value.id,
      kind: 'baseline',
      category: value.category,
      question: value.question,
      location,
      evidence,
      expected: createExpectedCase(value, { evidence: evidence.map(toSpan), refusal, docAliases: check.aliases }),
    });
  }
  if (!options.perturb) return cases;
  for (const { value, location } of suite.perturbations) {
    const evidence = check.evidence.get(value.id) ?? [];
    cases.push({
      id: value.id,
      kind: 'perturbation',
      baseId: value.base_id,
      perturbationKind: value.kind,
      expect: value.expect,
      category: categories.get(value.base_id) ?? 'uncategorised',
      question: value.question,
      location,
      evidence,
      expected: createExpectedCase(value, { evidence: evidence.map(toSpan), refusal, docAliases: check.aliases }),
    });
  }
  return cases;
}

function toSpan(evidence: LocatedEvidence) {
  const span = { doc: evidence.doc, page: evidence.page, start: evidence.start, end: evidence.end };
  return evidence.copies === undefined ? span : { ...span, copies: evidence.copies };
}
