import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderComparisonMarkdown, type Comparison } from '../compare/index.ts';
import { REPORT_SECTION_FILES } from './report-section-files.ts';
import { writeReportHtml, type WrittenReportHtml } from './write-report-html.ts';

/**
 * Saves `comparison` in the run folder of its head (`comparison.json` and `comparison.md`,
 * replacing an earlier comparison) and rewrites the run's `report.html` with it as the section
 * "Comparison with baseline" (see `writeReportHtml`). Returns what `writeReportHtml` wrote.
 */
export async function addComparisonToReport(directory: string, comparison: Comparison): Promise<WrittenReportHtml> {
  await writeFile(path.join(directory, REPORT_SECTION_FILES.comparison), `${JSON.stringify(comparison, null, 2)}\n`);
  await writeFile(path.join(directory, REPORT_SECTION_FILES.comparisonMarkdown), renderComparisonMarkdown(comparison));
  return writeReportHtml(directory);
}
