// A module without imports: stems are computed while other modules initialise (stop-word sets),
// and a leaf module is always initialised before its importers, whatever cycles they form.

const STEMS = new Map<string, string>();
const STEMS_KEPT = 200_000;

/**
 * A light suffix-stripping stemmer: plural `-s`/`-es`/`-ies`, then one of `-ing`, `-ed`, `-ment`,
 * `-tion`/`-sion` (as `-ion`) or `-ive`, then a final `-e`, so that `license`, `licensed` and
 * `licensing` meet, as do `fee` and `fees`, `policy` and `policies`, `redistribute` and
 * `redistribution`, `requirements` and `required`, `effect` and `effective`, `exclusion` and
 * `exclusive`.
 */
export function stem(word: string): string {
  // A source's texts are stemmed word by word when its pipeline opens (term statistics, passages):
  // most words recur, and the stem is a pure function of the word.
  const known = STEMS.get(word);
  if (known !== undefined) return known;
  const result = stemWord(word);
  if (STEMS.size >= STEMS_KEPT) STEMS.clear();
  STEMS.set(word, result);
  return result;
}

function stemWord(word: string): string {
  let result = word;
  if (result.length <= 3 || /\p{N}/u.test(result)) return result;
  // A period's adverb is its period: `monthly` fees are fees `per month`.
  const period = /^(month|year|week|quarter|annual)ly$/.exec(result)?.[1] ?? (result === 'daily' ? 'day' : undefined);
  if (period !== undefined) return period;
  if (result.endsWith('ies') && result.length > 4) result = `${result.slice(0, -3)}y`;
  else if (result.endsWith('sses')) result = result.slice(0, -2);
  else if (result.length > 4 && /(?:s|x|z|ch|sh)es$/.test(result)) result = result.slice(0, -2);
  else if (result.endsWith('s') && !/(?:ss|us|is)$/.test(result)) result = result.slice(0, -1);
  if (result.endsWith('ing') && result.length - 3 >= 4) result = result.slice(0, -3);
  else if (result.endsWith('ed') && result.length - 2 >= 4) result = result.slice(0, -2);
  else if (result.endsWith('ment') && result.length - 4 >= 4) result = result.slice(0, -4);
  else if (/[st]ion$/.test(result) && result.length - 3 >= 5) result = result.slice(0, -3);
  else if (result.endsWith('ive') && result.length - 3 >= 4) result = result.slice(0, -3);
  if (result.endsWith('e') && !result.endsWith('ee') && result.length >= 5) result = result.slice(0, -1);
  return result;
}
