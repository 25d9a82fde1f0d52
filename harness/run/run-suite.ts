import type { AnswerResult } from '../../pipeline/answer-result.ts';
import { isClausegateError } from '../../pipeline/errors.ts';
import type { CaseResult } from '../report/case-result.ts';
import { scoreCase } from '../score/index.ts';
import type { ObservedResult } from '../score/index.ts';
import { observeAnswer, type TokenPricing } from './observe-answer.ts';
import type { SuiteCase } from './prepare-cases.ts';

/** Answers one question; the real one is `answerQuestion` over an opened pipeline. */
export type AnswerFunction = (question: string) => Promise<AnswerResult>;

/** Input of `runSuite`. */
export interface RunSuiteInput {
  cases: readonly SuiteCase[];
  answer: AnswerFunction;
  /** Cases answered at the same time; default 4. */
  concurrency?: number;
  /** The clock for each case's start and finish. */
  now: () => Date;
  /** Token prices for the cost estimate; absent for the offline provider (cost 0). */
  pricing?: TokenPricing | undefined;
  /** Called as each case finishes, before the worker takes the next case (append it to the journal here). */
  onCaseFinished?: (result: CaseResult) => void | Promise<void>;
  /** When aborted, no further case starts; cases already running finish and are reported. */
  signal?: AbortSignal;
}

/**
 * Answers and scores every case with at most `concurrency` in flight, and returns the results in
 * case order (cases never started because of `signal` are left out). Every expected outcome is a
 * value: a failed pipeline result is scored as an error, and an answer function that throws is
 * recorded as an error case (`thrown`), never a crash of the run.
 */
export async function runSuite(input: RunSuiteInput): Promise<CaseResult[]> {
  const { cases, answer, now, pricing, onCaseFinished, signal } = input;
  const concurrency = Math.max(1, Math.floor(input.concurrency ?? 4));
  const results = new Array<CaseResult | undefined>(cases.length);
  let next = 0;

  const work = async () => {
    while (next < cases.length && signal?.aborted !== true) {
      const position = next;
      next += 1;
      const result = await runCase(cases[position]!, answer, now, pricing);
      results[position] = result;
      await onCaseFinished?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, work));
  return results.filter((result): result is CaseResult => result !== undefined);
}

async function runCase(suiteCase: SuiteCase, answer: AnswerFunction, now: () => Date, pricing: TokenPricing | undefined): Promise<CaseResult> {
  const started = now();
  let trace: AnswerResult | null = null;
  let thrown: CaseResult['thrown'] = null;
  try {
    trace = await answer(suiteCase.question);
  } catch (error) {
    thrown = describeThrown(error);
  }
  const finished = now();
  const durationMs = Math.max(0, finished.getTime() - started.getTime());
  const observed: ObservedResult = trace !== null ? observeAnswer(trace, pricing) : thrownObservation(thrown!, durationMs);
  const score = scoreCase(suiteCase.expected, observed);
  return {
    schemaVersion: 1,
    id: suiteCase.id,
    kind: suiteCase.kind,
    ...(suiteCase.baseId !== undefined ? { baseId: suiteCase.baseId } : {}),
    ...(suiteCase.perturbationKind !== undefined ? { perturbationKind: suiteCase.perturbationKind } : {}),
    ...(suiteCase.expect !== undefined ? { expect: suiteCase.expect } : {}),
    category: suiteCase.category,
    question: suiteCase.question,
    location: { file: suiteCase.location.file, line: suiteCase.location.line },
    expected: {
      expectation: suiteCase.expected.expectation,
      answerTerms: suiteCase.expected.answerTerms,
      evidence: suiteCase.evidence,
      refusal: suiteCase.expected.refusal,
    },
    outcome: score.status === 'failed' ? 'error' : score.passed ? 'passed' : 'failed',
    score,
    trace,
    thrown,
    timing: { startedAt: started.toISOString(), finishedAt: finished.toISOString(), durationMs },
  };
}

function describeThrown(error: unknown): NonNullable<CaseResult['thrown']> {
  if (isClausegateError(error)) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

function thrownObservation(thrown: NonNullable<CaseResult['thrown']>, latencyMs: number): ObservedResult {
  return {
    status: 'failed',
    answer: '',
    generatorCalls: 0,
    usedEvidence: [],
    candidatePool: [],
    hallucinations: [],
    fallbackUsed: false,
    rerankFallback: false,
    latencyMs,
    tokens: { prompt: 0, completion: 0 },
    costUsd: 0,
    error: { code: thrown.code ?? 'case_threw', message: `${thrown.name}: ${thrown.message}` },
  };
}
