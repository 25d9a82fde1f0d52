import { spellingCredit, tokenStream } from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import type { ProfileTerm } from './question-profile.ts';

/** True when `text` names the question term (by stem, through a typo, or as an expansion rule spells it). */
export function namesTerm(term: ProfileTerm, text: string): boolean {
  return termCredit(term, tokenStream(text)) > 0;
}

/** How a term occurs in a stream: 1 exactly (by stem), 0.8 through a typo, 0 not at all. */
export function termCredit(term: ProfileTerm, stream: TokenStream): number {
  const credit = spellingCredit(term.stems, stream);
  if (credit === 1 || term.alternatives === undefined) return credit;
  return Math.max(credit, ...term.alternatives.map((stems) => spellingCredit(stems, stream)));
}
