import { formatRate } from '../report/format-rate.ts';
import type { RunReport } from '../report/run-report.ts';

/** The hidden first line the workflow finds its own comment by, to update it in place. */
export const COMMENT_MARKER = '<!-- clausegate-quality-gate -->';

/** GitHub refuses comments over 65,536 characters. */
const MAX_COMMENT_CHARS = 60_000;

/**
 * One pull-request comment for the runs of a workflow: a line per suite (gates, cases passed, the
 * gates that failed with their measured value against the threshold), then the failing cases of
 * each suite by id, cut to stay within a comment. `detailsUrl` links the run's job summary.
 */
export function renderPullRequestComment(reports: readonly RunReport[], detailsUrl?: string): string {
  const failedSuites = reports.filter((report) => !report.passed);
  const lines = [
    COMMENT_MARKER,
    `### clausegate quality gate: ${reports.length === 0 ? 'no suite ran' : failedSuites.length === 0 ? `passed (${reports.length} suites)` : `failed (${failedSuites.map((report) => report.suite.name).join(', ')})`}`,
    '',
    '| suite | gates | cases passed | failed gates |',
    '| --- | --- | --- | --- |',
  ];
  for (const report of reports) {
    const passed = report.cases.filter((result) => result.outcome === 'passed').length;
    const failedGates = report.gates.filter((gate) => gate.status === 'failed');
    const gates = report.gates.filter((gate) => gate.status !== 'not_applicable');
    lines.push(
      `| ${report.suite.name} | ${report.passed ? '✅' : '❌'} ${gates.length - failedGates.length}/${gates.length} | ${passed}/${report.cases.length} | ${
        failedGates.map((gate) => `${gate.id} ${formatRate(gate.actual)} (${gate.comparison} ${formatRate(gate.threshold)})`).join('; ') || '—'
      } |`,
    );
  }
  for (const report of reports) {
    const failing = report.cases.filter((result) => result.outcome !== 'passed');
    if (failing.length === 0) continue;
    lines.push('', `<details><summary>${report.suite.name}: ${failing.length} failing cases</summary>`, '', failing.map((result) => `\`${result.id}\``).join(' '), '', '</details>');
  }
  if (detailsUrl) lines.push('', `Reports and the full summary: ${detailsUrl}`);
  let comment = `${lines.join('\n')}\n`;
  if (comment.length > MAX_COMMENT_CHARS) comment = `${comment.slice(0, MAX_COMMENT_CHARS)}\n\n…cut: see the job summary.\n`;
  return comment;
}
