import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { renderJunitXml } from './render-junit-xml.ts';
import { renderReportHtml } from './render-report-html.ts';
import { renderSummaryMarkdown } from './render-summary-markdown.ts';
import { RunReport } from './run-report.ts';

const compress = promisify(gzip);

/** The files of a finished run, inside its folder. */
export const REPORT_FILES = {
  report: 'report.json',
  /** Every case's trace, one JSON line `{"id", "trace"}` per case in report order, gzip-compressed. */
  traces: 'traces.jsonl.gz',
  summary: 'summary.md',
  junit: 'junit.xml',
  html: 'report.html',
} as const;

/**
 * Validates the report against its schema, then writes its views (`summary.md`, `junit.xml`,
 * `report.html`), the traces (`traces.jsonl.gz`: the candidates make up 95% of a report's bytes and
 * compress tenfold) and finally `report.json` without them (temporary file, then rename; its cases
 * say `"trace": "traces.jsonl.gz"`): a folder with `report.json` is a finished run with every file
 * written. `readRunReport` puts the traces back. Returns the paths written.
 */
export async function writeRunReport(directory: string, report: RunReport): Promise<Record<keyof typeof REPORT_FILES, string>> {
  const valid = RunReport.parse(report);
  await mkdir(directory, { recursive: true });
  const file = (name: keyof typeof REPORT_FILES) => path.join(directory, REPORT_FILES[name]);
  await writeFileDurably(file('summary'), renderSummaryMarkdown(valid));
  await writeFileDurably(file('junit'), renderJunitXml(valid));
  await writeFileDurably(file('html'), renderReportHtml(valid));
  const traces = valid.cases.map((result) => `${JSON.stringify({ id: result.id, trace: result.trace })}\n`).join('');
  await writeFileDurably(file('traces'), await compress(traces, { level: 9 }));
  const withoutTraces = { ...valid, cases: valid.cases.map((result) => ({ ...result, trace: REPORT_FILES.traces })) };
  const temporary = `${file('report')}.${process.pid}.tmp`;
  try {
    await writeFileDurably(temporary, `${JSON.stringify(withoutTraces, null, 1)}\n`);
    await rename(temporary, file('report'));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { report: file('report'), traces: file('traces'), summary: file('summary'), junit: file('junit'), html: file('html') };
}
