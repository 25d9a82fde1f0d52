import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { RunReport } from '../run-report.ts';
import { REPORT_FILES } from '../write-run-report.ts';

/** Tests' synchronous `readRunReport`: `report.json` of a run folder with the traces put back from `traces.jsonl.gz`. */
export function readReportFile(directory: string): RunReport {
  const value = JSON.parse(readFileSync(path.join(directory, REPORT_FILES.report), 'utf8')) as { cases: { id: string; trace: unknown }[] };
  const file = path.join(directory, REPORT_FILES.traces);
  if (existsSync(file)) {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter((line) => line.trim() !== '');
    const traces = new Map(lines.map((line) => JSON.parse(line) as { id: string; trace: unknown }).map((entry) => [entry.id, entry.trace]));
    for (const item of value.cases) if (typeof item.trace === 'string') item.trace = traces.get(item.id) ?? null;
  }
  return RunReport.parse(value);
}
