import path from 'node:path';
import { describeCase } from '../report/describe-case.ts';
import { renderSummaryMarkdown } from '../report/render-summary-markdown.ts';
import type { RunReport } from '../report/run-report.ts';
import { REPORT_FILES } from '../report/write-run-report.ts';
import type { ActionsAdapter } from './actions-adapter.ts';

/** GitHub shows at most this many warning annotations of one step; further failing cases are counted in a notice. */
export const MAX_CASE_ANNOTATIONS = 10;

/** A job summary may hold 1 MiB; a longer summary is cut with a pointer to the artifact. */
const MAX_SUMMARY_BYTES = 1_000_000;

/** What was published, for the caller's log and for tests. */
export interface PublishedToActions {
  summaryBytes: number;
  /** Annotations issued, by kind. */
  annotations: { error: number; warning: number; notice: number };
  outputs: Record<string, string>;
}

/**
 * Publishes a finished run (or merge) to GitHub Actions: the report's Markdown summary as the job
 * summary; an `::error` annotation for each failed gate (on the gates file) — the only errors —
 * and a `::warning` for each case that did not pass, on its golden file and line, up to
 * `MAX_CASE_ANNOTATIONS` with a notice for the rest; and the step outputs `pass`, `report-path`, `report-dir`, `run-id`, `gate-scope`,
 * `cases`, `failed-cases`, `failed-gates`, and per gate `gate-<id>` (the measured rate, empty when
 * not applicable) and `gate-<id>-status`. A shard's gates are measured, not enforced: they are
 * not annotated as errors. `reportDir` is the run folder, as the workflow sees it.
 */
export async function publishToActions(report: RunReport, reportDir: string, actions: ActionsAdapter): Promise<PublishedToActions> {
  const annotations = { error: 0, warning: 0, notice: 0 };
  const reportPath = path.join(reportDir, REPORT_FILES.report);

  let summary = renderSummaryMarkdown(report);
  if (Buffer.byteLength(summary, 'utf8') > MAX_SUMMARY_BYTES) {
    summary = `${summary.slice(0, MAX_SUMMARY_BYTES - 400)}\n\n…cut: the summary is longer than a job summary may be. The whole one is \`${path.join(reportDir, REPORT_FILES.summary)}\` in the report artifact.\n`;
  }
  await actions.appendSummary(summary);

  // Errors are for what blocks the merge (a failed gate); a failing case is a warning, so a passing
  // run shows no red annotation.
  if (report.gateScope === 'run') {
    for (const gate of report.gates.filter((item) => item.status === 'failed')) {
      actions.error(gate.message, { title: `gate ${gate.id} failed`, file: report.gatesFile.file });
      annotations.error += 1;
    }
  } else {
    actions.notice(`shard ${report.options.shard?.index}/${report.options.shard?.count} of suite ${report.suite.name}: gates measured on this shard only; harness merge checks them once`, { title: 'shard run' });
    annotations.notice += 1;
  }
  const failing = report.cases.filter((result) => result.outcome !== 'passed');
  for (const result of failing.slice(0, MAX_CASE_ANNOTATIONS)) {
    const description = describeCase(result);
    actions.warning(`${description.reasons.join('; ') || description.got}\nQuestion: ${result.question}\nGot: ${truncate(description.got, 300)}`, {
      title: `${result.id} ${result.outcome === 'error' ? 'errored' : 'failed'} (${result.category})`,
      file: result.location.file,
      startLine: result.location.line,
    });
    annotations.warning += 1;
  }
  if (failing.length > MAX_CASE_ANNOTATIONS) {
    actions.notice(`${failing.length - MAX_CASE_ANNOTATIONS} more failing cases are not annotated (GitHub shows ${MAX_CASE_ANNOTATIONS} per step): see the job summary and ${reportPath}`, { title: 'more failing cases' });
    annotations.notice += 1;
  }
  for (const warning of report.warnings.filter((text) => !text.includes('cannot be told apart from chance')).slice(0, 10)) {
    actions.warning(warning, { title: 'harness warning' });
    annotations.warning += 1;
  }

  const outputs: Record<string, string> = {
    pass: String(report.passed),
    'report-path': reportPath,
    'report-dir': reportDir,
    'run-id': report.runId,
    'gate-scope': report.gateScope,
    cases: String(report.cases.length),
    'failed-cases': String(failing.length),
    'failed-gates': report.gates.filter((gate) => gate.status === 'failed').map((gate) => gate.id).join(','),
  };
  for (const gate of report.gates) {
    outputs[`gate-${gate.id}`] = gate.actual === null ? '' : String(gate.actual);
    outputs[`gate-${gate.id}-status`] = gate.status;
  }
  for (const [name, value] of Object.entries(outputs)) actions.setOutput(name, value);
  return { summaryBytes: Buffer.byteLength(summary, 'utf8'), annotations, outputs };
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
