import { renderComparisonMarkdown } from '../compare/render-comparison-markdown.ts';
import type { CaseResult } from '../report/index.ts';
import type { WhatIfResult } from './run-what-if.ts';

/** How each case of a what-if was obtained, in words. */
export const REPLAY_WORDS = {
  replayed: 'recomputed',
  generated: 'new answer from the extractive generator',
  needs_new_answer: 'needs a new answer (model)',
  needs_rerun: 'needs a rerun',
  replay_mismatch: 'kept as stored (self-check)',
} as const;

/**
 * A what-if in Markdown: the settings applied, how every case was obtained (recomputed, answered
 * anew offline, needing a model or a rerun), the decisions that change (answered ↔ refused, or a
 * different refusal reason), then the full comparison with the run as stored.
 */
export function renderWhatIfMarkdown(result: WhatIfResult, storedCases: readonly CaseResult[]): string {
  const { counts } = result;
  const settings = result.applied.map((setting) => `\`${setting.path}\` ${JSON.stringify(setting.before)} → ${JSON.stringify(setting.after)}`).join(', ');
  const lines = [
    `## What-if on run \`${result.comparison.base.runId}\`: ${settings || 'no change'}`,
    '',
    ...result.applied.filter((setting) => setting.note !== undefined).map((setting) => `> ${setting.note}`),
    `Recomputed from the stored traces with no model call: ${counts.replayed} recomputed, ${counts.generated} answered anew by the extractive generator, ` +
      `**${counts.needs_new_answer} need a new answer** from the model, ${counts.needs_rerun} need a rerun, ${counts.replay_mismatch} kept as stored by the self-check. ` +
      'Cases needing a new answer or a rerun keep their stored result in the metrics below.',
  ];
  const stored = new Map(storedCases.map((item) => [item.id, item]));
  const changed = result.cases.filter((item) => {
    const before = stored.get(item.id);
    return before !== undefined && (before.score.status !== item.result.score.status || before.score.refusalReason !== item.result.score.refusalReason);
  });
  lines.push('', `### Decisions that change (${changed.length})`, '');
  if (changed.length === 0) lines.push('None: every case keeps its status and refusal reason.');
  else {
    lines.push('| case | expected | as run | what-if | outcome | how |', '| --- | --- | --- | --- | --- | --- |');
    for (const item of changed) {
      const before = stored.get(item.id)!;
      const describe = (value: CaseResult) => `${value.score.status}${value.score.refusalReason !== undefined ? ` (${value.score.refusalReason})` : ''}`;
      lines.push(`| \`${item.id}\` | ${before.expected.expectation} | ${describe(before)} | ${describe(item.result)} | ${before.outcome} → ${item.result.outcome} | ${REPLAY_WORDS[item.replay]} |`);
    }
  }
  const unknown = result.cases.filter((item) => item.replay === 'needs_new_answer' || item.replay === 'needs_rerun' || item.replay === 'replay_mismatch');
  if (unknown.length > 0) {
    lines.push('', `### Not recomputed (${unknown.length})`, '');
    for (const item of unknown) lines.push(`- \`${item.id}\`: ${REPLAY_WORDS[item.replay]}${item.note !== undefined ? `: ${item.note.replace(/\|/g, '\\|')}` : ''}`);
  }
  lines.push('', renderComparisonMarkdown(result.comparison, { level: 3 }).trimEnd());
  return `${lines.join('\n')}\n`;
}
