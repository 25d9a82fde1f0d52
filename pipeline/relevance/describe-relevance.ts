import type { QuestionProfile } from '../question/index.ts';
import type { ChunkRelevance } from './measure-relevance.ts';

/** A share or strength as the trace writes it, with two decimals (`0.60`). */
export function formatShare(value: number): string {
  return value.toFixed(2);
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The reranker's trace detail for one chunk: the score and the rule that decided it, then the features behind it. */
export function describeRelevance(score: number, reason: string, profile: QuestionProfile, relevance: ChunkRelevance): string {
  const matched = relevance.matched.map((match) => (match.how === 'exact' ? match.display : `${match.display}(${match.how})`));
  const parts = [
    `score ${score}: ${reason}`,
    `terms ${formatShare(relevance.coverage)} (specific ${formatShare(relevance.specificCoverage)}): ${matched.join(', ') || 'none'}${relevance.missing.length > 0 ? `; missing ${relevance.missing.join(', ')}` : ''}`,
    relevance.bestSegment ? `best line ${formatShare(relevance.bestSegment.coverage)} "${clip(relevance.bestSegment.text, 80)}"` : 'no text',
    `phrases ${relevance.phrasesMatched.length}/${profile.phrases.length}${relevance.phrasesMatched.length > 0 ? ` (${relevance.phrasesMatched.join(', ')})` : ''}`,
    `ask ${profile.ask}${profile.ask === 'none' ? '' : profile.ask === 'definition' ? (relevance.definesSubject ? ' met' : ' not met') : relevance.askSegment ? ` met in "${clip(relevance.askSegment.text, 60)}"` : ' not met'}`,
    `heading ${relevance.headingTerms.length > 0 ? relevance.headingTerms.join(', ') : 'no match'}`,
  ];
  return parts.join(' | ');
}
