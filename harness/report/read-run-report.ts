import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatIssues } from '../../pipeline/config/load-config.ts';
import { ClausegateError } from '../../pipeline/errors.ts';
import { RunReport } from './run-report.ts';
import { REPORT_FILES } from './write-run-report.ts';

/**
 * Reads and validates `<directory>/report.json`. Throws `report_invalid` when the folder holds no
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
  const result = RunReport.safeParse(value);
  if (!result.success) {
    throw new ClausegateError('report_invalid', `${file} is not a valid run report:\n${formatIssues(result.error.issues.slice(0, 10))}`, {
      hint: 'it was written by another version of the harness, or edited; rerun that shard',
      location: { file },
    });
  }
  return result.data;
}
