import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurably } from '../../pipeline/store/write-file-durably.ts';
import { renderJunitXml } from './render-junit-xml.ts';
import { renderReportHtml } from './render-report-html.ts';
import { renderSummaryMarkdown } from './render-summary-markdown.ts';
import { RunReport } from './run-report.ts';

/** The files of a finished run, inside its folder. */
export const REPORT_FILES = {
  report: 'report.json',
  cases: 'cases.jsonl',
  summary: 'summary.md',
  junit: 'junit.xml',
  html: 'report.html',
} as const;

/**
 * Validates the report against its schema, then writes its views (`cases.jsonl`, `summary.md`,
 * `junit.xml`, `report.html`) and finally `report.json` (temporary file, then rename): a folder with
 * `report.json` is a finished run with every view written. Returns the paths written.
 */
export async function writeRunReport(directory: string, report: RunReport): Promise<Record<keyof typeof REPORT_FILES, string>> {
  const valid = RunReport.parse(report);
  await mkdir(directory, { recursive: true });
  const file = (name: keyof typeof REPORT_FILES) => path.join(directory, REPORT_FILES[name]);
  await writeFileDurably(file('cases'), valid.cases.map((result) => `${JSON.stringify(result)}\n`).join(''));
  await writeFileDurably(file('summary'), renderSummaryMarkdown(valid));
  await writeFileDurably(file('junit'), renderJunitXml(valid));
  await writeFileDurably(file('html'), renderReportHtml(valid));
  const temporary = `${file('report')}.${process.pid}.tmp`;
  try {
    await writeFileDurably(temporary, `${JSON.stringify(valid, null, 2)}\n`);
    await rename(temporary, file('report'));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { report: file('report'), cases: file('cases'), summary: file('summary'), junit: file('junit'), html: file('html') };
}
