import { existsSync } from 'node:fs';
import { open, readFile, truncate } from 'node:fs/promises';
import { ClausegateError } from '../../pipeline/errors.ts';
import { CaseResult } from '../report/case-result.ts';

/** The append-only record of a run's finished cases: `reports/<run-id>/journal.jsonl`. */
export interface ResultJournal {
  /** Results recorded before this open, by case id; a later line for the same id replaces an earlier one. */
  readonly recorded: ReadonlyMap<string, CaseResult>;
  /** Appends one result as one line; appends are serialised, so concurrent callers never interleave. */
  append(result: CaseResult): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens (or creates) a run's journal for appending and reads what it already holds. Each result
 * is written as one line ending in a newline, so a process killed mid-write leaves at most one
 * torn line at the end: it is dropped and cut off before anything is appended, and that case runs
 * again. A complete line that is not a valid `CaseResult` throws `report_invalid` with its line.
 */
export async function openResultJournal(file: string): Promise<ResultJournal> {
  const recorded = new Map<string, CaseResult>();
  if (existsSync(file)) {
    const bytes = await readFile(file);
    const end = bytes.lastIndexOf(0x0a) + 1;
    if (end < bytes.length) await truncate(file, end);
    const lines = bytes.subarray(0, end).toString('utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      if (line.trim() === '') continue;
      let parsed: ReturnType<typeof CaseResult.safeParse>;
      try {
        parsed = CaseResult.safeParse(JSON.parse(line));
      } catch (error) {
        throw invalidLine(file, index + 1, (error as Error).message);
      }
      if (!parsed.success) throw invalidLine(file, index + 1, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      recorded.set(parsed.data.id, parsed.data);
    }
  }
  const handle = await open(file, 'a');
  let pending: Promise<void> = Promise.resolve();
  return {
    recorded,
    append(result) {
      const line = `${JSON.stringify(CaseResult.parse(result))}\n`;
      pending = pending.then(() => handle.appendFile(line, 'utf8'));
      return pending;
    },
    async close() {
      await pending.catch(() => undefined);
      await handle.close();
    },
  };
}

function invalidLine(file: string, line: number, detail: string): ClausegateError {
  return new ClausegateError('report_invalid', `${file}:${line} is not a valid case result: ${detail}`, {
    hint: 'the journal was edited or written by another version; start a new run without --resume',
    location: { file, line },
  });
}
