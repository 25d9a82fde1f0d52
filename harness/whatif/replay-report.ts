import { answerQuestion } from '../../pipeline/answer-question.ts';
import type { AnswerResult } from '../../pipeline/answer-result.ts';
import type { StageMemo } from '../../pipeline/remember-stage.ts';
import type { ClausegateConfig } from '../../pipeline/config/config-schema.ts';
import { createGenerator } from '../../pipeline/providers/create-generator.ts';
import type { Generator } from '../../pipeline/providers/generator.ts';
import { configForSource } from '../../pipeline/open-answer-pipeline.ts';
import { buildRunReport } from '../report/build-run-report.ts';
import type { CaseResult } from '../report/case-result.ts';
import type { RunReport } from '../report/run-report.ts';
import { digestConfig } from '../run/digest-config.ts';
import type { SuiteCase } from '../run/prepare-cases.ts';
import type { TokenPricing } from '../run/observe-answer.ts';
import { runSuite } from '../run/run-suite.ts';
import type { DocumentAliases, ExpectedCase, LoadedGates } from '../score/index.ts';
import type { DecisionKey } from './create-decision-key.ts';
import { createReplayPipeline, type ReplayIndexData } from './create-replay-pipeline.ts';
import { findUnreplayableReason } from './find-unreplayable-reason.ts';

/**
 * How a case's what-if result was obtained: `replayed` (every decision recomputed; no new answer
 * was needed, or it is the stored one), `generated` (the gate now lets new evidence through and
 * the offline extractive generator answered, as a real offline run would), `needs_new_answer`
 * (new evidence, but the report's generator is a model: the stored result is kept and counted),
 * `needs_rerun` (the trace cannot say: the case failed, its chunks left the index, or the floor
 * would admit candidates the trace never stored), `replay_mismatch` (replaying the stored config
 * did not reproduce the stored result, so the case's what-if is not trusted; stored result kept).
 */
export type ReplayStatus = 'replayed' | 'generated' | 'needs_new_answer' | 'needs_rerun' | 'replay_mismatch';

/** One case after replay. */
export interface ReplayedCase {
  id: string;
  replay: ReplayStatus;
  /** Why, for `needs_rerun` and `replay_mismatch`. */
  note?: string;
  /** The case result scored from the replayed trace (the stored one when not replayed). */
  result: CaseResult;
}

/** Input of `replayReport`. */
export interface ReplayReportInput {
  report: RunReport;
  /** The config the report was run with. */
  reportConfig: ClausegateConfig;
  /** The config to replay with: `reportConfig` itself for a self-check, or a what-if config. */
  config: ClausegateConfig;
  index: ReplayIndexData;
  /** Byte-identical duplicate documents of the index (as the suite check derives them from the manifest). */
  docAliases: DocumentAliases;
  /** The gates the replayed report is judged by. */
  gates: LoadedGates;
  now: () => Date;
  /** Cases whose replay did not reproduce the stored run (see `findReplayMismatches`): kept as stored. */
  mismatches?: ReadonlyMap<string, string>;
  /** Id of the replayed report; default `<runId>-whatif`. */
  runId?: string;
  warnings?: readonly string[];
  /** Replayed cases to reuse across the values of a sweep (see `ReplayMemo`). */
  memo?: ReplayMemo;
  /**
   * The stage outputs of each trace's replays (see `StageMemo`), shared by the replays of one
   * what-if (its self-check and its change) or one sweep: a case replayed under a setting its
   * rerank and gate stages do not read reuses their outputs. Default none: every stage runs.
   */
  stageMemos?: StageMemos;
}

/** A stage memo per stored trace (see `ReplayReportInput.stageMemos`); replays of one index only. */
export type StageMemos = WeakMap<AnswerResult, StageMemo>;

/**
 * The replayed cases of a sweep, by case and decision key: a case whose key under the config
 * being replayed is one it already had is not replayed again, its result is taken from here. The
 * reused result's trace texts are those of the value first replayed (a floor's value in a detail),
 * so a memo serves a sweep, which reads decisions and scores, not a what-if's written report.
 */
export interface ReplayMemo {
  /** The key of the setting the sweep varies (see `createDecisionKey`). */
  keyOf: DecisionKey;
  results: Map<string, ReplayedCase>;
}

/** The replayed report (metrics and gates recomputed) and how each case was obtained. */
export interface ReplayedReport {
  report: RunReport;
  cases: ReplayedCase[];
}

/**
 * Replays every case of a report under `config` with no provider call (see
 * `createReplayPipeline`), scores each replayed trace with the harness's own scorer (through
 * `runSuite`, as a run does), and builds the report with metrics and gates recomputed. Cases that
 * cannot be replayed keep their stored result and say why.
 */
export async function replayReport(input: ReplayReportInput): Promise<ReplayedReport> {
  const { report, config } = input;
  // The offline generator exactly as a run builds it (the pipeline's own factory, so settings it reads cannot drift).
  const extractive = report.versions.generator.startsWith('offline-extractive/')
    ? createGenerator({ ...configForSource(config, report.suite.source), provider: 'offline' }, { openaiApiKey: undefined, openaiBaseUrl: undefined }, config.sources[report.suite.source])
    : undefined;
  const pricing = report.options.provider === 'openai' ? config.openai.pricing : undefined;
  const embedderName = report.versions.embedder.split('/')[0] ?? '';
  const cases: ReplayedCase[] = [];

  for (const stored of report.cases) {
    const keep = (replay: ReplayStatus, note?: string) => cases.push({ id: stored.id, replay, ...(note !== undefined ? { note } : {}), result: stored });
    const mismatch = input.mismatches?.get(stored.id);
    if (mismatch !== undefined) {
      keep('replay_mismatch', mismatch);
      continue;
    }
    const reason = findUnreplayableReason({ result: stored, index: input.index, reportConfig: input.reportConfig, config, embedderName });
    if (reason !== undefined) {
      keep('needs_rerun', reason);
      continue;
    }
    const trace = stored.trace!;
    const memoKey = input.memo === undefined ? undefined : `${stored.id}\u0000${input.memo.keyOf(trace, config)}`;
    const known = memoKey === undefined ? undefined : input.memo!.results.get(memoKey);
    if (known !== undefined) {
      cases.push(known);
      continue;
    }
    const replayedCase = await replayCase(stored, { ...input, extractive, pricing });
    cases.push(replayedCase);
    if (memoKey !== undefined) input.memo!.results.set(memoKey, replayedCase);
  }

  const finishedAt = input.now().toISOString();
  const replayedReport = buildRunReport({
    runId: input.runId ?? `${report.runId}-whatif`,
    kind: 'run',
    suite: report.suite,
    startedAt: report.startedAt,
    finishedAt: finishedAt < report.startedAt ? report.startedAt : finishedAt,
    options: report.options,
    shards: report.shards,
    versions: { ...report.versions, policy: config.policyVersion },
    configDigest: digestConfig(config),
    gates: input.gates,
    gateScope: report.gateScope,
    cases: cases.map((item) => item.result),
    warnings: input.warnings ?? [],
  });
  return { report: replayedReport, cases };
}

/** Replays one replayable case under `input.config` and scores it (see `replayReport`). */
async function replayCase(stored: CaseResult, input: ReplayReportInput & { extractive: Generator | undefined; pricing: TokenPricing | undefined }): Promise<ReplayedCase> {
  const trace = stored.trace!;
  const replay = createReplayPipeline({ config: input.config, source: input.report.suite.source, index: input.index, versions: input.report.versions, trace, extractive: input.extractive });
  const replayed = await answerQuestion(replay.pipeline, stored.question, { stageMemo: stageMemoOf(input.stageMemos, trace) });
  const generation = replay.generation();
  if (generation === 'needs_new_answer') {
    return { id: stored.id, replay: 'needs_new_answer', note: 'the gate now passes new evidence; the report was answered by a model, so this needs a new answer (stored result kept)', result: stored };
  }
  // A model's answer on the stored evidence is the stored answer.
  const answer = generation === 'same_evidence' && input.extractive === undefined ? trace : replayed;
  const [result] = await runSuite({ cases: [toSuiteCase(stored, input.docAliases)], answer: async () => answer, concurrency: 1, now: input.now, pricing: input.pricing });
  return { id: stored.id, replay: generation === 'generated' ? 'generated' : 'replayed', result: result! };
}

/** The trace's stage memo in `memos`, made on its first replay; none without `memos`. */
function stageMemoOf(memos: StageMemos | undefined, trace: AnswerResult): StageMemo | undefined {
  if (memos === undefined) return undefined;
  let memo = memos.get(trace);
  if (memo === undefined) {
    memo = new Map<string, unknown>();
    memos.set(trace, memo);
  }
  return memo;
}

/** The runnable case a stored result was scored as, rebuilt from what the result records. */
function toSuiteCase(result: CaseResult, docAliases: DocumentAliases): SuiteCase {
  const shared = {
    id: result.id,
    answerTerms: result.expected.answerTerms,
    question: result.question,
    quotes: result.expected.evidence.map((item) => item.quote),
    evidence: result.expected.evidence.map((item) => ({ doc: item.doc, page: item.page, start: item.start, end: item.end, ...(item.copies === undefined ? {} : { copies: item.copies }) })),
    refusal: result.expected.refusal,
    docAliases,
  };
  const expected: ExpectedCase =
    result.kind === 'perturbation'
      ? {
          ...shared,
          kind: 'perturbation',
          ...(result.baseId !== undefined ? { baseId: result.baseId } : {}),
          ...(result.perturbationKind !== undefined ? { perturbationKind: result.perturbationKind } : {}),
          ...(result.expect !== undefined ? { expect: result.expect } : {}),
          expectation: result.expected.expectation,
        }
      : { ...shared, kind: 'baseline', category: result.category, expectation: result.expected.expectation };
  return {
    id: result.id,
    kind: result.kind,
    ...(result.baseId !== undefined ? { baseId: result.baseId } : {}),
    ...(result.perturbationKind !== undefined ? { perturbationKind: result.perturbationKind } : {}),
    ...(result.expect !== undefined ? { expect: result.expect } : {}),
    category: result.category,
    question: result.question,
    location: result.location,
    evidence: result.expected.evidence,
    expected,
  };
}
