import type { GoldenProblem } from './format-golden-problem.ts';
import type { BaselineCase, PerturbationCase } from './golden-case.ts';
import type { GoldenEntry } from './parse-golden-lines.ts';

/**
 * Checks what a single line cannot: ids unique across baseline and perturbation files, every
 * perturbation pointing at a baseline case, `expect: 'same'` only on answerable bases, and a
 * perturbation actually changing its base question. One problem per fault, at the later line.
 */
export function checkCaseReferences(
  baseline: readonly GoldenEntry<BaselineCase>[],
  perturbations: readonly GoldenEntry<PerturbationCase>[],
): GoldenProblem[] {
  const problems: GoldenProblem[] = [];
  const firstSeen = new Map<string, string>();
  for (const entry of [...baseline, ...perturbations]) {
    const { id } = entry.value;
    const earlier = firstSeen.get(id);
    if (earlier !== undefined) {
      problems.push({ ...entry.location, field: 'id', message: `duplicate id ${JSON.stringify(id)} (first used at ${earlier})` });
      continue;
    }
    firstSeen.set(id, `${entry.location.file}:${entry.location.line}`);
  }

  const bases = new Map<string, BaselineCase>();
  for (const entry of baseline) if (!bases.has(entry.value.id)) bases.set(entry.value.id, entry.value);
  for (const entry of perturbations) {
    const perturbation = entry.value;
    const base = bases.get(perturbation.base_id);
    if (base === undefined) {
      problems.push({
        ...entry.location,
        field: 'base_id',
        message: `base case ${JSON.stringify(perturbation.base_id)} is not in the baseline file`,
      });
      continue;
    }
    if (perturbation.expect === 'same' && base.should_refuse) {
      problems.push({
        ...entry.location,
        field: 'expect',
        message: `base case ${JSON.stringify(base.id)} should refuse; a perturbation of it uses expect 'refuse'`,
      });
    }
    if (normaliseQuestion(perturbation.question) === normaliseQuestion(base.question)) {
      problems.push({ ...entry.location, field: 'question', message: `the question is the same as base case ${JSON.stringify(base.id)}'s` });
    }
  }
  return problems;
}

function normaliseQuestion(question: string): string {
  return question.trim().replace(/\s+/g, ' ');
}
