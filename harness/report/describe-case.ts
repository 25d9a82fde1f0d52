import type { CaseResult } from './case-result.ts';

/** A case in words: what was expected, what the pipeline did, and why it did not pass. */
export interface CaseDescription {
  expected: string;
  got: string;
  /** `reason: detail`, one per failure (empty when the case passed). */
  reasons: string[];
}

/** Describes a case result for summaries, CI lines and the HTML report. */
export function describeCase(result: CaseResult): CaseDescription {
  const { expected, score, trace, thrown } = result;
  const quotes = expected.evidence.map((item) => `${item.doc} p.${item.page}`);
  const expectedText =
    expected.expectation === 'refuse'
      ? `refusal ${JSON.stringify(expected.refusal)} with no generator call`
      : `an answer containing ${expected.answerTerms.map((term) => JSON.stringify(term)).join(', ')}${quotes.length > 0 ? `, with evidence from ${[...new Set(quotes)].join('; ')}` : ''}`;
  let got: string;
  if (thrown !== null) got = `error: the case threw ${thrown.name}${thrown.code ? ` (${thrown.code})` : ''}: ${thrown.message}`;
  else if (trace === null) got = 'no result';
  else if (trace.status === 'answered') got = `answered: ${JSON.stringify(trace.answer ?? '')}`;
  else if (trace.status === 'refused') got = `refused (${trace.refusal?.reason ?? 'no reason'}): ${JSON.stringify(trace.refusal?.text ?? '')}`;
  else got = `failed (${trace.error?.code ?? 'unknown'}): ${trace.error?.message ?? ''}`;
  return { expected: expectedText, got, reasons: score.failures.map((failure) => `${failure.reason}: ${failure.detail}`) };
}
