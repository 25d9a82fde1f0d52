import { joinToWidth, wrapToWidth } from '../cli-support/fit-to-width.ts';
import { renderTerminalTable } from '../cli-support/render-terminal-table.ts';
import { renderComparisonText } from '../compare/render-comparison-text.ts';
import type { CaseResult } from '../report/index.ts';
import { REPLAY_WORDS } from './render-what-if-markdown.ts';
import type { WhatIfResult } from './run-what-if.ts';

/**
 * A what-if for a terminal (`harness whatif`): the settings applied, how every case was obtained,
 * the decisions that change (a table), the cases not recomputed, then the comparison with the run
 * as stored (`renderComparisonText`); no line wider than `width`. The Markdown twin is
 * `renderWhatIfMarkdown`.
 */
export function renderWhatIfText(result: WhatIfResult, storedCases: readonly CaseResult[], options: { width: number }): string {
  const { width } = options;
  const { counts } = result;
  const settings = result.applied.map((setting) => `${setting.path} ${JSON.stringify(setting.before)} → ${JSON.stringify(setting.after)}`).join(', ');
  const lines = [
    wrapToWidth(`What-if on run ${result.comparison.base.runId}: ${settings || 'no change'}`, width),
    ...result.applied.filter((setting) => setting.note !== undefined).map((setting) => wrapToWidth(`note: ${setting.note}`, width)),
    joinToWidth(
      [
        `From the stored traces, no model call: ${counts.replayed} recomputed`,
        `${counts.generated} answered anew (extractive)`,
        `${counts.needs_new_answer} need a new answer (model)`,
        `${counts.needs_rerun} need a rerun`,
        `${counts.replay_mismatch} kept as stored (self-check)`,
      ],
      width,
    ),
  ];
  if (counts.needs_new_answer + counts.needs_rerun > 0) lines.push(wrapToWidth('Cases needing a new answer or a rerun keep their stored result in the metrics below.', width));
  const stored = new Map(storedCases.map((item) => [item.id, item]));
  const changed = result.cases.filter((item) => {
    const before = stored.get(item.id);
    return before !== undefined && (before.score.status !== item.result.score.status || before.score.refusalReason !== item.result.score.refusalReason);
  });
  lines.push('', `Decisions that change (${changed.length}):`);
  if (changed.length === 0) lines.push('  none: every case keeps its status and refusal reason');
  else {
    const describe = (value: CaseResult) => `${value.score.status}${value.score.refusalReason !== undefined ? ` (${value.score.refusalReason})` : ''}`;
    lines.push(
      renderTerminalTable(
        ['case', 'expected', 'as run → what-if', 'outcome', 'how'],
        changed.map((item) => {
          const before = stored.get(item.id)!;
          return [item.id, before.expected.expectation, `${describe(before)} → ${describe(item.result)}`, `${before.outcome} → ${item.result.outcome}`, REPLAY_WORDS[item.replay]];
        }),
        { width },
      ),
    );
  }
  const unknown = result.cases.filter((item) => item.replay === 'needs_new_answer' || item.replay === 'needs_rerun' || item.replay === 'replay_mismatch');
  if (unknown.length > 0) {
    lines.push('', `Not recomputed (${unknown.length}):`);
    for (const item of unknown) lines.push(wrapToWidth(`  - ${item.id}: ${REPLAY_WORDS[item.replay]}${item.note !== undefined ? `: ${item.note}` : ''}`, width, '    '));
  }
  lines.push('', renderComparisonText(result.comparison, { width }));
  return lines.join('\n');
}
