import { isValueAsk } from '../question/index.ts';
import type { QuestionProfile } from '../question/index.ts';
import { formatShare } from './describe-relevance.ts';
import type { ChunkRelevance } from './measure-relevance.ts';

/** The cut-offs of the offline reranker's 0–3 mapping (shares of the question's weighted terms). */
export const OFFLINE_RERANK_CUTOFFS = {
  /** A line holding the asked-for value must cover this much for a 3. */
  answerLineCoverage: 0.6,
  /** The whole chunk must cover this much for a 3 on an amount, date or duration question. */
  answerChunkCoverage: 0.6,
  /** …and this share of the specific terms (`ChunkRelevance.specificCoverage`). */
  answerSpecificCoverage: 0.6,
  /** Chunk coverage for a 3 on a question without a recognised ask. */
  generalChunkCoverage: 0.8,
  /** Share of the question's phrases that, found verbatim, count as the terms sitting together. */
  generalPhraseShare: 0.5,
  /** Chunk, specific-term and line coverage for a 2. */
  relevantChunkCoverage: 0.55,
  relevantSpecificCoverage: 0.55,
  relevantLineCoverage: 0.35,
  /** Chunk coverage for a 2 when the section heading names a specific question term (specific-term coverage as above). */
  relevantHeadingCoverage: 0.4,
  /** Chunk coverage for a 1. */
  relatedChunkCoverage: 0.2,
} as const;

/** Maps a chunk's features to the 0–3 scale with the `OFFLINE_RERANK_CUTOFFS`, and says which rule decided. */
export function scoreRelevance(profile: QuestionProfile, relevance: ChunkRelevance): { score: 0 | 1 | 2 | 3; reason: string; context?: string } {
  const scored = scoreByRules(profile, relevance);
  if (scored.score > 1 && relevance.splitQualifiers.length > 0) {
    return { score: 1, reason: `capped at 1: no row with an amount names ${relevance.splitQualifiers.join(' and ')} together (else ${scored.score}: ${scored.reason})` };
  }
  if (scored.score > 1 && profile.ask === 'definition' && !relevance.definesSubject && relevance.subjectOnlyInTable) {
    return { score: 1, reason: `capped at 1: names "${profile.subject?.join(' ')}" only in table rows, which use it without saying what it is (else ${scored.score}: ${scored.reason})` };
  }
  // A question asking for an amount, a date or a duration is answered only by a chunk that holds one.
  const asksValue = isValueAsk(profile.ask);
  if (scored.score > 1 && asksValue && relevance.askSegment === undefined) {
    const capped = { score: 1 as const, reason: `capped at 1: the question asks for ${profile.ask === 'amount' ? 'an amount' : `a ${profile.ask}`}, which no line of the chunk holds (else ${scored.score}: ${scored.reason})` };
    // Relevant context, should another chunk of its document give the value (the reranker decides),
    // unless it also lacks every year the question names.
    return missesEveryYear(profile, relevance) ? capped : { ...capped, context: scored.reason };
  }
  if (scored.score === 3 && relevance.unaskedHeading !== undefined) {
    return { score: 2, reason: `at most 2: it prices what its heading "${relevance.unaskedHeading}" names, which the question does not (else ${scored.reason})` };
  }
  if (scored.score > 1 && relevance.otherExchange !== undefined) {
    return { score: 1, reason: `capped at 1: it prices ${relevance.otherExchange} data, and the question asks about ${profile.exchanges?.join(', ')} (else ${scored.score}: ${scored.reason})` };
  }
  // A comparison names two years and each year's list answers half of it: only a chunk holding none of them is capped.
  if (scored.score > 1 && missesEveryYear(profile, relevance)) {
    return { score: 1, reason: `capped at 1: the question names ${relevance.missingYears.join(', ')}, which the chunk and its document do not (else ${scored.score}: ${scored.reason})` };
  }
  return scored;
}

/** True when the question names years and the chunk, its heading and its document name hold none of them. */
function missesEveryYear(profile: QuestionProfile, relevance: ChunkRelevance): boolean {
  return relevance.missingYears.length > 0 && relevance.missingYears.length === profile.years.length;
}

function scoreByRules(profile: QuestionProfile, relevance: ChunkRelevance): { score: 0 | 1 | 2 | 3; reason: string } {
  const cutoffs = OFFLINE_RERANK_CUTOFFS;
  const coverage = relevance.coverage;
  const best = relevance.bestSegment?.coverage ?? 0;
  const phraseShare = profile.phrases.length > 0 ? relevance.phrasesMatched.length / profile.phrases.length : 0;
  const asksValue = isValueAsk(profile.ask);

  if (
    asksValue &&
    relevance.askSegment !== undefined &&
    relevance.askSegment.coverage >= cutoffs.answerLineCoverage &&
    coverage >= cutoffs.answerChunkCoverage &&
    relevance.specificCoverage >= cutoffs.answerSpecificCoverage
  ) {
    return {
      score: 3,
      reason: `a line with the ${profile.ask} asked for covers ${formatShare(relevance.askSegment.coverage)} ≥ ${cutoffs.answerLineCoverage}, the chunk ${formatShare(coverage)} ≥ ${cutoffs.answerChunkCoverage} (specific terms ${formatShare(relevance.specificCoverage)} ≥ ${cutoffs.answerSpecificCoverage})`,
    };
  }
  if (profile.ask === 'definition' && relevance.definesSubject) {
    return { score: 3, reason: `defines "${profile.subject?.join(' ')}"` };
  }
  if (!asksValue && coverage >= cutoffs.generalChunkCoverage && (best >= cutoffs.answerLineCoverage || phraseShare >= cutoffs.generalPhraseShare)) {
    // Only the definition directly answers a definition question; a chunk that merely uses the term is relevant.
    const together = `covers ${formatShare(coverage)} ≥ ${cutoffs.generalChunkCoverage} with the terms together (best line ${formatShare(best)}, phrases ${formatShare(phraseShare)})`;
    return profile.ask === 'definition'
      ? { score: 2, reason: `${together}, but does not define "${profile.subject?.join(' ')}"` }
      : { score: 3, reason: together };
  }
  const specific = relevance.specificCoverage;
  if (specific >= cutoffs.relevantSpecificCoverage) {
    if (coverage >= cutoffs.relevantChunkCoverage && best >= cutoffs.relevantLineCoverage) {
      return {
        score: 2,
        reason: `covers ${formatShare(coverage)} ≥ ${cutoffs.relevantChunkCoverage} (specific terms ${formatShare(specific)} ≥ ${cutoffs.relevantSpecificCoverage}) and its best line ${formatShare(best)} ≥ ${cutoffs.relevantLineCoverage}`,
      };
    }
    const specificHeading = relevance.headingTerms.some((display) => profile.terms.some((term) => term.display === display && term.weight === 1));
    if (specificHeading && coverage >= cutoffs.relevantHeadingCoverage) {
      return {
        score: 2,
        reason: `heading names ${relevance.headingTerms.join(', ')} and the chunk covers ${formatShare(coverage)} ≥ ${cutoffs.relevantHeadingCoverage} (specific terms ${formatShare(specific)} ≥ ${cutoffs.relevantSpecificCoverage})`,
      };
    }
  }
  const specificMatch = relevance.matched.some(
    (match) => match.how !== 'amount' && profile.terms.some((term) => term.display === match.display && term.weight === 1),
  );
  if (coverage >= cutoffs.relatedChunkCoverage || specificMatch) {
    return { score: 1, reason: coverage >= cutoffs.relatedChunkCoverage ? `covers ${formatShare(coverage)} ≥ ${cutoffs.relatedChunkCoverage}` : 'names a specific question term' };
  }
  return { score: 0, reason: `covers ${formatShare(coverage)} and names no specific question term` };
}
