import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { formatIssues } from '../../pipeline/config/load-config.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { RunReport } from './run-report.ts';
import { REPORT_FILES } from './write-run-report.ts';

const decompress = promisify(gunzip);

/**
 * Reads and validates `<directory>/report.json`, with every case's trace put back from
 * `traces.jsonl.gz` (see `writeRunReport`). Throws `report_invalid` when the folder holds no
 * finished run (an unfinished one has `run.json` only) or the report does not match its schema.
 */
export async function readRunReport(directory: string): Promise<RunReport> {
  const file = path.join(directory, REPORT_FILES.report);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const unfinished = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ClausegateError('report_invalid', unfinished ? `${directory} holds no finished run (no ${REPORT_FILES.report})` : `cannot read ${file}: ${(error as Error).message}`, {
      hint: unfinished ? `finish it first: harness run --resume --run-id ${path.basename(directory)}` : 'check the path',
      location: { file },
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClausegateError('report_invalid', `${file} is not valid JSON: ${(error as Error).message}`, { location: { file } });
  }
  await restoreTraces(value, directory);
  const result = RunReport.safeParse(value);
  if (!result.success) {
    throw new ClausegateError('report_invalid', `${file} is not a valid run report:\n${formatIssues(result.error.issues.slice(0, 10))}`, {
      hint: 'it was written by another version of the harness, or edited; rerun that shard',
      location: { file },
    });
  }
  return result.data;
}

/**
 * Puts the traces of a parsed `report.json` back in place, from `traces.jsonl.gz` in `directory`;
 * with no directory (a report read from git) or no traces file, its cases keep no trace (`null`).
 * A report written before traces were stored apart already holds them and is left as it is.
 */
export async function restoreTraces(value: unknown, directory: string | undefined): Promise<void> {
  const cases = (value as { cases?: unknown } | null)?.cases;
  if (!Array.isArray(cases) || !cases.some((item) => typeof (item as { trace?: unknown })?.trace === 'string')) return;
  const file = directory === undefined ? undefined : path.join(directory, REPORT_FILES.traces);
  const traces = new Map<string, unknown>();
  if (file !== undefined && existsSync(file)) {
    let lines: string[];
    try {
      lines = (await decompress(await readFile(file))).toString('utf8').split('\n');
    } catch (error) {
      throw new ClausegateError('report_invalid', `cannot read the traces ${file}: ${(error as Error).message}`, { location: { file }, hint: 'the file is damaged; rerun the suite' });
    }
    for (const [position, line] of lines.entries()) {
      if (line.trim() === '') continue;
      try {
        const entry = JSON.parse(line) as { id: string; trace: unknown };
        traces.set(entry.id, entry.trace);
      } catch (error) {
        throw new ClausegateError('report_invalid', `${file} line ${position + 1} is not JSON: ${(error as Error).message}`, { location: { file, line: position + 1 }, hint: 'the file is damaged; rerun the suite' });
      }
    }
  }
  for (const item of cases as { id: string; trace: unknown }[]) {
    if (typeof item.trace === 'string') item.trace = traces.get(item.id) ?? null;
  }
}
