import { describeCase } from './describe-case.ts';
import type { RunReport } from './run-report.ts';

/**
 * `junit.xml`: one `<testsuite>` of gates (one testcase per gate; a not-applicable gate is
 * skipped) and one per population of cases (one testcase per case; a failed case has a
 * `<failure>`, an error case an `<error>`), for CI test reporters.
 */
export function renderJunitXml(report: RunReport): string {
  const suites: string[] = [];
  const gateCases = report.gates.map((gate) => {
    const body =
      gate.status === 'failed'
        ? `<failure type="gate_failed" message="${escapeXml(gate.message)}">${escapeXml(gate.message)}</failure>`
        : gate.status === 'not_applicable'
          ? `<skipped message="${escapeXml(gate.warning ?? gate.message)}"/>`
          : '';
    return `    <testcase classname="${escapeXml(`${report.suite.name}.gates`)}" name="${escapeXml(gate.id)}" time="0">${body}${gate.status === 'passed' ? `<system-out>${escapeXml(gate.message)}</system-out>` : ''}</testcase>`;
  });
  suites.push(testsuite(`${report.suite.name}.gates`, gateCases.length, report.gates.filter((gate) => gate.status === 'failed').length, 0, report.gates.filter((gate) => gate.status === 'not_applicable').length, 0, gateCases));

  for (const population of ['baseline', 'perturb'] as const) {
    const results = report.cases.filter((result) => (result.kind === 'baseline') === (population === 'baseline'));
    if (results.length === 0) continue;
    const cases = results.map((result) => {
      const description = describeCase(result);
      const seconds = (result.timing.durationMs / 1000).toFixed(3);
      const detail = escapeXml([`question: ${result.question}`, `expected: ${description.expected}`, `got: ${description.got}`, ...description.reasons.map((reason) => `reason: ${reason}`), `at: ${result.location.file}:${result.location.line}`].join('\n'));
      const message = escapeXml(description.reasons.join('; ') || description.got);
      const body =
        result.outcome === 'failed'
          ? `<failure type="${escapeXml(result.score.failures[0]?.reason ?? 'failed')}" message="${message}">${detail}</failure>`
          : result.outcome === 'error'
            ? `<error type="${escapeXml(result.score.error?.code ?? 'error')}" message="${message}">${detail}</error>`
            : '';
      return `    <testcase classname="${escapeXml(`${report.suite.name}.${population}.${result.category}`)}" name="${escapeXml(result.id)}" time="${seconds}">${body}</testcase>`;
    });
    const time = results.reduce((total, result) => total + result.timing.durationMs, 0) / 1000;
    suites.push(
      testsuite(
        `${report.suite.name}.${population}`,
        results.length,
        results.filter((result) => result.outcome === 'failed').length,
        results.filter((result) => result.outcome === 'error').length,
        0,
        time,
        cases,
      ),
    );
  }
  const tests = report.gates.length + report.cases.length;
  const failures = report.gates.filter((gate) => gate.status === 'failed').length + report.cases.filter((result) => result.outcome === 'failed').length;
  const errors = report.cases.filter((result) => result.outcome === 'error').length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`clausegate ${report.runId}`)}" tests="${tests}" failures="${failures}" errors="${errors}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function testsuite(name: string, tests: number, failures: number, errors: number, skipped: number, time: number, cases: string[]): string {
  return [`  <testsuite name="${escapeXml(name)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time.toFixed(3)}">`, ...cases, '  </testsuite>'].join('\n');
}

// XML 1.0 forbids most control characters even when escaped; they are dropped.
function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;');
}
