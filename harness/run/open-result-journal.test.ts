import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClausegateError } from '../../pipeline/errors.ts';
import type { CaseResult } from '../report/case-result.ts';
import { openResultJournal } from './open-result-journal.ts';

/** A minimal valid case result: an error case (the answer function threw), so no trace is needed. */
function createResult(id: string, message = 'boom'): CaseResult {
  return {
    schemaVersion: 1,
    id,
    kind: 'baseline',
    category: 'fees',
    question: `question ${id}?`,
    location: { file: 'golden/x/baseline.jsonl', line: 1 },
    expected: { expectation: 'refuse', answerTerms: [], evidence: [], refusal: 'No.' },
    outcome: 'error',
    score: {
      id,
      kind: 'baseline',
      category: 'fees',
      expectation: 'refuse',
      status: 'failed',
      passed: false,
      failures: [{ reason: 'pipeline_failed', detail: message }],
      evidenceRecall: { overlapped: 0, expected: 0, rate: null },
      poolRecall: { overlapped: 0, expected: 0, rate: null },
      answerTerms: [],
      generatorCalls: 0,
      hallucinations: [],
      fallbackUsed: false,
      rerankFallback: false,
      latencyMs: 1,
      tokens: { prompt: 0, completion: 0 },
      costUsd: 0,
      error: { code: 'case_threw', message },
    },
    trace: null,
    thrown: { name: 'Error', message },
    timing: { startedAt: '2026-11-22T00:00:00.000Z', finishedAt: '2026-11-22T00:00:00.001Z', durationMs: 1 },
  };
}

describe('openResultJournal', () => {
  let directory: string;
  let file: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'clausegate-journal-'));
    file = path.join(directory, 'journal.jsonl');
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('appends one line per result and reads them back on the next open', async () => {
    const journal = await openResultJournal(file);
    expect(journal.recorded.size).toBe(0);
    await Promise.all([journal.append(createResult('a')), journal.append(createResult('b')), journal.append(createResult('c'))]);
    await journal.close();
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(4);
    const reopened = await openResultJournal(file);
    expect([...reopened.recorded.keys()].sort()).toEqual(['a', 'b', 'c']);
    await reopened.close();
  });

  it('drops a torn last line (a kill mid-write) and cuts it off before appending', async () => {
    const journal = await openResultJournal(file);
    await journal.append(createResult('a'));
    await journal.close();
    appendFileSync(file, JSON.stringify(createResult('b')).slice(0, 40));
    const reopened = await openResultJournal(file);
    expect([...reopened.recorded.keys()]).toEqual(['a']);
    await reopened.append(createResult('b'));
    await reopened.close();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as CaseResult).id)).toEqual(['a', 'b']);
  });

  it('lets a later line for the same case replace an earlier one', async () => {
    const journal = await openResultJournal(file);
    await journal.append(createResult('a', 'first'));
    await journal.append(createResult('a', 'second'));
    await journal.close();
    const reopened = await openResultJournal(file);
    expect(reopened.recorded.get('a')?.thrown?.message).toBe('second');
    await reopened.close();
  });

  it('rejects a complete line that is not a case result, naming its line', async () => {
    writeFileSync(file, `${JSON.stringify(createResult('a'))}\n{"schemaVersion":1,"id":"b"}\n`);
    const error = await openResultJournal(file).catch((caught: unknown) => caught);
    expect(isClausegateError(error, 'report_invalid')).toBe(true);
    expect((error as Error).message).toContain('journal.jsonl:2');
  });
});
