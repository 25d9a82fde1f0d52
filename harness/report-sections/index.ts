/** The sections a run's report.html carries beside its own: the comparison with a baseline and the threshold sweeps kept in its folder. */
export { addComparisonToReport } from './add-comparison-to-report.ts';
export { REPORT_SECTION_FILES, sweepDirectory } from './report-section-files.ts';
export { writeReportHtml } from './write-report-html.ts';
export type { WrittenReportHtml } from './write-report-html.ts';
