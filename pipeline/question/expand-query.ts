import type { ExpansionRule } from '../config/config-schema.ts';
import { mayHoldPhrase } from '../text/index.ts';
import { createPhrasePattern } from './create-phrase-pattern.ts';

/** One text retrieval runs with. */
export interface QueryExpansionForm {
  text: string;
  /** The rule that produced it (`ILA → Information License Agreement`); absent on the normalised question itself. */
  rule?: string;
}

/** The forms retrieval runs with, and the version of the rules that produced them. */
export interface QueryExpansion {
  /** The normalised question first, then one form per rule that applied, in rule order, without repeats. */
  forms: QueryExpansionForm[];
  /** `retrieval.expansionRulesVersion`, recorded in traces. */
  rulesVersion: string;
}

/**
 * Expands a normalised question with the configured rules. A rule applies forwards when its
 * `pattern` occurs as a whole word, ignoring case (`RT` not in `art`, `non-pro` not in
 * `non-professional`, `pro` not in `non-pro`): the form replaces every occurrence with the
 * `expansion`. It also applies in reverse when the question already uses the long form
 * (`information license agreement` → `ila`), so that chunks using the abbreviation are found too —
 * unless the rule is one-way (`reverse: false`, a synonym towards the documents' word: `charges` → `fees`);
 * when several rules share one expansion (`non-pro`, `nonpro`) only the first is used in reverse.
 * Replacements are lower case like the normalised question. Deterministic: for each rule in order,
 * the forward form then the reverse form; a form whose text is already present is skipped.
 */
export function expandQuery(normalised: string, rules: readonly (Pick<ExpansionRule, 'pattern' | 'expansion'> & { reverse?: boolean })[], rulesVersion: string): QueryExpansion {
  const forms: QueryExpansionForm[] = [{ text: normalised }];
  const add = (text: string, rule: string) => {
    if (!forms.some((form) => form.text === text)) forms.push({ text, rule });
  };
  const reversedExpansions = new Set<string>();
  for (const rule of rules) {
    const pattern = rule.pattern.trim();
    const expansion = rule.expansion.trim();
    const forward = replaceWhole(normalised, pattern, expansion.toLowerCase());
    if (forward !== undefined) add(forward, `${pattern} → ${expansion}`);
    const expansionKey = expansion.toLowerCase().replace(/\s+/g, ' ');
    if (rule.reverse === false || reversedExpansions.has(expansionKey)) continue;
    reversedExpansions.add(expansionKey);
    const reverse = replaceWhole(normalised, expansion, pattern.toLowerCase());
    if (reverse !== undefined) add(reverse, `${expansion} → ${pattern}`);
  }
  return { forms, rulesVersion };
}

// `text` with every whole-word occurrence of `phrase` replaced, or undefined when there is none.
function replaceWhole(text: string, phrase: string, replacement: string): string | undefined {
  if (!mayHoldPhrase(text, phrase)) return undefined; // most rules: no pattern compiled
  const pattern = createPhrasePattern(phrase, { hyphenJoinsWords: true });
  if (!pattern.test(text)) return undefined;
  pattern.lastIndex = 0;
  return text.replace(pattern, () => replacement);
}
