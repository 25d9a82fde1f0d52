import { describeCase } from './describe-case.ts';
import { formatCount, formatInterval, formatRate } from './format-rate.ts';
import type { RunReport } from './run-report.ts';

/**
 * `summary.md`: the verdict and the gates table first (status in the first column), then every
 * failing case with its question, expected vs got and reasons, then the category breakdown.
 * Suitable for a CI job summary.
 */
export function renderSummaryMarkdown(report: RunReport): string {
  const failedGates = report.gates.filter((gate) => gate.status === 'failed');
  const verdict =
    report.gateScope === 'shard'
      ? `**SHARD ${report.options.shard?.index}/${report.options.shard?.count}** (gates not enforced; \`harness merge\` checks them once)`
      : failedGates.length === 0
        ? `**PASS**: all ${report.gates.length} gates passed`
        : `**FAIL**: ${failedGates.length} of ${report.gates.length} gates failed`;
  const lines = [
    `# ${report.kind === 'merged' ? 'Merged run' : 'Run'} \`${report.runId}\`: ${verdict}`,
    '',
    `Suite \`${report.suite.name}\` (source \`${report.suite.source}\`), ${report.metrics.cases.baseline} baseline and ${report.metrics.cases.perturb} perturbation cases, provider ${report.options.provider}${report.options.replay ? ' (replay)' : ''}. ` +
      `Index \`${report.versions.index}\`, policy \`${report.versions.policy}\`, prompt \`${report.versions.prompt}\`, config \`${report.configDigest.slice(0, 19)}\`, gates \`${report.gatesFile.version}\` (sha256 \`${report.gatesFile.sha256.slice(0, 12)}\`).`,
    '',
    '## Gates',
    '',
    '| status | gate | metric (population) | value | n/d | 95% interval | threshold |',
    '| --- | --- | --- | ---: | ---: | --- | --- |',
    ...report.gates.map(
      (gate) =>
        `| ${gate.status === 'passed' ? 'pass' : gate.status === 'failed' ? '**FAIL**' : 'n/a'} | \`${gate.id}\` | ${gate.metric} (${gate.population}) | ${formatRate(gate.actual)} | ${formatCount(gate.numerator)}/${gate.denominator} | ${formatInterval(gate.interval)} | ${gate.comparison} ${formatRate(gate.threshold)} |`,
    ),
  ];
  if (failedGates.length > 0) lines.push('', ...failedGates.map((gate) => `- \`${gate.id}\`: ${escapeMarkdown(gate.message)}`));
  if (report.warnings.length > 0) lines.push('', ...report.warnings.map((warning) => `- warning: ${escapeMarkdown(warning)}`));

  const failing = report.cases.filter((result) => result.outcome !== 'passed');
  lines.push('', `## Failing cases (${failing.length} of ${report.cases.length})`);
  if (failing.length === 0) lines.push('', 'Every case passed.');
  for (const result of failing) {
    const description = describeCase(result);
    const kind = result.kind === 'baseline' ? 'baseline' : `perturbation ${result.perturbationKind} of \`${result.baseId}\``;
    lines.push(
      '',
      `### \`${result.id}\` (${result.outcome}; ${result.category}; ${kind})`,
      '',
      `- **Question:** ${escapeMarkdown(result.question)}`,
      `- **Expected:** ${escapeMarkdown(description.expected)}`,
      `- **Got:** ${escapeMarkdown(truncate(description.got, 600))}`,
      ...description.reasons.map((reason) => `- **Reason:** ${escapeMarkdown(reason)}`),
      `- **Written at:** \`${result.location.file}:${result.location.line}\``,
    );
  }

  lines.push('', '## Categories', '', '| population | category | cases | passed | failed | errors |', '| --- | --- | ---: | ---: | ---: | ---: |');
  for (const row of report.categories) lines.push(`| ${row.population} | ${escapeMarkdown(row.category)} | ${row.cases} | ${row.passed} | ${row.failed} | ${row.errors} |`);
  return `${lines.join('\n')}\n`;
}

// Intraword underscores and `>` inside a line render as written in GitHub Markdown; the characters
// escaped here would start code, emphasis, HTML or a table cell.
function escapeMarkdown(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*|])/g, '\\$1').replace(/</g, '&lt;');
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
