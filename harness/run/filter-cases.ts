/** What `filterCases` matches a pattern against. */
export interface FilterableCase {
  id: string;
  category: string;
  perturbationKind?: string;
}

/**
 * Keeps the cases any of `patterns` selects (all cases when `patterns` is empty). A pattern is
 * matched, case-insensitively, against the case id, its category (a perturbation has its base
 * case's) and its perturbation kind. A pattern with `*` (any run of characters) or `?` (one
 * character) is a glob that must match the whole value (`fee-*`, `*.typo`); any other pattern
 * matches as a substring (`audit`, `obligations`). Several patterns select the union.
 */
export function filterCases<Case extends FilterableCase>(cases: readonly Case[], patterns: readonly string[]): Case[] {
  if (patterns.length === 0) return [...cases];
  const matchers = patterns.map(createMatcher);
  return cases.filter((item) => {
    const values = [item.id, item.category, ...(item.perturbationKind !== undefined ? [item.perturbationKind] : [])];
    return matchers.some((matches) => values.some(matches));
  });
}

function createMatcher(pattern: string): (value: string) => boolean {
  const lower = pattern.toLowerCase();
  if (!/[*?]/.test(pattern)) return (value) => value.toLowerCase().includes(lower);
  const source = [...lower].map((character) => (character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  const expression = new RegExp(`^${source}$`, 'i');
  return (value) => expression.test(value);
}
