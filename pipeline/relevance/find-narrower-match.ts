import { LABEL_WORDS, namesStem } from '../text/index.ts';
import type { TokenStream } from '../text/index.ts';
import type { ProfileTerm, QuestionProfile } from '../question/index.ts';
import { qualifierTerms } from './find-split-qualifiers.ts';
import type { ChunkRelevance } from './measure-relevance.ts';

/**
 * On an amount question: the specific terms this chunk lacks that another candidate names together
 * with every specific term this one names, in a phrase of the question next to another specific
 * term (`Television Distribution license cost`: a GME row names
 * `distribution` and `license`, Schedule 5's `Television Distribution` clause names those and
 * `television`, so the GME row prices something else). Undefined when no candidate is narrower, as
 * when the missing words are the question's own phrasing (`go up`, `compare`) that no text names.
 */
export function findNarrowerMatch(
  profile: QuestionProfile,
  relevance: ChunkRelevance,
  pool: readonly ChunkRelevance[],
  streams: readonly TokenStream[],
  ownDocument: () => readonly TokenStream[],
): string[] | undefined {
  if (profile.ask !== 'amount' || relevance.missingSpecific.length === 0) return undefined;
  const qualifiers = qualifierTerms(profile);
  const named = new Set(qualifiers.map((term) => term.display).filter((display) => !relevance.missingSpecific.includes(display)));
  // The missing qualifiers another candidate could name more narrowly, each with the other
  // qualifiers it must stand next to; read once, on first need (the own-document scan is costly).
  let open: { display: string; term: ProfileTerm; neighbours: ProfileTerm[] }[] | undefined;
  const openQualifiers = () =>
    (open ??= relevance.missingSpecific.flatMap((display) => {
      // A label word (`category` of `Category A1`) is no qualifier: `Non-Display (A1)` names the label by its code.
      const term = LABEL_WORDS.has(display) ? undefined : qualifiers.find((candidate) => candidate.display === display);
      if (term === undefined) return [];
      const neighbours = qualifiers.filter((candidate) => candidate !== term);
      // The chunk's own document names the qualifier the same way elsewhere (the fee list's note on
      // `Distribution License` above its `Distribution` row): the row prices that thing.
      return ownDocument().some((stream) => namesNextTo(stream, term, neighbours)) ? [] : [{ display, term, neighbours }];
    }));
  for (const [index, other] of pool.entries()) {
    if (other === relevance || other.otherExchange !== undefined) continue;
    const missing = new Set(other.missingSpecific);
    if ([...named].some((display) => missing.has(display))) continue;
    // Only a qualifier the other candidate names next to another specific term of the question
    // (`Television Distribution`, `PPU Device`): a word of the question's own phrasing (`fee
    // change`) that some notice happens to use does not make it narrower.
    const extra = openQualifiers()
      .filter(({ display, term, neighbours }) => !missing.has(display) && namesNextTo(streams[index]!, term, neighbours))
      .map(({ display }) => display);
    if (extra.length > 0) return extra;
  }
  return undefined;
}

/** True when the stream names `term` (a typo counts) with one of `neighbours` right before or after it. */
function namesNextTo(stream: TokenStream, term: ProfileTerm, neighbours: readonly ProfileTerm[]): boolean {
  if (term.stems.length !== 1) return false;
  const matches = (word: string, candidate: ProfileTerm) => candidate.stems.length === 1 && namesStem(word, candidate.stems[0]!);
  return stream.stems.some(
    (word, position) =>
      matches(word, term) &&
      [stream.stems[position - 1], stream.stems[position + 1]].some((next) => next !== undefined && neighbours.some((neighbour) => matches(next, neighbour))),
  );
}
