import type { BaselineCase, PerturbationCase } from '../golden/golden-case.ts';
import type { DocumentAliases, DocumentSpan } from './measure-span-recall.ts';
import type { ExpectedCase } from './score-case.ts';

/** What a golden case needs besides itself to be scored. */
export interface ExpectedCaseContext {
  /** The case's evidence quotes located in the index (quotes not located are left out). */
  evidence: DocumentSpan[];
  /** The suite's exact refusal string. */
  refusal: string;
  /** Byte-identical duplicate documents of the index. */
  docAliases?: DocumentAliases;
}

/**
 * Turns a golden line into what `scoreCase` expects: a baseline case expects a refusal when
 * `should_refuse`; a perturbation when `expect` is `refuse`.
 */
export function createExpectedCase(goldenCase: BaselineCase | PerturbationCase, context: ExpectedCaseContext): ExpectedCase {
  const shared = {
    id: goldenCase.id,
    answerTerms: goldenCase.answer_terms,
    question: goldenCase.question,
    quotes: goldenCase.evidence.map((evidence) => evidence.quote),
    evidence: context.evidence,
    refusal: context.refusal,
    ...(context.docAliases !== undefined ? { docAliases: context.docAliases } : {}),
  };
  if ('base_id' in goldenCase) {
    return {
      ...shared,
      kind: 'perturbation',
      baseId: goldenCase.base_id,
      perturbationKind: goldenCase.kind,
      expect: goldenCase.expect,
      expectation: goldenCase.expect === 'refuse' ? 'refuse' : 'answer',
    };
  }
  return { ...shared, kind: 'baseline', category: goldenCase.category, expectation: goldenCase.should_refuse ? 'refuse' : 'answer' };
}
