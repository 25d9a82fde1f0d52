import { tokenStream } from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import { termCredit } from './names-term.ts';
import type { QuestionProfile } from './question-profile.ts';

/**
 * The profile without the framing words (`our ops team asked me this:`, `i'm putting together next
 * year's budget and need to know`) that none of `texts` (the candidates, or the evidence) names:
 * they say who asks and why, and would only dilute the coverage of every text alike. Framing words
 * the texts do name (`under the 2026 benchmark fee list, what…`, `our desk has gme screens. what…`)
 * stay, as do all words of the question itself.
 */
export function dropUnmatchedFraming(profile: QuestionProfile, texts: readonly string[]): QuestionProfile {
  if (!profile.terms.some((term) => term.framing === true)) return profile;
  return withoutFramingAbsentFrom(profile, texts.map(tokenStream));
}

/** The profile without the framing terms none of `streams` names (the profile itself when that would leave no term). */
export function withoutFramingAbsentFrom(profile: QuestionProfile, streams: readonly TokenStream[]): QuestionProfile {
  const absent = new Set(profile.terms.filter((term) => term.framing === true && !streams.some((stream) => termCredit(term, stream) > 0)).map((term) => term.stems.join(' ')));
  if (absent.size === 0) return profile;
  const terms = profile.terms.filter((term) => !absent.has(term.stems.join(' ')));
  if (terms.length === 0) return profile;
  const phrases = profile.phrases.filter((phrase) => !phrase.some((word) => absent.has(word)));
  return { ...profile, terms, phrases };
}
