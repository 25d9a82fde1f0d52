import type { z } from 'zod';
import type { GoldenProblem } from './format-golden-problem.ts';

/** Where a golden case was written. */
export interface GoldenLocation {
  file: string;
  /** 1-based line number. */
  line: number;
}

/** A parsed golden line and where it came from. */
export interface GoldenEntry<Case> {
  value: Case;
  location: GoldenLocation;
}

/** What `parseGoldenLines` gives: the lines that parsed, and one problem per fault in the others. */
export interface ParsedGoldenLines<Case> {
  entries: GoldenEntry<Case>[];
  problems: GoldenProblem[];
}

/**
 * Parses JSONL text against `schema`, one object per line. Blank lines are skipped. A line that is
 * not JSON gives one problem without a field; a line that breaks the schema gives one problem per
 * zod issue, each naming the dotted field at fault. Never throws for bad content.
 */
export function parseGoldenLines<Schema extends z.ZodType>(
  text: string,
  file: string,
  schema: Schema,
): ParsedGoldenLines<z.infer<Schema>> {
  const entries: GoldenEntry<z.infer<Schema>>[] = [];
  const problems: GoldenProblem[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, content] of lines.entries()) {
    const line = index + 1;
    // A byte-order mark at the start of the file is not part of the JSON.
    const trimmed = (index === 0 ? content.replace(/^\uFEFF/, '') : content).trim();
    if (trimmed === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      problems.push({ file, line, message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ file, line, message: 'each line must hold one JSON object' });
      continue;
    }
    const result = schema.safeParse(value);
    if (result.success) {
      entries.push({ value: result.data, location: { file, line } });
      continue;
    }
    for (const issue of result.error.issues) problems.push(...problemsFromIssue(issue, file, line));
  }
  return { entries, problems };
}

function problemsFromIssue(issue: z.core.$ZodIssue, file: string, line: number): GoldenProblem[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      file,
      line,
      field: [...path, key].join('.'),
      message: 'unknown field (fields are snake_case: should_refuse, answer_terms, base_id)',
    }));
  }
  const message = /received undefined$/.test(issue.message)
    ? `required field is missing (${issue.message.replace(/^Invalid input: /, '').replace(/, received undefined$/, '')})`
    : issue.message;
  return [{ file, line, ...(path.length > 0 ? { field: path.join('.') } : {}), message }];
}
