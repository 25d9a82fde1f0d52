import { formatGoldenProblem } from '../golden/index.ts';
import { SUITE_PROBLEM_CATEGORIES, type SuiteProblemCategory } from './check-suite.ts';
import type { CheckedSuite } from './load-checked-suite.ts';

/**
 * The verdict of `harness check`: with problems, one `file:line: field: message` line each and a
 * last line counting them per category; without, one line with the cases per category, the
 * perturbations per kind and the quotes located.
 */
export function formatSuiteCheck(checked: CheckedSuite): string {
  const { suite, check, manifest } = checked;
  if (check.problems.length > 0) {
    const counts = new Map<SuiteProblemCategory, number>();
    for (const problem of check.problems) counts.set(problem.category, (counts.get(problem.category) ?? 0) + 1);
    const perCategory = SUITE_PROBLEM_CATEGORIES.filter((category) => counts.has(category))
      .map((category) => `${category.replace(/_/g, ' ')} ${counts.get(category)}`)
      .join(', ');
    const total = check.problems.length;
    return [
      ...check.problems.map(formatGoldenProblem),
      `${suite.directory}: ${total} problem${total === 1 ? '' : 's'} (${perCategory}); fix ${total === 1 ? 'it' : 'them'}, then run harness check --suite ${suite.name} again`,
    ].join('\n');
  }
  const categories = countBy(suite.baseline.map((entry) => entry.value.category));
  const kinds = countBy(suite.perturbations.map((entry) => entry.value.kind));
  return (
    `${suite.directory}: OK · ${suite.baseline.length} baseline cases (${categories}) · ${suite.perturbations.length} perturbations${kinds ? ` (${kinds})` : ''}` +
    ` · ${check.quotes.located}/${check.quotes.total} quotes located in index ${manifest.indexVersion} of source ${manifest.source} · 0 problems`
  );
}

function countBy(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} ${count}`).join(', ');
}
