import { describe, expect, it } from 'vitest';
import { formatGoldenProblem } from './format-golden-problem.ts';
import { BaselineCase } from './golden-case.ts';
import { parseGoldenLines } from './parse-golden-lines.ts';

const good = JSON.stringify({
  id: 'a',
  question: 'What is the fee?',
  should_refuse: false,
  evidence: [{ doc: 'fees.pdf', page: 1, quote: 'Device $134.50' }],
  answer_terms: ['$134.50'],
  category: 'fees_lookup',
});

describe('parseGoldenLines', () => {
  it('keeps the file and 1-based line of each case, skipping blank lines', () => {
    const result = parseGoldenLines(`\uFEFF${good}\n\n  \n${good.replace('"a"', '"b"')}\n`, 'golden/cme/baseline.jsonl', BaselineCase);
    expect(result.problems).toEqual([]);
    expect(result.entries.map((entry) => [entry.value.id, entry.location])).toEqual([
      ['a', { file: 'golden/cme/baseline.jsonl', line: 1 }],
      ['b', { file: 'golden/cme/baseline.jsonl', line: 4 }],
    ]);
  });

  it('reports a malformed line by file:line and the dotted field at fault', () => {
    const bad = good.replace('"page":1', '"page":"one"');
    const result = parseGoldenLines(`${good}\n${bad}`, 'golden/cme/baseline.jsonl', BaselineCase);
    expect(result.entries).toHaveLength(1);
    expect(result.problems).toEqual([
      { file: 'golden/cme/baseline.jsonl', line: 2, field: 'evidence.0.page', message: 'Invalid input: expected number, received string' },
    ]);
    expect(formatGoldenProblem(result.problems[0]!)).toBe(
      'golden/cme/baseline.jsonl:2: evidence.0.page: Invalid input: expected number, received string',
    );
  });

  it('reports bad JSON and non-object lines without a field', () => {
    const result = parseGoldenLines('{"id": "a",\n[1, 2]', 'b.jsonl', BaselineCase);
    expect(result.problems.map((problem) => [problem.line, problem.field, problem.message.split(':')[0]])).toEqual([
      [1, undefined, 'not valid JSON'],
      [2, undefined, 'each line must hold one JSON object'],
    ]);
    expect(formatGoldenProblem(result.problems[1]!)).toBe('b.jsonl:2: each line must hold one JSON object');
  });

  it('names missing and unknown fields', () => {
    const line = JSON.stringify({ id: 'a', question: 'q?', shouldRefuse: false, category: 'x' });
    const result = parseGoldenLines(line, 'b.jsonl', BaselineCase);
    expect(result.problems).toEqual([
      { file: 'b.jsonl', line: 1, field: 'should_refuse', message: 'required field is missing (expected boolean)' },
      { file: 'b.jsonl', line: 1, field: 'shouldRefuse', message: 'unknown field (fields are snake_case: should_refuse, answer_terms, base_id)' },
    ]);
  });
});
