import { normalizeForMatching, stem, wordsOf } from '../text/index.ts';
import { LEXICAL_STOP_WORDS } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';
import type { ChunkRelevance } from './measure-relevance.ts';

/**
 * The continuous relevance that orders chunks of equal score: term coverage plus specific-term
 * coverage, the best line's coverage, the share of the question's phrases found verbatim, and the
 * coverage of the line holding the value asked for (or 1 for defining the subject).
 */
export function relevanceStrength(profile: QuestionProfile, relevance: ChunkRelevance): number {
  const phraseShare = profile.phrases.length > 0 ? relevance.phrasesMatched.length / profile.phrases.length : 0;
  const answer = profile.ask === 'definition' ? (relevance.definesSubject ? 1 : 0) : (relevance.askSegment?.coverage ?? 0);
  const precision = relevance.askSegment === undefined ? 0 : linePrecision(profile, relevance.askSegment.text);
  return relevance.coverage + relevance.specificCoverage + (relevance.bestSegment?.coverage ?? 0) + phraseShare + answer + precision;
}

/**
 * The share of a line's words (not numbers, stop words or cell separators) that the question names:
 * `Real Time | Device | $130.10` under a question about the real-time display device fee is all
 * question words; `Real Time Subscriber Display Device | Device | $5` adds `subscriber`, a qualifier
 * nobody asked about.
 */
function linePrecision(profile: QuestionProfile, line: string): number {
  const words = wordsOf(normalizeForMatching(line)).filter((word) => !LEXICAL_STOP_WORDS.has(word) && !/^\p{N}/u.test(word) && word.length > 1);
  if (words.length === 0) return 0;
  const stems = new Set(profile.terms.flatMap((term) => [...term.stems, ...(term.alternatives ?? []).flat()]));
  return words.filter((word) => stems.has(stem(word))).length / words.length;
}
