import type { AnswerResult } from '../../pipeline/index.ts';

/**
 * Follow-up questions taken from the evidence of an answer, never invented: the defined terms the
 * evidence linked to, then the other editions a comparison linked in, then the evidence that reached
 * the prompt without being cited (the neighbouring clause). At most `count`; none for a refusal.
 */
export function deriveFollowUps(result: AnswerResult, count: number, isVisible: (doc: string) => boolean): string[] {
  if (result.status !== 'answered' || count === 0) return [];
  const questions: string[] = [];
  const add = (question: string) => {
    if (!questions.includes(question)) questions.push(question);
  };
  for (const candidate of result.candidates) {
    if (candidate.kept && candidate.linkedDefinition !== null && isVisible(candidate.doc)) add(`What does "${candidate.linkedDefinition}" mean in ${candidate.doc}?`);
  }
  const cited = new Set(result.citations.map((citation) => citation.chunkId));
  const headingOf = new Map(result.evidence.map((item) => [item.chunkId, item.sectionHeading]));
  for (const candidate of result.candidates) {
    if (candidate.kept && candidate.linkedEdition && !cited.has(candidate.chunkId) && isVisible(candidate.doc)) add(`What does ${candidate.doc} say on page ${candidate.page}${sectionPart(headingOf.get(candidate.chunkId))}?`);
  }
  for (const item of result.evidence) {
    if (!cited.has(item.chunkId) && isVisible(item.doc)) add(`What does ${item.doc} say on page ${item.page}${sectionPart(item.sectionHeading)}?`);
  }
  return questions.slice(0, count);
}

function sectionPart(heading: string | undefined): string {
  return heading ? ` under "${heading}"` : '';
}
