import { describe, expect, it } from 'vitest';
import { caseResult, craftReport } from './actions-fixtures.ts';
import { COMMENT_MARKER, renderPullRequestComment } from './render-pull-request-comment.ts';

describe('renderPullRequestComment', () => {
  it('starts with the marker, gives a line per suite with its failed gates, and lists failing cases by id', async () => {
    const passing = await craftReport(Array.from({ length: 60 }, (_, position) => caseResult(`ok-${position}`, position + 1, 'answer', 'answered')));
    const failing = await craftReport([caseResult('fees-pass', 1, 'answer', 'answered'), caseResult('fees-refused', 2, 'answer', 'refused')]);
    const comment = renderPullRequestComment([passing, failing], 'https://example.test/run/1');
    const lines = comment.split('\n');
    expect(lines[0]).toBe(COMMENT_MARKER);
    expect(lines[1]).toBe('### clausegate quality gate: failed (crafted)');
    expect(lines.filter((line) => line.startsWith('| crafted |'))).toHaveLength(2);
    expect(lines.find((line) => line.startsWith('| crafted | ✅'))).toContain('| 60/60 | — |');
    const failedRow = lines.find((line) => line.startsWith('| crafted | ❌'))!;
    expect(failedRow).toContain('| 1/2 |');
    expect(failedRow).toContain('baseline_pass_rate 0.500 (>= 0.950)');
    expect(comment).toContain('<details><summary>crafted: 1 failing cases</summary>');
    expect(comment).toContain('`fees-refused`');
    expect(comment.trimEnd().endsWith('Reports and the full summary: https://example.test/run/1')).toBe(true);
  });

  it('says when every suite passed, and when none ran', async () => {
    const passing = await craftReport([caseResult('ok', 1, 'answer', 'answered')]);
    expect(renderPullRequestComment([passing]).split('\n')[1]).toBe('### clausegate quality gate: passed (1 suites)');
    expect(renderPullRequestComment([]).split('\n')[1]).toBe('### clausegate quality gate: no suite ran');
  });
});
