import type { UserAbbreviation } from './user-abbreviations.ts';
import type { SeededRandom } from './create-seeded-random.ts';
import type { PerturbationEdit } from './perturbation-edit.ts';

/**
 * Writes a long form of `question` as a user's abbreviation of it (`USER_ABBREVIATIONS`:
 * `non-professional` → `non-pro`, `depth of market` → `DOM`, `real-time` / `real time` → `RT`, …). The long form matches whole words, ignoring case, with a
 * space, a hyphen or nothing between its words (`Non-Professional`, `non professional`). When
 * several rules share a long form the first is used (`non-pro`, not `nonpro`). One applicable
 * rule is chosen at random and every occurrence of its long form replaced. A rule whose
 * abbreviation the question already uses is skipped (`Information License Agreement (ILA)` would
 * become `ILA (ILA)`). `undefined` when no rule applies.
 */
export function applyAbbreviation(question: string, random: SeededRandom, rules: readonly UserAbbreviation[]): PerturbationEdit | undefined {
  const seen = new Set<string>();
  const applicable: { rule: UserAbbreviation; pattern: RegExp }[] = [];
  for (const rule of rules) {
    const key = rule.phrase.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const pattern = createLongFormPattern(rule.phrase);
    // `Information License Agreement (ILA)` would become `ILA (ILA)`.
    if (pattern.test(question) && !createLongFormPattern(rule.abbreviation).test(question)) applicable.push({ rule, pattern });
  }
  const choice = random.pick(applicable);
  if (choice === undefined) return undefined;
  const abbreviation = choice.rule.abbreviation.trim();
  const replaced: string[] = [];
  choice.pattern.lastIndex = 0;
  const changed = question.replace(choice.pattern, (longForm) => {
    replaced.push(longForm);
    return matchCase(abbreviation, longForm);
  });
  if (changed === question) return undefined;
  return { question: changed, note: `${[...new Set(replaced)].join(', ')} → ${abbreviation}` };
}

function createLongFormPattern(expansion: string): RegExp {
  const body = expansion
    .trim()
    .split(/[\s-]+/u)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(?:\\s+|-)?');
  return new RegExp(`(?<![\\p{L}\\p{N}-])${body}(?![\\p{L}\\p{N}]|-[\\p{L}\\p{N}])`, 'giu');
}

// `ILA`, `DOM` and `RT` keep their capitals; `non-pro` follows the long form (`Non-Professional` → `Non-Pro`).
function matchCase(abbreviation: string, longForm: string): string {
  if (/\p{Lu}/u.test(abbreviation)) return abbreviation;
  if (!/^\p{Lu}/u.test(longForm)) return abbreviation;
  return abbreviation.replace(/(^|-)(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}
